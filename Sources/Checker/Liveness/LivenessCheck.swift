/// Liveness properties checked on a model's explored graph under its fairness assumptions.
///
/// A property `P ~> Q` is violated by a fair behaviour that reaches a state where P holds and
/// Q does not, and never reaches Q after: it stays forever in the states where the obligation
/// is pending, either going round a fair component of them or stopping in one where nothing
/// is enabled. The check finds the pending states (a breadth-first search that carries
/// whether an obligation is open), their fair components (`FairComponents`), and then the
/// counterexample: the shortest stem to a state of such a component on which the obligation
/// is open, ties broken by the search's order, and the shortest fair cycle back to that
/// state. The answer is inconclusive, unless a violation is found elsewhere, where the bound
/// decided it: a pending state the depth bound cut, or a fair component (or a stop) of pending
/// states where the scope's bound stopped something, such as a clock at its horizon, past which
/// the behaviour might have gone on and met the goal.
public struct LivenessCheck<M: Model>: Sendable {
    public let graph: StateGraph<M>
    let fairness: [Fairness<M>]
    let components: FairComponents

    public init(graph: StateGraph<M>, fairness: [Fairness<M>]) {
        self.graph = graph
        self.fairness = fairness
        components = FairComponents(graph, fairness: fairness)
    }

    /// The verdict of each instance combined: the first violated, else inconclusive where any
    /// is (the states it counts summed), else holds where any was triggered, else vacuous.
    public func check(_ property: LeadsTo<M>) -> LivenessVerdict<M> {
        var undecided = 0
        var triggered = false
        for instance in 0..<property.instances {
            switch check(property, instance: instance) {
            case .violated(let lasso): return .violated(lasso)
            case .inconclusive(let states): undecided += states
            case .holds: triggered = true
            case .vacuous: break
            }
        }
        return undecided > 0 ? .inconclusive(pendingAtBound: undecided) : triggered ? .holds : .vacuous
    }

    func check(_ property: LeadsTo<M>, instance: Int) -> LivenessVerdict<M> {
        let goal = graph.states.map { property.goal($0, instance) }
        let trigger = graph.states.indices.map {
            property.triggers(graph.states[$0], instance, isInitial: graph.isInitial($0))
        }
        guard trigger.contains(true) else { return .vacuous }
        let search = ObligationSearch(graph: graph, goal: goal, trigger: trigger)
        let pending = graph.states.indices.filter { search.reached(open: true, $0) }
        guard !pending.isEmpty else { return .holds }
        // Where a fair behaviour can stay: a fair component, or a state that stops (nothing
        // enabled, and not because the depth bound stopped it). One that the scope's bound
        // shaped decides nothing.
        var staying = [Int: [Int]]()
        var undecided = pending.filter { graph.cut[$0] }.count
        for component in components.components(among: pending, of: graph) {
            guard !component.contains(where: { graph.atBound[$0] }) else {
                undecided += component.count
                continue
            }
            for state in component { staying[state] = component }
        }
        for state in pending where !graph.cut[state] && graph.edges(of: state).isEmpty {
            if graph.atBound[state] { undecided += 1 } else { staying[state] = [state] }
        }
        guard let end = search.order.first(where: { $0.open && staying[$0.state] != nil }) else {
            return undecided > 0 ? .inconclusive(pendingAtBound: undecided) : .holds
        }
        let stem = search.path(to: end)
        let component = staying[end.state]!
        let cycle =
            component.count == 1 && graph.edges(of: end.state).isEmpty
            ? [] : FairCycle(graph: graph, components: components, component: component).shortest(through: end.state)
        var states = stem.states.map { graph.states[$0] }
        var actions = stem.edges.map { graph.edgeActions[$0] }
        for edge in cycle {
            actions.append(graph.edgeActions[edge])
            states.append(graph.states[Int(graph.edgeTargets[edge])])
        }
        let indices = (stem.edges + cycle).map { graph.position(of: $0) }
        return .violated(
            Lasso(
                states: states, actions: actions, loopStart: stem.edges.count, instance: instance,
                initialIndex: stem.states[0], actionIndices: indices))
    }
}

/// Breadth-first search of the graph with whether an obligation is open: a node is a state
/// and a flag; an obligation opens where the trigger holds and the goal does not, and stays
/// open until a state where the goal holds.
struct ObligationSearch {
    struct Node: Hashable {
        let state: Int
        let open: Bool
    }
    /// Every node reached, in the order reached.
    private(set) var order: [Node] = []
    /// For each node reached, the node and edge it was first reached by (-1: initial).
    private var parent: [Node: (node: Node, edge: Int)] = [:]

    init<M: Model>(graph: StateGraph<M>, goal: [Bool], trigger: [Bool]) {
        for state in 0..<graph.initialCount {
            let node = Node(state: state, open: trigger[state] && !goal[state])
            guard parent[node] == nil else { continue }
            parent[node] = (node, -1)
            order.append(node)
        }
        var next = 0
        while next < order.count {
            let node = order[next]
            next += 1
            for edge in graph.edges(of: node.state) {
                let target = Int(graph.edgeTargets[edge])
                let successor = Node(state: target, open: !goal[target] && (node.open || trigger[target]))
                guard parent[successor] == nil else { continue }
                parent[successor] = (node, edge)
                order.append(successor)
            }
        }
    }

    func reached(open: Bool, _ state: Int) -> Bool { parent[Node(state: state, open: open)] != nil }

    /// The states and edges from an initial state to `node`.
    func path(to node: Node) -> (states: [Int], edges: [Int]) {
        var states = [node.state]
        var edges: [Int] = []
        var current = node
        while let (previous, edge) = parent[current], edge >= 0 {
            edges.append(edge)
            states.append(previous.state)
            current = previous
        }
        return (states.reversed(), edges.reversed())
    }
}
