import Checker
import ModelKit

/// A counterexample (or a reachability instance) as every report and trace file shows it,
/// whatever the model: each step's action, what changed, the state as HTML and as ITF
/// variables. Built once through the model's plug-in, so that the reports know no model.
struct PresentedTrace {
    struct Step {
        /// The action as a person reads it (`accept(d1, r0)`).
        let action: String
        /// The action as a trace file records it.
        let actionName: String
        let parameters: [(String, String)]
        /// One phrase per changed field; empty when nothing changed.
        let changes: [String]
        let html: String
        let variables: [(String, JSON)]
    }

    let propertyID: String?
    /// The property in words.
    let statement: String
    let witness: String
    /// The entities the witness names, which the reports mark.
    let involved: Set<String>
    let initialSummary: String
    let initialHTML: String
    let initialVariables: [(String, JSON)]
    let steps: [Step]
    /// Where the implementation diverged from the Spec at the last step: each field that
    /// differs, with the Spec's value and the implementation's, for the reports to show side by
    /// side. Empty when it did not diverge.
    let divergence: [(field: String, specification: String, implementation: String)]
    /// For a lasso: the steps before the cycle, which repeats the steps after them forever.
    let loopStart: Int?

    var length: Int { steps.count }

    init<P: ModelPlugin>(_ counterexample: Counterexample<P.Spec>, statement: String, plugin: P, bounds: P.Bounds,
                         implementationState: P.Spec.State? = nil) {
        propertyID = counterexample.propertyID
        loopStart = counterexample.loopStart
        self.statement = statement
        witness = counterexample.witness
        involved = plugin.entities(in: counterexample.witness)
        let initial = counterexample.trace.initial
        initialSummary = plugin.summary(of: initial, bounds: bounds)
        initialHTML = plugin.html(of: initial, bounds: bounds, marked: involved)
        initialVariables = plugin.traceState(initial, bounds: bounds)
        var before = initial
        var steps: [Step] = []
        for step in counterexample.trace.steps {
            let after = step.state
            let recorded = plugin.traceAction(step.action)
            steps.append(Step(action: "\(step.action)", actionName: recorded.name, parameters: recorded.parameters,
                              changes: plugin.changes(from: before, to: after, bounds: bounds).map(\.description),
                              html: plugin.html(of: after, bounds: bounds, marked: involved),
                              variables: plugin.traceState(after, bounds: bounds)))
            before = after
        }
        self.steps = steps
        divergence = implementationState.map { actual in
            plugin.changes(from: before, to: actual, bounds: bounds).map { change in
                (change.field, change.values?.before ?? "", change.values?.after ?? "")
            }
        } ?? []
    }
}
