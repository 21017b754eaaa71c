/// The shortest fair cycle through a state of a fair component: a cycle that, repeated
/// forever, keeps no fairness instance waiting. Each instance enabled in the component is a
/// requirement: a weakly fair one is met by taking it or by passing a state where it is
/// disabled; a strongly fair one that the component takes is met only by taking it (one that
/// the component never takes is disabled in all its states, or the component would not be
/// fair). The search is breadth-first over a state and the requirements met so far, so the
/// first cycle found is a shortest one; past 64 requirements it meets them one after another,
/// each by the nearest edge, which is fair but may be longer.
struct FairCycle<M: Model> {
    let graph: StateGraph<M>
    let inside: Set<Int>
    /// For each requirement, the instance it is about.
    let requirements: [FairInstance]
    let components: FairComponents

    init(graph: StateGraph<M>, components: FairComponents, component: [Int]) {
        self.graph = graph
        self.components = components
        let inside = Set(component)
        self.inside = inside
        let takenInside = Set(
            component.flatMap { state in
                graph.edges(of: state).filter { inside.contains(Int(graph.edgeTargets[$0])) }.flatMap {
                    components.taken[$0]
                }
            })
        let enabled = component.reduce(into: Set<FairInstance>()) { $0.formUnion(components.enabled[$1]) }
        requirements = enabled.filter { components.strengths[$0.assumption] == .weak || takenInside.contains($0) }
            .sorted { ($0.assumption, $0.instance) < ($1.assumption, $1.instance) }
    }

    /// The requirements met by arriving in `state` (weak ones disabled there).
    func met(at state: Int) -> Set<Int> {
        Set(
            requirements.indices.filter {
                components.strengths[requirements[$0].assumption] == .weak
                    && !components.enabled[state].contains(requirements[$0])
            })
    }

    /// The requirements met by taking `edge` into `target`.
    func met(by edge: Int, into target: Int) -> Set<Int> {
        met(at: target).union(requirements.indices.filter { components.taken[edge].contains(requirements[$0]) })
    }

    /// The edges inside the component from `state`, in the graph's order.
    func edges(from state: Int) -> [Int] {
        graph.edges(of: state).filter { inside.contains(Int(graph.edgeTargets[$0])) }
    }

    func shortest(through start: Int) -> [Int] {
        requirements.count <= 64 ? shortestByMask(through: start) : nearestFirst(through: start)
    }

    private func shortestByMask(through start: Int) -> [Int] {
        func mask(_ set: Set<Int>) -> UInt64 { set.reduce(0) { $0 | 1 << UInt64($1) } }
        let full: UInt64 = requirements.count == 64 ? .max : (1 << UInt64(requirements.count)) - 1
        let first = MaskNode(state: start, mask: mask(met(at: start)))
        var parent: [MaskNode: (node: MaskNode, edge: Int)] = [first: (first, -1)]
        var queue = [first]
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for edge in edges(from: node.state) {
                let target = Int(graph.edgeTargets[edge])
                let successor = MaskNode(state: target, mask: node.mask | mask(met(by: edge, into: target)))
                if target == start && successor.mask == full { return Self.edges(to: node, in: parent) + [edge] }
                guard parent[successor] == nil else { continue }
                parent[successor] = (node, edge)
                queue.append(successor)
            }
        }
        preconditionFailure("a fair component has a fair cycle through each of its states")
    }

    private func nearestFirst(through start: Int) -> [Int] {
        var cycle: [Int] = []
        var at = start
        var done = met(at: start)
        let all = Set(requirements.indices)
        while true {
            // The nearest edge that meets something new, or, with everything met, back to start.
            let finished = done == all
            let leg = path(from: at) { edge, target in
                finished ? target == start : !met(by: edge, into: target).isSubset(of: done)
            }
            for edge in leg { done.formUnion(met(by: edge, into: Int(graph.edgeTargets[edge]))) }
            cycle += leg
            at = Int(graph.edgeTargets[leg.last!])
            if finished { return cycle }
        }
    }

    /// The shortest path of edges inside the component from `state` whose last edge `stop` accepts.
    private func path(from state: Int, until stop: (Int, Int) -> Bool) -> [Int] {
        var parent: [Int: (node: Int, edge: Int)] = [state: (state, -1)]
        var queue = [state]
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for edge in edges(from: node) {
                let target = Int(graph.edgeTargets[edge])
                if stop(edge, target) { return Self.edges(to: node, in: parent) + [edge] }
                guard parent[target] == nil else { continue }
                parent[target] = (node, edge)
                queue.append(target)
            }
        }
        preconditionFailure("a strongly connected component reaches each of its states")
    }
}

extension FairCycle {
    /// The edges of a breadth-first search's tree from its root to `node` (the root's parent
    /// edge is -1).
    static func edges<Node: Hashable>(to node: Node, in parent: [Node: (node: Node, edge: Int)]) -> [Int] {
        var edges: [Int] = [], current = node
        while let (previous, edge) = parent[current], edge >= 0 {
            edges.append(edge)
            current = previous
        }
        return edges.reversed()
    }
}

/// A state of a fair component and the requirements met on the way to it.
private struct MaskNode: Hashable {
    let state: Int
    let mask: UInt64
}
