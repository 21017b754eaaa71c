/// Liveness properties checked on a model's explored graph under its fairness assumptions.
///
/// A property `P ~> Q` is violated by a fair behaviour that reaches a state where P holds and
/// Q does not, and never reaches Q after: it stays forever in the states where the obligation
/// is pending, either going round a fair component of them or stopping in one where nothing
/// is enabled. The check finds the pending states (a breadth-first search that carries
/// whether an obligation is open), their fair components (`FairComponents`), and then the
/// counterexample: the shortest stem to a state of such a component on which the obligation
/// is open, ties broken by the search's order, and the shortest fair cycle back to that
/// state. A pending state the bound cut makes the answer inconclusive unless a violation is
/// found: beyond the bound the obligation might stay open forever, or be met.
public struct LivenessCheck<M: Model>: Sendable {
    public let graph: StateGraph<M>
    let fairness: [Fairness<M>]
    let components: FairComponents

    public init(graph: StateGraph<M>, fairness: [Fairness<M>]) {
        self.graph = graph
        self.fairness = fairness
        components = FairComponents(graph, fairness: fairness)
    }

    public func check(_ property: LeadsTo<M>) -> LivenessVerdict<M> {
        let goal = graph.states.map(property.goal)
        let trigger = graph.states.indices.map { property.trigger?(graph.states[$0]) ?? graph.isInitial($0) }
        guard trigger.contains(true) else { return .vacuous }
        let search = ObligationSearch(graph: graph, goal: goal, trigger: trigger)
        let pending = graph.states.indices.filter { search.reached(open: true, $0) }
        guard !pending.isEmpty else { return .holds }
        // Where a fair behaviour can stay: a fair component, or a state that stops (nothing
        // enabled, and not because a bound stopped it).
        var staying = [Int: [Int]]()
        for component in components.components(among: pending, of: graph) {
            for state in component { staying[state] = component }
        }
        for state in pending where !graph.cut[state] && graph.edges(of: state).isEmpty { staying[state] = [state] }
        guard let end = search.order.first(where: { $0.open && staying[$0.state] != nil }) else {
            let cut = pending.filter { graph.cut[$0] }.count
            return cut > 0 ? .inconclusive(pendingAtBound: cut) : .holds
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
        return .violated(Lasso(states: states, actions: actions, loopStart: stem.edges.count))
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
