extension Model {
    /// The states no deeper than `depth`, breadth first, at most `limit` of them: the small
    /// search that checks of a model's declarations walk (its symmetry, its vocabulary).
    public func statesOfFirstLevels(through depth: Int, limit: Int) -> [State] {
        var found = Array(initialStates.prefix(limit)), seen = Set(found), level = found
        var transitions: [Transition<Action, State>] = []
        for _ in 0..<depth where found.count < limit {
            var next: [State] = []
            for state in level {
                transitions.removeAll(keepingCapacity: true)
                successors(of: state, into: &transitions)
                for transition in transitions where found.count < limit && seen.insert(transition.state).inserted {
                    next.append(transition.state)
                    found.append(transition.state)
                }
            }
            level = next
        }
        return found
    }
}
