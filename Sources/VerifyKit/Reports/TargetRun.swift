import Checker
import ModelKit

/// One target's run (spec, reference or conformance) in the terms every report shares:
/// counts, property outcomes, and counterexamples as presented traces, whatever state the
/// target explored (a Reference state is shown through its abstraction).
@dynamicMemberLookup
struct TargetRun {
    struct PropertyLine {
        let id: String
        let kind: PropertyKind
        let group: String
        let status: String
        let exercised: Int
        let counterexample: PresentedTrace?
        /// For an inconclusive liveness property: the states the bound cut where it was pending.
        var pendingAtBound = 0

        /// The status as a person reads it: a reachability property is reached or not reached
        /// (the JSON report keeps Alloy's satisfied and unsatisfied).
        var label: String {
            switch status {
            case "satisfied": "reached"
            case "unsatisfied": "not reached"
            default: status
            }
        }
    }

    let target: String
    /// The run's figures: counts, depth, why it stopped, time (read through `run.distinct`...).
    let figures: RunFigures
    let properties: [PropertyLine]
    let deadlock: PresentedTrace?
    /// The graph the liveness properties were checked on, when the target has any.
    var liveness: LivenessFigures? = nil
    /// The service the run drove, as it named itself (`--implementation`); nil for the linked
    /// Reference and the Spec.
    var implementation: String? = nil
    /// For seeded walks rather than a search: the plan and what the walks did.
    let walks: Walks?
    /// False for a target the run never started (Ctrl-C or a budget came first): it has no
    /// figures and no properties, and the reports say so rather than list them.
    let ran: Bool

    struct Walks {
        let plan: WalkPlan
        /// Walks taken (fewer than planned when one found a violation or Ctrl-C stopped them).
        let taken: Int
        let steps: Int
        let deepest: Int
        let deadEnds: Int
    }

    subscript<Value>(dynamicMember key: KeyPath<RunFigures, Value>) -> Value { figures[keyPath: key] }

    /// The depth as TLC counts it (the initial states are depth 1) with the steps it means,
    /// so that `--set depth=9` reads back as 9: "depth 10 (9 steps)".
    var depthText: String { "depth \(figures.depth) (\(max(0, figures.depth - 1)) step\(figures.depth == 2 ? "" : "s"))" }

    /// The run's time, or the target whose search it shared (and whose time counts it).
    var timeText: String {
        figures.sharedSearch.map { "in the \($0) target's search" } ?? "\(String(format2: figures.seconds)) s"
    }

    /// A property's result in a few words, as the markdown and HTML tables put it.
    func detail(_ property: PropertyLine) -> String {
        switch property.status {
        case "violated": "counterexample of \(property.counterexample!.length) steps"
        case "satisfied": "instance in \(property.counterexample!.length) steps"
        case "vacuous": "never exercised: proves nothing in this scope"
        case "unsatisfied": "no instance in this scope"
        case "inconclusive": inconclusiveDetail(property)
        default: holdsDetail(property)
        }
    }

    /// Why a liveness property is undecided: where the scope's bound cut the graph, or the
    /// memory budget stopped it.
    func inconclusiveDetail(_ property: PropertyLine) -> String {
        if let graph = liveness, graph.overBudget {
            return "its graph passed the memory budget at \(grouped(graph.states)) states: not decided"
        }
        let states = property.pendingAtBound
        return "the scope's bound cut \(grouped(states)) state\(states == 1 ? "" : "s") where it was pending"
    }

    /// The liveness check's graph in a few words, as every report prints it.
    var livenessText: String? {
        liveness.map {
            "liveness: \(grouped($0.states)) states and \(grouped($0.edges)) edges kept "
                + "(\(String(format2: Double($0.bytes) / 1_048_576)) MB), \(String(format2: $0.seconds)) s"
        }
    }

    /// What a property that holds was tried on: the states or steps of a search, or walks.
    func holdsDetail(_ property: PropertyLine) -> String {
        walks.map { "no violation in \(grouped($0.taken)) walks (a sample)" } ?? "exercised \(grouped(property.exercised))×"
    }
    var hasFinding: Bool { deadlock != nil || properties.contains { $0.status == "violated" } }
    var counterexamples: [PresentedTrace] {
        properties.compactMap { $0.status == "violated" ? $0.counterexample : nil } + (deadlock.map { [$0] } ?? [])
    }

    init<P: ModelPlugin>(target: String, result: TargetResult<P.Spec>, plugin: P, bounds: P.Bounds) {
        self.target = target
        figures = result.figures
        properties = result.properties.map { outcome in
            PropertyLine(id: outcome.id, kind: outcome.kind, group: outcome.group, status: outcome.status.rawValue, exercised: outcome.exercised,
                         counterexample: outcome.counterexample.map {
                             PresentedTrace($0, statement: outcome.statement, plugin: plugin, bounds: bounds, implementationState: outcome.implementationState)
                         }, pendingAtBound: outcome.pendingAtBound)
        }
        liveness = result.liveness
        deadlock = result.deadlock.map {
            PresentedTrace($0, statement: "A state where nothing can happen before the end of time.", plugin: plugin, bounds: bounds)
        }
        walks = nil
        ran = true
    }

    /// A target the run did not start, because `reason` stopped it first.
    init(notRun target: String, model: String, reason: StopReason) {
        self.target = target
        figures = RunFigures(modelName: model, stopReason: reason)
        properties = []
        deadlock = nil
        walks = nil
        ran = false
    }

    /// Seeded walks: each checked property holds in every walk taken, or the first one broken
    /// is violated with its shrunk trace. Distinct states are not counted; `generated` is the
    /// number of steps taken and `depth` the deepest walk.
    init<P: ModelPlugin>(target: String, walks result: SimulationResult<P.Spec>, plan: WalkPlan, seconds: Double, model: String,
                         plugin: P, bounds: P.Bounds) {
        self.target = target
        figures = RunFigures(modelName: model, generated: result.steps, depth: result.deepest,
                             stopReason: result.interrupted ? .interrupted : result.finding != nil ? .firstViolation : .exhausted,
                             seconds: seconds, workers: 1)
        let finding = result.finding
        properties = zip(result.checked, result.exercised).map { property, exercised in
            if property.kind == .reachability {
                let instance = result.instances[property.id]
                return PropertyLine(id: property.id, kind: property.kind, group: property.group, status: instance == nil ? "unsatisfied" : "satisfied",
                                    exercised: exercised,
                                    counterexample: instance.map { PresentedTrace($0, statement: property.statement, plugin: plugin, bounds: bounds) })
            }
            let violated = finding?.propertyID == property.id
            return PropertyLine(id: property.id, kind: property.kind, group: property.group,
                                status: violated ? "violated" : exercised == 0 ? "vacuous" : "holds", exercised: exercised,
                                counterexample: violated ? finding.map { PresentedTrace($0.shrunk, statement: $0.statement, plugin: plugin, bounds: bounds) } : nil)
        }
        deadlock = nil
        walks = Walks(plan: plan, taken: result.walks, steps: result.steps, deepest: result.deepest, deadEnds: result.deadEnds)
        ran = true
    }
}
