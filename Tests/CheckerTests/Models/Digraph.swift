import Checker

/// A graph written out edge by edge, as a model: state `0` is initial, and each edge is an
/// action with a name and an instance (the entity it is for, -1 for none). Liveness tests
/// draw their hand-counted graphs with it.
struct Digraph: Model {
    struct State: Hashable, Sendable, StableHashable {
        var node: Int
        func stableHash(into hasher: inout StableHasher) { hasher.combine(node) }
    }

    struct Action: Hashable, Sendable, CustomStringConvertible {
        var name: String
        var instance: Int
        var description: String { instance < 0 ? name : "\(name)(\(instance))" }
    }

    let edges: [Int: [(action: Action, target: Int)]]

    /// Edges as `(from, name, to)`, or `(from, name, instance, to)` through `instance:`.
    init(_ edges: [(Int, String, Int)], instances: [(Int, String, Int, Int)] = []) {
        var table: [Int: [(action: Action, target: Int)]] = [:]
        for (from, name, to) in edges { table[from, default: []].append((Action(name: name, instance: -1), to)) }
        for (from, name, instance, to) in instances {
            table[from, default: []].append((Action(name: name, instance: instance), to))
        }
        self.edges = table
    }

    var name: String { "digraph" }
    var initialStates: [State] { [State(node: 0)] }
    var properties: [Property<Digraph>] { [] }
    var actionKindNames: [String] { ["edge"] }
    func actionKind(of action: Action) -> Int { 0 }

    func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        for edge in edges[state.node] ?? [] {
            transitions.append(Transition(action: edge.action, state: State(node: edge.target)))
        }
    }

    /// Weak or strong fairness of the actions called `name`, per kind or per instance.
    static func fair(_ strength: FairnessStrength, _ name: String, perInstance: Bool = false) -> Fairness<Digraph> {
        Fairness(strength, perInstance ? "\(name)(i)" : name) { action in
            action.name == name ? (perInstance ? action.instance : 0) : nil
        }
    }

    /// `eventually` the state `node`.
    static func reaches(_ node: Int) -> LeadsTo<Digraph> {
        .eventually(id: "Reaches\(node)", statement: "Every fair behaviour reaches \(node).", source: "test") {
            $0.node == node
        }
    }
}
