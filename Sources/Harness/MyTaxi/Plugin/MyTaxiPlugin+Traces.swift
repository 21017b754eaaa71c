import Checker
import ModelKit
import MyTaxiSpec

/// myTaxi's actions in traces, as the Spec's `TaxiAction` writes and reads them (its states
/// are declared in the Spec: `World+Vocabulary`).
extension MyTaxiPlugin {
    public func traceAction(_ action: TaxiAction) -> (name: String, parameters: [(String, String)]) {
        (action.kind.name, action.parameters.map { ($0.name, $0.value) })
    }

    public func action(named name: String, parameters: [String: String], bounds: Scope) throws(ModelInputError) -> TaxiAction {
        do { return try TaxiAction(name: name, parameters: parameters, scope: bounds) } catch { throw ModelInputError(error.description) }
    }
}
