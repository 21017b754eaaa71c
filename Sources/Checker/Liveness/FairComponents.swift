/// One instance of one fairness assumption: `Fairness.instance(of:)`'s answer for it.
struct FairInstance: Hashable, Sendable {
    let assumption: Int
    let instance: Int
}

/// The strongly connected components of part of a graph in which a fair behaviour can stay
/// forever, judged on edges (Emerson and Lei): a component is fair when each instance that is
/// enabled in it is taken on one of its own edges, or (weak fairness) is disabled in one of
/// its states, or (strong fairness) is disabled in all of them. A component in which a
/// strongly fair instance is enabled somewhere but never taken inside is not fair as a
/// whole, but a part of it that avoids the states enabling it may be: those states are
/// removed and the rest split again.
struct FairComponents {
    /// For each edge of the graph, the instances it takes.
    let taken: [[FairInstance]]
    /// For each state, the instances enabled there (taken by one of its edges).
    let enabled: [Set<FairInstance>]
    let strengths: [FairnessStrength]

    init<M: Model>(_ graph: StateGraph<M>, fairness: [Fairness<M>]) {
        let taken = graph.edgeActions.map { action in
            fairness.indices.compactMap { a in
                fairness[a].instance(action).map { FairInstance(assumption: a, instance: $0) }
            }
        }
        self.taken = taken
        enabled = (0..<graph.count).map { state in Set(graph.edges(of: state).flatMap { taken[$0] }) }
        strengths = fairness.map(\.strength)
    }

    /// The fair components among `nodes` (indices into `graph`), each a list of states.
    func components<M: Model>(among nodes: [Int], of graph: StateGraph<M>) -> [[Int]] {
        var fair: [[Int]] = []
        var work = [nodes]
        while let part = work.popLast() {
            for component in StronglyConnected.components(among: part, of: graph) {
                let members = Set(component)
                let inside = component.flatMap { state in
                    graph.edges(of: state).filter { members.contains(Int(graph.edgeTargets[$0])) }
                }
                guard !inside.isEmpty else { continue }  // one state and no loop: no cycle
                let takenInside = Set(inside.flatMap { taken[$0] })
                let enabledSomewhere = component.reduce(into: Set<FairInstance>()) { $0.formUnion(enabled[$1]) }
                var starved = false
                var strongNotTaken: Set<FairInstance> = []
                for instance in enabledSomewhere where !takenInside.contains(instance) {
                    if strengths[instance.assumption] == .weak {
                        // Enabled in every state and never taken: every cycle here starves it.
                        if component.allSatisfy({ enabled[$0].contains(instance) }) {
                            starved = true
                            break
                        }
                    } else {
                        strongNotTaken.insert(instance)
                    }
                }
                if starved { continue }
                if strongNotTaken.isEmpty {
                    fair.append(component)
                } else {
                    let rest = component.filter { enabled[$0].isDisjoint(with: strongNotTaken) }
                    if !rest.isEmpty { work.append(rest) }
                }
            }
        }
        return fair
    }
}

/// Tarjan's strongly connected components, without recursion, of the part of a graph that
/// `nodes` names (edges leaving it are ignored), in a fixed order.
enum StronglyConnected {
    static func components<M: Model>(among nodes: [Int], of graph: StateGraph<M>) -> [[Int]] {
        var local: [Int: Int] = [:]
        for (position, node) in nodes.enumerated() { local[node] = position }
        let count = nodes.count
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var result: [[Int]] = []
        var next = 0
        for root in 0..<count where index[root] < 0 {
            // Each frame: a node and the next of its edges to look at.
            var frames: [(node: Int, edge: Int)] = [(root, graph.edgeStart[nodes[root]])]
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = frames.last {
                let end = graph.edgeStart[nodes[node] + 1]
                if edge < end {
                    frames[frames.count - 1].edge += 1
                    guard let target = local[Int(graph.edgeTargets[edge])] else { continue }
                    if index[target] < 0 {
                        index[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, graph.edgeStart[nodes[target]]))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
                if low[node] == index[node] {
                    var component: [Int] = []
                    while true {
                        let member = stack.removeLast()
                        onStack[member] = false
                        component.append(nodes[member])
                        if member == node { break }
                    }
                    result.append(component.sorted())
                }
            }
        }
        return result
    }
}
