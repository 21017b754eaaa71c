import Checker

/// A lamp switched on and off, with two properties: the smallest model a catalogue can list.
struct Lamp: ActionListingModel {
    struct State: Hashable, Sendable, StableHashable {
        var isOn: Bool
        func stableHash(into hasher: inout StableHasher) { hasher.combine(isOn ? 1 : 0) }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case toggle
        var description: String { "toggle" }
    }

    var name: String { "lamp" }
    var initialStates: [State] { [State(isOn: false)] }
    var actionKindNames: [String] { ["toggle"] }
    func actionKind(of action: Action) -> Int { 0 }
    func enabledActions(in state: State, into actions: inout [Action]) { actions.append(.toggle) }
    func successor(of state: State, via action: Action) -> State? { State(isOn: !state.isOn) }

    var properties: [Property<Lamp>] {
        [
            Property(
                id: "Dark", kind: .invariant, group: "toy", statement: "The lamp is never on (it is: a toy).",
                source: "test", symbol: "Dark",
                predicate: .state { state, check in check.expect(!state.isOn, "the lamp is on") }),
            Property(
                id: "Toggles", kind: .actionProperty, group: "toy", statement: "A toggle changes the lamp.",
                source: "test", symbol: "Toggles",
                predicate: .transition { before, _, after, check in
                    check.expect(before.isOn != after.isOn, "the toggle left the lamp as it was")
                }),
        ]
    }
}
