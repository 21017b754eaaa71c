/// A model's reachable states with every edge between them, as liveness needs them: breadth
/// first from the initial states, each state numbered in the order it was found, each edge
/// kept with its action in the model's fixed order. States at the depth bound are kept but not
/// expanded (`cut`): their edges are unknown, so no cycle runs through them and no behaviour is
/// taken to end there. States where the scope's bound stopped something (`atBound`: a clock at
/// its horizon) are expanded, and flagged: a fair behaviour that stays among them might go on
/// otherwise past the bound, so it proves nothing either way.
///
/// Memory: a state, a `Dictionary` entry, and per edge a target (4 bytes) and an action. The
/// graph is built without symmetry reduction: a lasso must be a behaviour of the model. Given a
/// budget, it stops where it would pass it (`overBudget`): a part of a graph proves no property,
/// but a lasso among the states it expanded is a real one.
public struct StateGraph<M: Model>: Sendable {
    public let states: [M.State]
    /// The edges of state `i`: `edgeTargets[edgeStart[i]..<edgeStart[i + 1]]`.
    let edgeStart: [Int]
    let edgeTargets: [Int32]
    let edgeActions: [M.Action]
    /// The initial states are the first `initialCount`.
    let initialCount: Int
    /// Whether a state was left unexpanded by the depth bound.
    public let cut: [Bool]
    /// Whether the scope's bound stopped something in a state (expanded all the same).
    public let atBound: [Bool]
    /// Levels holding a state, as the explorer counts depth (the initial states are level 1).
    public let levels: Int
    /// The graph would have passed its memory budget, and stopped short of it: not every
    /// reachable state is in it.
    public let overBudget: Bool

    /// Explores `model` to `depth` steps (unbounded when nil); `atBound` names the states where
    /// the scope's bound stopped something. `maxBytes`: the memory it may take while it is built
    /// (`buildingBytes`), nil for no limit.
    public init(
        _ model: M, depth: Int? = nil, atBound isAtBound: (@Sendable (M.State) -> Bool)? = nil, maxBytes: Int? = nil
    ) {
        let limit = maxBytes ?? .max
        var overBudget = false
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
        var atBound: [Bool] = []
        var transitions: [Transition<M.Action, M.State>] = []
        var next = 0
        while next < states.count {
            if Self.buildingBytes(states: states.count, edges: edgeTargets.count) > limit {
                overBudget = true
                break
            }
            let state = states[next]
            let stopped = depth.map { level[next] >= $0 } ?? false
            cut.append(stopped)
            atBound.append(isAtBound?(state) ?? false)
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
        // The states found but not expanded before the budget ran out are cut, as at a depth
        // bound: no cycle runs through them, and a lasso among the others is a real one.
        while cut.count < states.count {
            cut.append(true)
            atBound.append(false)
            edgeStart.append(edgeTargets.count)
        }
        self.states = states
        self.edgeStart = edgeStart
        self.edgeTargets = edgeTargets
        self.edgeActions = edgeActions
        self.cut = cut
        self.atBound = atBound
        self.overBudget = overBudget
        levels = (level.max() ?? -1) + 1
    }

    /// What the graph takes while it is built: what it keeps (`keptBytes`), and per state its
    /// level and an entry of the index (the state again, its number, about half a slot free).
    static func buildingBytes(states: Int, edges: Int) -> Int {
        // The state, its edge offset, its level, its two flags; in the index the state again and its number.
        let perState = 2 * MemoryLayout<M.State>.stride + MemoryLayout<Int>.stride * 2 + 2 + MemoryLayout<Int32>.stride
        return states * (perState + MemoryLayout<M.State>.stride / 2)
            + edges * (MemoryLayout<Int32>.stride + MemoryLayout<M.Action>.stride)
    }

    public var count: Int { states.count }
    public var edgeCount: Int { edgeTargets.count }
    func edges(of state: Int) -> Range<Int> { edgeStart[state]..<edgeStart[state + 1] }
    func isInitial(_ state: Int) -> Bool { state < initialCount }
    /// The position of `edge` among its state's successors, in the model's order.
    func position(of edge: Int) -> Int {
        var low = 0
        var high = edgeStart.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if edgeStart[middle] <= edge { low = middle } else { high = middle }
        }
        return edge - edgeStart[low]
    }

    /// What the graph keeps, in bytes: each state inline, its edge offset and bound flag, and
    /// per edge its target and action. The index that built it (a `Dictionary` of the states)
    /// is gone once it is built; out-of-line storage a state points to is not counted.
    public var keptBytes: Int {
        states.count * (MemoryLayout<M.State>.stride + MemoryLayout<Int>.stride + 1)
            + edgeTargets.count * (MemoryLayout<Int32>.stride + MemoryLayout<M.Action>.stride)
    }
}
