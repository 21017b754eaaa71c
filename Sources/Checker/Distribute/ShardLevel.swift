/// The states a process keeps at one level of a split search, side by side: keys (`WideKey`),
/// the kind of action that reached each, paths (`ShardPath`, all of one length, end to end)
/// and the states themselves, so that the explorer's check and expansion read them in place.
struct ShardLevel<State> {
    let pathLength: Int
    private(set) var keys: [WideKey] = []
    private(set) var kinds: [UInt32] = []
    private(set) var paths: [UInt32] = []
    /// Empty until rebuilt, for states that do not travel as bytes.
    var states: [State] = []

    init(pathLength: Int) { self.pathLength = pathLength }

    var count: Int { keys.count }

    func path(_ index: Int) -> ArraySlice<UInt32> { paths[(index * pathLength)..<((index + 1) * pathLength)] }

    mutating func append(_ key: WideKey, kind: UInt32, path: [UInt32], state: State?) {
        precondition(path.count == pathLength, "a level's paths are all of one length")
        keys.append(key)
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
        let order = (0..<count).sorted { ShardPath.precedes(path($0), path($1)) }
        var sorted = ShardLevel(pathLength: pathLength)
        sorted.keys.reserveCapacity(count)
        sorted.kinds.reserveCapacity(count)
        sorted.paths.reserveCapacity(paths.count)
        sorted.states.reserveCapacity(states.count)
        for index in order {
            sorted.keys.append(keys[index])
            sorted.kinds.append(kinds[index])
            sorted.paths.append(contentsOf: path(index))
            if !states.isEmpty { sorted.states.append(states[index]) }
        }
        return sorted
    }
}
