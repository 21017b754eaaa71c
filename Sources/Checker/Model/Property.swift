/// What a predicate says about one state or one transition.
///
/// `vacuous` means the property's antecedent did not apply (no busy driver to check, say):
/// it holds, but says nothing. Coverage counts the non-vacuous evaluations, and a property
/// that is never exercised in a scope is reported, because it proves nothing there.
public enum Verdict: Sendable, Equatable {
    case holds
    case vacuous
    /// The property fails; the witness names the entities involved, for a person to read.
    case violated(witness: String)

    public var isViolation: Bool {
        if case .violated = self { return true }
        return false
    }
}

/// The three kinds of property in the project's vocabulary.
public enum PropertyKind: String, Sendable, CaseIterable {
    /// Holds in every reachable state.
    case invariant
    /// Holds on every transition (before, action, after).
    case actionProperty = "action"
    /// Must be satisfied in some reachable state (Alloy's `run show`).
    case reachability
}

/// One property: its identity and documentation side by side with its predicate, so the
/// catalogue is generated from the code and never written twice.
public struct Property<M: Model>: Sendable {
    public enum Predicate: Sendable {
        case state(@Sendable (M.State) -> Verdict)
        case transition(@Sendable (M.State, M.Action, M.State) -> Verdict)
    }

    public let id: String
    public let kind: PropertyKind
    /// A grouping the model chooses (seed fact, corrected, rule, ...).
    public let group: String
    /// One sentence in plain words.
    public let statement: String
    /// Where the rule comes from in the requirement documents.
    public let source: String
    /// The Swift symbol that implements it, for the catalogue.
    public let symbol: String
    /// Extra reasoning: why a corrected property differs from the literal one, say.
    public let note: String
    /// Whether the property is checked when the user does not select properties by id.
    public let checkedByDefault: Bool
    public let predicate: Predicate

    public init(
        id: String, kind: PropertyKind, group: String, statement: String, source: String,
        symbol: String, note: String = "", checkedByDefault: Bool = true, predicate: Predicate
    ) {
        switch (kind, predicate) {
        case (.actionProperty, .transition), (.invariant, .state), (.reachability, .state): break
        default: preconditionFailure("property \(id): kind \(kind) does not match its predicate")
        }
        self.id = id
        self.kind = kind
        self.group = group
        self.statement = statement
        self.source = source
        self.symbol = symbol
        self.note = note
        self.checkedByDefault = checkedByDefault
        self.predicate = predicate
    }

    /// Evaluates a state predicate; a transition property is vacuous on a lone state.
    @inlinable
    public func evaluate(_ state: M.State) -> Verdict {
        if case .state(let check) = predicate { return check(state) }
        return .vacuous
    }

    @inlinable
    public func evaluate(_ before: M.State, _ action: M.Action, _ after: M.State) -> Verdict {
        if case .transition(let check) = predicate { return check(before, action, after) }
        return .vacuous
    }
}

extension Property {
    /// The same property, checked by default or not.
    public func checked(byDefault: Bool) -> Property {
        Property(id: id, kind: kind, group: group, statement: statement, source: source, symbol: symbol,
                 note: note, checkedByDefault: byDefault, predicate: predicate)
    }
}
