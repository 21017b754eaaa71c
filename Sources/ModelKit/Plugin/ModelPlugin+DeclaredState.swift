import Checker

/// A plug-in whose Spec declares its state (`DeclaredState`) gets its trace form and its
/// schema written once.
extension ModelPlugin where Spec.State: DeclaredState, Spec.State.Scope == Bounds {
    public var traceVariables: [String] { Spec.State.fields.map(\.name) }

    public func traceState(_ state: Spec.State, bounds: Bounds) -> [(String, JSON)] {
        state.shape(in: bounds).map { ($0.name, $0.value.itf) }
    }

    /// The states' shape alone, for a model that does not declare its actions yet.
    public var schema: JSON? { ModelSchema.document(model: name, state: Spec.State.self) }
}

extension ModelPlugin where Spec.State: DeclaredState, Spec.State.Scope == Bounds, Spec.Action: DeclaredAction {
    public var schema: JSON? { ModelSchema.document(model: name, state: Spec.State.self, action: Spec.Action.self) }
}

extension ModelPlugin {
    /// The state in its JSON shape, nil when the Spec does not declare it.
    public func stateJSON(_ state: Spec.State, bounds: Bounds) -> JSON? {
        guard let declared = state as? any DeclaredState else { return nil }
        return declared.plainJSON(in: bounds)
    }

    /// The action in its JSON shape, nil when the Spec does not declare its actions.
    public func actionJSON(_ action: Spec.Action) -> JSON? { (action as? any DeclaredAction)?.json }

    /// The action a JSON shape names, for a Spec that declares its actions.
    public func action(json: JSON, bounds: Bounds) throws(ModelInputError) -> Spec.Action {
        guard let declared = Spec.Action.self as? any DeclaredAction.Type else {
            throw ModelInputError("model \(name) does not declare its actions (DeclaredAction)")
        }
        return try declared.read(json: json, scope: bounds) as! Spec.Action
    }
}

extension DeclaredState {
    /// The JSON shape for a scope of another static type: the plug-in's `Bounds`, which is this
    /// state's `Scope` whenever the Spec declares it.
    func plainJSON(in scope: Any) -> JSON? { (scope as? Scope).map(json(in:)) }
}

extension DeclaredAction {
    static func read(json: JSON, scope: Any) throws(ModelInputError) -> Any {
        guard let scope = scope as? Scope else { preconditionFailure("the plug-in's bounds are the actions' scope") }
        return try Self(json: json, scope: scope)
    }
}

/// A plug-in whose Spec declares its state gets its presentation written once; a model
/// that wants more (myTaxi's queues) writes its own.
extension ModelPlugin where Spec.State: DeclaredState, Spec.State.Scope == Bounds {
    public func summary(of state: Spec.State, bounds: Bounds) -> String { state.summary(in: bounds) }

    public func changes(from before: Spec.State, to after: Spec.State, bounds: Bounds) -> [StateChange] {
        before.changes(to: after, in: bounds)
    }

    public func html(of state: Spec.State, bounds: Bounds, marked: Set<String>) -> String {
        state.html(in: bounds, marked: marked)
    }

    /// The words of a witness that name an entity: a prefix the state's names use and a number.
    public func entities(in witness: String) -> Set<String> {
        let prefixes = Spec.State.namePrefixes
        return Set(
            witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
                prefixes.contains { word.hasPrefix($0) && Int(word.dropFirst($0.count)) != nil }
            })
    }
}
