/// Properties in one line each, for a model's catalogue: an invariant, a rule about steps,
/// and a reachability witness, each with its id, statement, source and the Swift symbol the
/// catalogue names.
extension Property {
    /// A state predicate that holds in every reachable state.
    public static func invariant(
        _ id: String, _ statement: String, _ source: String, symbol: String, group: String = "rule",
        note: String = "", checked: Bool = true, _ verdict: @escaping @Sendable (M.State) -> Verdict
    ) -> Property {
        Property(
            id: id, kind: .invariant, group: group, statement: statement, source: source, symbol: symbol, note: note,
            checkedByDefault: checked, predicate: .stateVerdict(verdict))
    }

    /// A predicate on every step: the state before, the action, the state after.
    public static func step(
        _ id: String, _ statement: String, _ source: String, symbol: String, group: String = "rule",
        note: String = "", checked: Bool = true,
        _ verdict: @escaping @Sendable (M.State, M.Action, M.State) -> Verdict
    ) -> Property {
        Property(
            id: id, kind: .actionProperty, group: group, statement: statement, source: source, symbol: symbol,
            note: note,
            checkedByDefault: checked, predicate: .transitionVerdict(verdict))
    }

    /// A situation the search must reach, or the scope is too small to show it.
    public static func witness(
        _ id: String, _ statement: String, _ source: String, symbol: String,
        _ reached: @escaping @Sendable (M.State) -> Bool
    ) -> Property {
        Property(
            id: id, kind: .reachability, group: "witness", statement: statement, source: source, symbol: symbol,
            predicate: .stateVerdict { reached($0) ? .holds : .vacuous })
    }
}
