/// A key for every id of every interchangeable set in one state, written by
/// `SymmetricModel.signatures(of:into:)`: what the id looks like with every id's name left
/// out (a driver's status and zone, how many rides he drove; never which taxi he has), so that
/// renaming the state gives each id the key it had. The canonical form then tries only the
/// renamings that list each set's ids in the order of their keys, and every order of the ids
/// whose keys tie, instead of every permutation. Every key starts at 0: a set left alone is
/// one tie, and every permutation of it is tried.
///
/// A key that names an id (a taxi's key that holds its driver's number) breaks the form's
/// exactness: `SymmetryCheck` refuses it.
///
/// A view of keys on the stack of the canonical form that asked for them (`withKeys`), so
/// that asking costs no allocation and no copy of the keys; it must not outlive that call.
public struct IDSignatures {
    let keys: UnsafeMutablePointer<UInt64>
    /// Where `SignatureArrangement` sorts, beside the keys.
    let workspace: UnsafeMutablePointer<UInt8>
    /// Set `s` holds positions `starts[s]..<starts[s + 1]`, as in a `Permutation`.
    var starts = InlineArray<9, UInt8>(repeating: 0)
    let sets: Int

    /// The keys and the sorting space, on the stack.
    struct Storage {
        var keys = InlineArray<64, UInt64>(repeating: 0)
        var workspace = InlineArray<128, UInt8>(repeating: 0)
    }

    /// Runs `body` with keys for sets of `sizes`, every key 0.
    @inline(__always)
    static func withKeys<Result>(sizes: [Int], _ body: (inout IDSignatures) -> Result) -> Result {
        var storage = Storage()
        return withUnsafeMutablePointer(to: &storage) { storage in
            let raw = UnsafeMutableRawPointer(storage)
            var signatures = IDSignatures(
                keys: raw.advanced(by: MemoryLayout<Storage>.offset(of: \.keys)!).assumingMemoryBound(to: UInt64.self),
                workspace: raw.advanced(by: MemoryLayout<Storage>.offset(of: \.workspace)!).assumingMemoryBound(
                    to: UInt8.self),
                sizes: sizes)
            return body(&signatures)
        }
    }

    private init(keys: UnsafeMutablePointer<UInt64>, workspace: UnsafeMutablePointer<UInt8>, sizes: [Int]) {
        precondition(sizes.count <= Permutation.maxSets, "at most \(Permutation.maxSets) interchangeable sets")
        self.keys = keys
        self.workspace = workspace
        sets = sizes.count
        var position = 0
        for set in 0..<sizes.count {
            precondition(sizes[set] >= 0, "set \(set) has \(sizes[set]) ids")
            starts[unchecked: set] = UInt8(truncatingIfNeeded: position)
            position += sizes[set]
        }
        precondition(position <= Permutation.capacity, "at most \(Permutation.capacity) interchangeable ids in all")
        for set in sizes.count...Permutation.maxSets { starts[unchecked: set] = UInt8(truncatingIfNeeded: position) }
    }

    /// The key of id `id` of set `set`.
    @inline(__always)
    public subscript(set: Int, id: Int) -> UInt64 {
        get { keys[position(set, id)] }
        nonmutating set { keys[position(set, id)] = newValue }
    }

    /// The key of `id`, a member of `set`.
    @inline(__always)
    public subscript<ID: SymmetricID>(_ set: SymmetricSet<ID>, _ id: ID) -> UInt64 {
        get { self[set.position, id.index] }
        nonmutating set { self[set.position, id.index] = newValue }
    }

    /// How many ids set `set` has.
    public func size(of set: Int) -> Int { Int(starts[set + 1]) - Int(starts[set]) }

    @inline(__always)
    func position(_ set: Int, _ id: Int) -> Int {
        precondition(set >= 0 && set < sets, "no set \(set)")
        let start = Int(starts[unchecked: set])
        precondition(id >= 0 && start &+ id < Int(starts[unchecked: set &+ 1]), "no id \(id) in set \(set)")
        return start &+ id
    }
}

