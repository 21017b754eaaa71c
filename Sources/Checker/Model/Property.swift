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

/// What a predicate saw while it ran: whether its antecedent ever applied, whether it was
/// violated, and (when someone asks for it) the first violation, phrased for a person.
///
/// Predicates fill one in place instead of returning a `Verdict`. On the explorer's hot path
/// the check is plain data (two flags and a null pointer): no message is built and nothing
/// is reference counted, for hundreds of millions of evaluations. When a violation is found,
/// the explorer runs that one predicate again with `explained(_:)` to get its message;
/// predicates are pure, so the second run sees the same violation.
public struct PropertyCheck {
    @usableFromInline var didApply = false
    @usableFromInline var didFail = false
    /// Where the first violation's message goes; nil when nobody wants messages.
    @usableFromInline let explanation: UnsafeMutablePointer<String?>?

    /// A check that counts, without messages.
    @inlinable public init() { explanation = nil }

    @usableFromInline init(explanation: UnsafeMutablePointer<String?>) { self.explanation = explanation }

    /// Whether the antecedent applied at least once.
    public var applied: Bool { didApply }
    /// Whether the property was violated.
    public var violated: Bool { didFail }

    /// Records that the antecedent applied.
    @inlinable public mutating func applies() { didApply = true }

    /// Records that the antecedent applied and, if `ok` is false, the violation. Only the
    /// first violation's message is kept, and it is built only when asked for.
    @inlinable
    public mutating func expect(_ ok: Bool, _ message: @autoclosure () -> String) {
        didApply = true
        guard !ok else { return }
        if !didFail, let explanation { explanation.pointee = message() }
        didFail = true
    }

    /// Records a violation outright.
    @inlinable
    public mutating func fail(_ message: @autoclosure () -> String) { expect(false, message()) }

    /// Takes over what a `Verdict` says.
    @inlinable
    public mutating func record(_ verdict: Verdict) {
        switch verdict {
        case .holds: didApply = true
        case .vacuous: break
        case .violated(let message): fail(message)
        }
    }

    /// Runs `predicate` with messages on, and says what it found.
    public static func explained(_ predicate: (inout PropertyCheck) -> Void) -> Verdict {
        var message: String?
        let (applied, violated) = withUnsafeMutablePointer(to: &message) { pointer in
            var check = PropertyCheck(explanation: pointer)
            predicate(&check)
            return (check.didApply, check.didFail)
        }
        if violated { return .violated(witness: message ?? "violated") }
        return applied ? .holds : .vacuous
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
    /// Holds of every fair behaviour (`LeadsTo`): checked on the explored graph after the
    /// search, never the kind of a `Property`.
    case leadsTo = "leads-to"
}

/// One property: its identity and documentation side by side with its predicate, so the
/// catalogue is generated from the code and never written twice.
public struct Property<M: Model>: Sendable {
    /// A predicate fills in a `PropertyCheck`. It must be a function of its arguments: the
    /// explorer runs it a second time to word a violation it found.
    public enum Predicate: Sendable {
        case state(@Sendable (M.State, inout PropertyCheck) -> Void)
        case transition(@Sendable (M.State, M.Action, M.State, inout PropertyCheck) -> Void)

        /// A state predicate written as a function returning a verdict (off the hot path).
        public static func stateVerdict(_ verdict: @escaping @Sendable (M.State) -> Verdict) -> Predicate {
            .state { state, check in check.record(verdict(state)) }
        }

        /// A transition predicate written as a function returning a verdict.
        public static func transitionVerdict(_ verdict: @escaping @Sendable (M.State, M.Action, M.State) -> Verdict) -> Predicate {
            .transition { before, action, after, check in check.record(verdict(before, action, after)) }
        }

        /// The verdict on one step: a state predicate looks at `after` (the initial state when
        /// there is no step), a transition predicate at the whole step and is vacuous without one.
        public func verdict(before: M.State?, action: M.Action?, after: M.State) -> Verdict {
            switch self {
            case .state(let predicate): return PropertyCheck.explained { predicate(after, &$0) }
            case .transition(let predicate):
                guard let before, let action else { return .vacuous }
                return PropertyCheck.explained { predicate(before, action, after, &$0) }
            }
        }
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
    /// The predicate's number in the model's own table, when the model evaluates it itself
    /// (`ModelHooks.evaluate(stateKey:on:into:)`): the explorer then hands the model a whole
    /// batch of states in one call, instead of calling the closure once per state (a
    /// reabstraction thunk, a copy of the state and a retain and release of the closure's
    /// context each time). nil: the closure is called.
    public let key: Int?
    /// The parts of the state a state predicate reads (see `StateParts`): its verdict must be
    /// a function of them. On a state whose step changed none of them the explorer does not
    /// run the predicate but takes the parent's verdict. `.all` (the default) for a predicate
    /// that reads everything; always `.all` for a transition property.
    public let footprint: StateParts
    /// For a transition property: the kinds of action it is about, one bit per kind
    /// (`Model.actionKind(of:)`, below 64). On a step of any other kind it must be vacuous;
    /// the explorer then does not call its closure there. Every kind (the default) for a
    /// property about all steps, and always for a state property.
    public let actionKinds: UInt64
    /// For an invariant: it is about the initial states alone (vacuous in every other), so a
    /// search takes it as decided once they are checked, and stops when every other property
    /// is decided too, as it does without it.
    public let initialStatesOnly: Bool

