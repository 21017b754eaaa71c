/// The states a process keeps at one level of a split search, side by side: fingerprints,
/// the kind of action that reached each, paths (`ShardPath`, all of one length, end to end)
/// and the states themselves, so that the explorer's check and expansion read them in place.
struct ShardLevel<State> {
    let pathLength: Int
    private(set) var fingerprints: [UInt64] = []
    private(set) var kinds: [UInt32] = []
    private(set) var paths: [UInt32] = []
    /// Empty until rebuilt, for states that do not travel as bytes.
    var states: [State] = []

    init(pathLength: Int) { self.pathLength = pathLength }

    var count: Int { fingerprints.count }

    func path(_ index: Int) -> ArraySlice<UInt32> { paths[(index * pathLength)..<((index + 1) * pathLength)] }

    mutating func append(_ fingerprint: UInt64, kind: UInt32, path: [UInt32], state: State?) {
        precondition(path.count == pathLength, "a level's paths are all of one length")
        fingerprints.append(fingerprint)
        kinds.append(kind)
        paths.append(contentsOf: path)
        if let state { states.append(state) }
    }

    /// Puts another arrival of state `index` in its place: one whose path comes first.
    mutating func replace(_ index: Int, kind: UInt32, path: [UInt32], state: State?) {
        kinds[index] = kind
        paths.replaceSubrange((index * pathLength)..<((index + 1) * pathLength), with: path)
        if let state { states[index] = state }
    }

    /// The same states in the order of their paths: the order of a single process's level.
    func sortedByPath() -> ShardLevel {
        let order = (0..<count).sorted { path($0).lexicographicallyPrecedes(path($1)) }
        var sorted = ShardLevel(pathLength: pathLength)
        sorted.fingerprints.reserveCapacity(count)
        sorted.kinds.reserveCapacity(count)
        sorted.paths.reserveCapacity(paths.count)
        sorted.states.reserveCapacity(states.count)
        for index in order {
            sorted.fingerprints.append(fingerprints[index])
            sorted.kinds.append(kinds[index])
            sorted.paths.append(contentsOf: path(index))
            if !states.isEmpty { sorted.states.append(states[index]) }
        }
        return sorted
    }
}