/// The renamings a state's signatures allow, tried in turn: each set's ids sorted by key (ties
/// by id), and every order of each run of tied keys. `permutation` is the current renaming;
/// `advance()` moves to the next, as an odometer over the runs, each run stepping through its
/// orders lexicographically (from ascending ids, so every order comes once).
struct SignatureArrangement {
    /// `order[p]`: the id (within its set) at position `p` of its set's sorted order.
    let order: UnsafeMutablePointer<UInt8>
    /// The runs of two or more tied ids: `runStarts[r]..<runEnds[r]`, positions.
    let runStarts: UnsafeMutablePointer<UInt8>
    let runEnds: UnsafeMutablePointer<UInt8>
    var runs = 0
    /// Whether every set is one run: every permutation is allowed.
    var allTied = true
    var permutation: Permutation

    @inline(__always)
    init(_ signatures: IDSignatures) {
        permutation = Permutation(layoutOf: signatures)
        let order = signatures.workspace
        let keys = signatures.keys
        self.order = order
        runStarts = signatures.workspace + 64
        runEnds = signatures.workspace + 96
        for set in 0..<signatures.sets {
            let first = Int(signatures.starts[unchecked: set])
            let end = Int(signatures.starts[unchecked: set + 1])
            @inline(__always) func key(at position: Int) -> UInt64 { keys[Int(order[position]) &+ first] }
            // Insertion sort by key, stable: tied ids stay in ascending order.
            for position in first..<end {
                let key = keys[position]
                var slot = position
                while slot > first && keys[Int(order[slot - 1]) &+ first] > key {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = UInt8(truncatingIfNeeded: position - first)
            }
            var start = first
            while start < end {
                let runKey = key(at: start)
                var runEnd = start + 1
                while runEnd < end && key(at: runEnd) == runKey { runEnd += 1 }
                if runEnd - start >= 2 {
                    runStarts[runs] = UInt8(truncatingIfNeeded: start)
                    runEnds[runs] = UInt8(truncatingIfNeeded: runEnd)
                    runs += 1
                }
                if runEnd - start != end - first { allTied = false }
                start = runEnd
            }
        }
        write()
    }

    /// Whether there is only one renaming to try.
    var isSingle: Bool { runs == 0 }

    /// The current renaming into `permutation`: the id at position `p` goes to `p`.
    @inline(__always)
    mutating func write() {
        for set in 0..<permutation.sets {
            let first = Int(permutation.starts[unchecked: set])
            let end = Int(permutation.starts[unchecked: set + 1])
            for position in first..<end {
                permutation.targets[unchecked: first &+ Int(order[position])] = UInt8(
                    truncatingIfNeeded: position - first)
            }
        }
    }

    /// Moves to the next allowed renaming; false (and back at the first) when every one has
    /// been given.
    mutating func advance() -> Bool {
        var run = runs - 1
        while run >= 0 {
            if nextOrder(Int(runStarts[run])..<Int(runEnds[run])) {
                write()
                return true
            }
            run -= 1
        }
        return false
    }

    /// The next order of the ids in `range` lexicographically; false, with the ids back in
    /// ascending order, after the last.
    private mutating func nextOrder(_ range: Range<Int>) -> Bool {
        var pivot = range.upperBound - 2
        while pivot >= range.lowerBound && order[pivot] >= order[pivot + 1] { pivot -= 1 }
        if pivot >= range.lowerBound {
            var successor = range.upperBound - 1
            while order[successor] <= order[pivot] { successor -= 1 }
            (order[pivot], order[successor]) = (order[successor], order[pivot])
        }
        var low = pivot + 1
        var high = range.upperBound - 1
        while low < high {
            (order[low], order[high]) = (order[high], order[low])
            low += 1
            high -= 1
        }
        return pivot >= range.lowerBound
    }
}
