import Checker
import ModelKit

/// Counterexamples as ITF, the Informal Trace Format of Apalache and Quint: `vars`, `states`
/// and `#meta`. The model's plug-in writes each state's variables; each state after the first
/// carries in its `#meta` the action that led to it, with its parameters, so `verify replay`
/// can run the trace again. A lasso (a liveness counterexample) has `loop`: the index of the
/// state its last state equals, where the cycle starts; the behaviour repeats the states
/// after it forever (`loop` equal to the last index: the behaviour stops there).
enum ITFWriter {
    static func document(_ trace: PresentedTrace, model: String, variables: [String], scope: JSON, target: String, fault: String?) -> JSON {
        var states: [JSON] = [state(trace.initialVariables, index: 0, action: nil)]
        for (number, step) in trace.steps.enumerated() {
            states.append(state(step.variables, index: number + 1, action: step))
        }
        return .object([
            ("#meta", .object([
                ("format", .string("ITF")),
                ("format-description", .string("https://apalache-mc.org/docs/adr/015adr-trace.html")),
                ("source", .string(model)),
                ("description", .string("RideCheck counterexample")),
                ("target", .string(target)),
                ("property", trace.propertyID.map(JSON.string) ?? .string("deadlock")),
                ("witness", .string(trace.witness)),
                ("fault", fault.map(JSON.string) ?? .null),
                ("scope", scope),
            ])),
            ("vars", .array(variables.map(JSON.string))),
            ("states", .array(states)),
        ] + (trace.loopStart.map { [("loop", JSON.integer($0))] } ?? []))
    }

    static func state(_ variables: [(String, JSON)], index: Int, action: PresentedTrace.Step?) -> JSON {
        var meta: [(String, JSON)] = [("index", .integer(index))]
        if let action {
            meta.append(("action", .string(action.actionName)))
            meta.append(("parameters", .object(action.parameters.map { ($0.0, .string($0.1)) })))
        }
        return .object([("#meta", .object(meta))] + variables)
    }
}
