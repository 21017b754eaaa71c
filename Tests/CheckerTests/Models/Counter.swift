import Checker

/// A counter from 0 to `limit` that can step up by one or two and reset, with an optional
/// planted bug: the invariant `value != forbidden` fails when `forbidden` is reachable.
struct Counter: ActionListingModel {
    struct State: Hashable, Sendable, StableHashable {
        var value: Int
        func stableHash(into hasher: inout StableHasher) { hasher.combine(value) }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case increment(by: Int), reset
        var description: String {
            switch self {
            case .increment(let step): return "increment(by: \(step))"
            case .reset: return "reset"
            }
        }
    }

    let limit: Int
    var forbidden: Int?
    var deadlocksAtLimit = false

    var name: String { "counter" }
    var initialStates: [State] { [State(value: 0)] }
    var actionKindNames: [String] { ["increment", "reset"] }
    func actionKind(of action: Action) -> Int { action == .reset ? 1 : 0 }

    func enabledActions(in state: State, into actions: inout [Action]) {
        for step in [1, 2] where state.value + step <= limit { actions.append(.increment(by: step)) }
        if state.value > 0 && !(deadlocksAtLimit && state.value == limit) { actions.append(.reset) }
    }

    func successor(of state: State, via action: Action) -> State? {
        switch action {
        case .increment(let step):
            guard state.value + step <= limit else { return nil }
            return State(value: state.value + step)
        case .reset:
            guard state.value > 0 else { return nil }
            return State(value: 0)
        }
    }

    func isLegalEnd(_ state: State) -> Bool { !deadlocksAtLimit }

    /// A step of one is simpler than a step of two.
    func simplifications(of action: Action) -> [Action] { action == .increment(by: 2) ? [.increment(by: 1)] : [] }

    var properties: [Property<Counter>] {
        [
            Property(id: "NotForbidden", kind: .invariant, group: "toy",
                     statement: "The counter never shows the forbidden value.", source: "test", symbol: "NotForbidden",
                     predicate: .state { [forbidden] state, check in
                         guard let forbidden else { return }
                         check.expect(state.value != forbidden, "value is \(forbidden)")
                     }),
            Property(id: "StepsAreSmall", kind: .actionProperty, group: "toy",
                     statement: "An increment raises the value by at most two.", source: "test", symbol: "StepsAreSmall",
                     predicate: .transition { before, action, after, check in
                         guard case .increment = action else { return }
                         check.expect(after.value - before.value <= 2, "jumped from \(before.value) to \(after.value)")
                     }),
        ]
    }
}
