import Checker

/// A plug-in whose Spec declares its actions (`DeclaredAction`) gets their trace form and
/// their reading back from a trace written once.
extension ModelPlugin where Spec.Action: DeclaredAction, Spec.Action.Scope == Bounds {
    public func traceAction(_ action: Spec.Action) -> (name: String, parameters: [(String, String)]) { action.spelled }

    public func action(
        named name: String, parameters: [String: String], bounds: Bounds
    ) throws(ModelInputError) -> Spec.Action {
        try Spec.Action(named: name, parameters: parameters, scope: bounds)
    }
}
