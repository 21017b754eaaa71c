/// One permutation of each interchangeable id set of a model.
///
/// Held inline (at most `Permutation.capacity` ids in all, in at most `Permutation.maxSets`
/// sets), so that a canonical form can build and try renamings without allocating: it runs on
/// every successor the explorer generates.
public struct Permutation: Sendable, Equatable, CustomStringConvertible {
    /// The most ids, all sets together, a permutation holds.
    public static let capacity = 64
    /// The most interchangeable sets a model declares.
    public static let maxSets = 8

    /// `targets[starts[s] + i]`: the new id of id `i` of set `s`.
    var targets = InlineArray<64, UInt8>(repeating: 0)
    /// Set `s` holds positions `starts[s]..<starts[s + 1]`.
    var starts = InlineArray<9, UInt8>(repeating: 0)
    /// How many sets.
    public let sets: Int

    /// The identity on sets of the given sizes.
    public init(identityOfSets sizes: [Int]) {
        precondition(sizes.count <= Self.maxSets, "at most \(Self.maxSets) interchangeable sets")
        precondition(
            sizes.allSatisfy { $0 >= 0 } && sizes.reduce(0, +) <= Self.capacity,
            "at most \(Self.capacity) interchangeable ids in all")
        sets = sizes.count
        var position = 0
        for (set, size) in sizes.enumerated() {
            starts[set] = UInt8(position)
            for id in 0..<size { targets[position + id] = UInt8(id) }
            position += size
        }
        for set in sizes.count...Self.maxSets { starts[set] = UInt8(position) }
    }

    /// A permutation laid out as `signatures`, its targets still to be written.
    init(layoutOf signatures: IDSignatures) {
        sets = signatures.sets
        starts = signatures.starts
    }

    /// `maps[s][i]`: the new id of id `i` of set `s`. Each map must be a permutation of its set.
    public init(maps: [[Int]]) {
        self.init(identityOfSets: maps.map(\.count))
        for (set, map) in maps.enumerated() {
            precondition(Set(map) == Set(0..<map.count), "map \(map) of set \(set) is not a permutation of its ids")
            for (id, to) in map.enumerated() { targets[Int(starts[set]) + id] = UInt8(to) }
        }
    }

    /// The maps as arrays, one per set.
    public var maps: [[Int]] { (0..<sets).map { set in range(of: set).map { Int(targets[$0]) } } }

    /// How many ids set `set` has.
    public func size(of set: Int) -> Int { range(of: set).count }

    @inline(__always)
    func range(of set: Int) -> Range<Int> { Int(starts[set])..<Int(starts[set + 1]) }

    /// The new id of id `id` of set `set`.
    @inline(__always)
    public subscript(set: Int, id: Int) -> Int {
        precondition(set >= 0 && set < sets, "no set \(set)")
        let start = Int(starts[unchecked: set])
        precondition(id >= 0 && start &+ id < Int(starts[unchecked: set &+ 1]), "no id \(id) in set \(set)")
        return Int(targets[unchecked: start &+ id])
    }

    /// Every id in place.
    public var isIdentity: Bool {
        for set in 0..<sets {
            let start = Int(starts[set])
            for position in range(of: set) where Int(targets[position]) != position - start { return false }
        }
        return true
    }

    public static func == (lhs: Permutation, rhs: Permutation) -> Bool {
        guard lhs.sets == rhs.sets else { return false }
        for set in 0...lhs.sets where lhs.starts[set] != rhs.starts[set] { return false }
        for position in 0..<Int(lhs.starts[lhs.sets]) where lhs.targets[position] != rhs.targets[position] {
            return false
        }
        return true
    }

    public var description: String { "\(maps)" }

    /// Every combination of a permutation per set, the identity first.
    public static func all(ofSets sizes: [Int]) -> [Permutation] {
        var combinations: [[[Int]]] = [[]]
        for size in sizes {
            let orders = orderings(of: Array(0..<size))
            combinations = combinations.flatMap { prefix in orders.map { prefix + [$0] } }
        }
        return combinations.map(Permutation.init(maps:))
    }

    /// `all(ofSets:)`, computed once per list of sizes in the process and shared: a canonical
    /// form asks for them on every state, and listing 288 permutations afresh each time cost
    /// more than trying them.
    public static func shared(ofSets sizes: [Int]) -> [Permutation] {
        if let known = computed.withLock({ $0[sizes] }) { return known }
        let all = all(ofSets: sizes)
        computed.withLock { $0[sizes] = all }
        return all
    }

    private static let computed = Locked<[[Int]: [Permutation]]>([:])

    /// Every order of `items`, the given one first.
    static func orderings(of items: [Int]) -> [[Int]] {
        guard let first = items.first else { return [[]] }
        let rest = orderings(of: Array(items.dropFirst()))
        var result: [[Int]] = []
        for order in rest {
            for position in 0...order.count {
                var next = order
                next.insert(first, at: position)
                result.append(next)
            }
        }
        // The identity first, so that a state already in canonical form is kept as it is.
        if let identity = result.firstIndex(of: items), identity != 0 { result.swapAt(0, identity) }
        return result
    }

    /// The permutation that undoes this one.
    public var inverse: Permutation {
        var inverse = self
        for set in 0..<sets {
            let start = Int(starts[set])
            for position in range(of: set) { inverse.targets[start + Int(targets[position])] = UInt8(position - start) }
        }
        return inverse
    }
}

/// An id of an interchangeable set, as a type of its own (a driver's, a taxi's), so that a
/// renaming cannot take one set's id for another's: `permutation[drivers, taxi]` does not
/// compile.
public protocol SymmetricID: Sendable {
    init(index: Int)
    /// The id's position in its set, `0..<count`.
    var index: Int { get }
}

/// One interchangeable set of a model: its position in `symmetricSets`, typed by its ids.
public struct SymmetricSet<ID: SymmetricID>: Sendable {
    public let position: Int
    public init(_ position: Int) { self.position = position }
}

extension Permutation {
    /// The new id of `id`, a member of `set`.
    public subscript<ID: SymmetricID>(_ set: SymmetricSet<ID>, _ id: ID) -> ID {
        ID(index: self[set.position, id.index])
    }
}
