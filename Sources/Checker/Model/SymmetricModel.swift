/// A model with interchangeable entities, declared rather than hand-coded, as TLC's
/// `SYMMETRY Permutations(S)`: the model names its sets of interchangeable ids and says how a
/// state is renamed under a permutation of them (a mechanical map of its id fields); the
/// Checker tries every permutation and keeps the least state by its bytes. That is an exact
/// canonical form (two states get the same one exactly when a renaming maps one onto the
/// other), at the cost of one renaming per permutation: n! for a set of n. A model whose
/// states are large may hand-tune `canonicalForm(of:)` instead, with a test that holds the
/// two equal on small scopes (myTaxi's `ExhaustiveSymmetry` does this).
public protocol SymmetricModel: Model where State: PlainDataState {
    /// How many ids each interchangeable set has in this model (for example `[3]`: three
    /// resource managers). Ids of set `s` are `0..<symmetricSets[s]`.
    var symmetricSets: [Int] { get }

    /// `state` with every id of every set renamed: id `i` of set `s` becomes
    /// `permutation[s, i]`, in every field that holds one, and what is indexed by ids moves
    /// with them.
    func renamed(_ state: State, by permutation: Permutation) -> State

    /// Every permutation the canonical form tries, the identity first. The default computes
    /// them once per list of set sizes and shares them (`Permutation.shared(ofSets:)`).
    var permutations: [Permutation] { get }
}

/// One permutation of each interchangeable id set of a model.
public struct Permutation: Sendable, Equatable {
    /// `maps[s][i]`: the new id of id `i` of set `s`.
    public let maps: [[Int]]

    public init(maps: [[Int]]) { self.maps = maps }

    public subscript(set: Int, id: Int) -> Int { maps[set][id] }

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
}

extension SymmetricModel {
    public var supportsSymmetry: Bool { true }

    public var permutations: [Permutation] { Permutation.shared(ofSets: symmetricSets) }

    /// The least of the state's renamings under every permutation, comparing bytes.
    public func canonicalForm(of state: State) -> State {
        var least = state
        for permutation in permutations.dropFirst() {
            let candidate = renamed(state, by: permutation)
            let smaller = withUnsafeBytes(of: candidate) { new in withUnsafeBytes(of: least) { old in new.lexicographicallyPrecedes(old) } }
            if smaller { least = candidate }
        }
        return least
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
        ID(index: maps[set.position][id.index])
    }
}
