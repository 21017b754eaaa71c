import Checker

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One initial state with `width` successors and nothing after them: a single wide level.
/// Its invariant applies everywhere and takes `pauseMicroseconds` per state, so that a time
/// budget runs out while the level is being checked. With `tails`, each of those states has
/// one successor more, so that a second wide level comes from many chunks of parents.
struct Fan: ActionListingModel {
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
    var tails = false

    var name: String { "fan" }
    var initialStates: [State] { [State(value: 0)] }
    var actionKindNames: [String] { ["to"] }
    func actionKind(of action: Action) -> Int { 0 }
    func isLegalEnd(_ state: State) -> Bool { true }

    func enabledActions(in state: State, into actions: inout [Action]) {
        if state.value == 0 {
            for target in 1...width { actions.append(Action(target: target)) }
        } else if tails && state.value <= width {
            actions.append(Action(target: state.value + width))
        }
    }

    func successor(of state: State, via action: Action) -> State? {
        if state.value == 0 { return (1...width).contains(action.target) ? State(value: action.target) : nil }
        return tails && state.value <= width && action.target == state.value + width ? State(value: action.target) : nil
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
