import Checker

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One initial state with `width` successors and nothing after them: a single wide level.
/// Its invariant applies everywhere and takes `pauseMicroseconds` per state, so that a time
/// budget runs out while the level is being checked.
struct Fan: Model {
    struct State: Hashable, Sendable, StableHashable {
        var value: Int
        func stableHash(into hasher: inout StableHasher) { hasher.combine(value) }
    }

    struct Action: Hashable, Sendable, CustomStringConvertible {
        var target: Int
        var description: String { "to(\(target))" }
    }

    let width: Int
    let pauseMicroseconds: UInt32

    var name: String { "fan" }
    var initialStates: [State] { [State(value: 0)] }
    var actionKindNames: [String] { ["to"] }
    func actionKind(of action: Action) -> Int { 0 }
    func isLegalEnd(_ state: State) -> Bool { true }

    func enabledActions(in state: State, into actions: inout [Action]) {
        guard state.value == 0 else { return }
        for target in 1...width { actions.append(Action(target: target)) }
    }

    func successor(of state: State, via action: Action) -> State? {
        state.value == 0 && (1...width).contains(action.target) ? State(value: action.target) : nil
    }

    var properties: [Property<Fan>] {
        [
            Property(id: "Slow", kind: .invariant, group: "toy",
                     statement: "Every state is checked, slowly.", source: "test", symbol: "Slow",
                     predicate: .state { [pauseMicroseconds] state, check in
                         usleep(pauseMicroseconds)
                         check.expect(state.value >= 0, "negative")
                     }),
        ]
    }
}