    public init(
        id: String, kind: PropertyKind, group: String, statement: String, source: String,
        symbol: String, note: String = "", checkedByDefault: Bool = true, key: Int? = nil,
        footprint: StateParts = .all, actionKinds: UInt64 = .max, initialStatesOnly: Bool = false, predicate: Predicate
    ) {
        switch (kind, predicate) {
        case (.actionProperty, .transition), (.invariant, .state), (.reachability, .state): break
        case (.leadsTo, _): preconditionFailure("property \(id): a liveness property is a LeadsTo, not a Property")
        default: preconditionFailure("property \(id): kind \(kind) does not match its predicate")
        }
        precondition(kind != .actionProperty || footprint == .all, "property \(id): only a state property has a footprint")
        precondition(kind == .actionProperty || actionKinds == .max, "property \(id): only a transition property is about some kinds of action")
        precondition(!initialStatesOnly || kind == .invariant,
                     "property \(id): only an invariant is about the initial states alone")
        self.id = id
        self.kind = kind
        self.group = group
        self.statement = statement
        self.source = source
        self.symbol = symbol
        self.note = note
        self.checkedByDefault = checkedByDefault
        self.key = key
        self.footprint = footprint
        self.actionKinds = actionKinds
        self.initialStatesOnly = initialStatesOnly
        self.predicate = predicate
    }

    /// Evaluates a state predicate; a transition property is vacuous on a lone state.
    public func evaluate(_ state: M.State) -> Verdict {
        guard case .state(let predicate) = predicate else { return .vacuous }
        return PropertyCheck.explained { predicate(state, &$0) }
    }

    public func evaluate(_ before: M.State, _ action: M.Action, _ after: M.State) -> Verdict {
        guard case .transition(let predicate) = predicate else { return .vacuous }
        return PropertyCheck.explained { predicate(before, action, after, &$0) }
    }

    /// The verdict on one step (`Predicate.verdict(before:action:after:)`).
    public func evaluate(before: M.State?, action: M.Action?, after: M.State) -> Verdict {
        predicate.verdict(before: before, action: action, after: after)
    }
}

extension Property {
    /// The same property, checked by default or not.
    public func checked(byDefault: Bool) -> Property {
        Property(id: id, kind: kind, group: group, statement: statement, source: source, symbol: symbol, note: note,
                 checkedByDefault: byDefault, key: key, footprint: footprint, actionKinds: actionKinds,
                 initialStatesOnly: initialStatesOnly, predicate: predicate)
    }

    /// The same property over another model's states, with the predicate given. The
    /// footprint and the action kinds do not carry over unless given: parts and kinds are
    /// named by each model for its own states and actions, and only a model that names them
    /// as this one does may keep them.
    public func lifted<Other: Model>(to other: Other.Type = Other.self, key: Int?, footprint: StateParts = .all,
                                     actionKinds: UInt64 = .max, predicate: Property<Other>.Predicate) -> Property<Other> {
        Property<Other>(id: id, kind: kind, group: group, statement: statement, source: source, symbol: symbol, note: note,
                        checkedByDefault: checkedByDefault, key: key, footprint: footprint, actionKinds: actionKinds,
                        initialStatesOnly: initialStatesOnly, predicate: predicate)
    }
}

extension Verdict {
    /// The verdict of a rule about every item of a collection: the first violation `check`
    /// finds, else holds when it applied to one item at least, else vacuous.
    public static func all<Items: Sequence>(_ items: Items, _ check: (Items.Element) -> Verdict) -> Verdict {
        var applied = false
        for item in items {
            switch check(item) {
            case .violated(let witness): return .violated(witness: witness)
            case .holds: applied = true
            case .vacuous: break
            }
        }
        return applied ? .holds : .vacuous
    }
}
