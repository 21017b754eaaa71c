/// A model's reachable states with every edge between them, as liveness needs them: breadth
/// first from the initial states, each state numbered in the order it was found, each edge
/// kept with its action in the model's fixed order. States at the depth bound, and states the
/// scope's bound stops (`isCut`, a clock at its horizon say), are kept but not expanded: their
/// edges are unknown, so no cycle runs through them and no behaviour is taken to end there.
///
/// Memory: a state, a `Dictionary` entry, and per edge a target (4 bytes) and an action. The
/// graph is built without symmetry reduction: a lasso must be a behaviour of the model.
public struct StateGraph<M: Model>: Sendable {
    public let states: [M.State]
    /// The edges of state `i`: `edgeTargets[edgeStart[i]..<edgeStart[i + 1]]`.
    let edgeStart: [Int]
    let edgeTargets: [Int32]
    let edgeActions: [M.Action]
    /// The initial states are the first `initialCount`.
    let initialCount: Int
    /// Whether a state was left unexpanded by a bound.
    public let cut: [Bool]

    /// Explores `model` to `depth` steps (unbounded when nil); `isCut` names states the
    /// scope's bound stops.
    public init(_ model: M, depth: Int? = nil, isCut: (@Sendable (M.State) -> Bool)? = nil) {
        var states: [M.State] = []
        var index: [M.State: Int32] = [:]
        var level: [Int] = []
        for state in model.initialStates where index[state] == nil {
            index[state] = Int32(states.count)
            states.append(state)
            level.append(0)
        }
        initialCount = states.count
        var edgeStart = [0]
        var edgeTargets: [Int32] = []
        var edgeActions: [M.Action] = []
        var cut: [Bool] = []
        var transitions: [Transition<M.Action, M.State>] = []
        var next = 0
        while next < states.count {
            let state = states[next]
            let stopped = (depth.map { level[next] >= $0 } ?? false) || (isCut?(state) ?? false)
            cut.append(stopped)
            if !stopped {
                transitions.removeAll(keepingCapacity: true)
                model.successors(of: state, into: &transitions)
                for transition in transitions {
                    let target: Int32
                    if let known = index[transition.state] {
                        target = known
                    } else {
                        target = Int32(states.count)
                        index[transition.state] = target
                        states.append(transition.state)
                        level.append(level[next] + 1)
                    }
                    edgeTargets.append(target)
                    edgeActions.append(transition.action)
                }
            }
            edgeStart.append(edgeTargets.count)
            next += 1
        }
        self.states = states
        self.edgeStart = edgeStart
        self.edgeTargets = edgeTargets
        self.edgeActions = edgeActions
        self.cut = cut
    }

    public var count: Int { states.count }
    public var edgeCount: Int { edgeTargets.count }
    func edges(of state: Int) -> Range<Int> { edgeStart[state]..<edgeStart[state + 1] }
    func isInitial(_ state: Int) -> Bool { state < initialCount }
}
