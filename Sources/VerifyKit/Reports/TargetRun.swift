import Checker

/// One target's run (spec, reference or conformance) in the terms every report shares:
/// counts, property outcomes, and counterexamples as presented traces, whatever state the
/// target explored (a Reference state is shown through its abstraction).
struct TargetRun {
    struct PropertyLine {
        let id: String
        let kind: PropertyKind
        let group: String
        let status: String
        let exercised: Int
        let counterexample: PresentedTrace?
    }

    let target: String
    let modelName: String
    let distinct: Int
    let generated: Int
    let depth: Int
    let stopReason: StopReason
    let seconds: Double
    let workers: Int
    let symmetry: Bool
    let collisionProbability: Double
    let properties: [PropertyLine]
    let deadlock: PresentedTrace?
    let actions: [ActionCoverage]

    var isComplete: Bool { stopReason.isComplete }
    var hasFinding: Bool { deadlock != nil || properties.contains { $0.status == "violated" } }
    var counterexamples: [PresentedTrace] {
        properties.compactMap { $0.status == "violated" ? $0.counterexample : nil } + (deadlock.map { [$0] } ?? [])
    }

    init<P: ModelPlugin>(target: String, result: TargetResult<P.Spec>, plugin: P, bounds: P.Bounds) {
        self.target = target
        modelName = result.modelName
        distinct = result.distinct
        generated = result.generated
        depth = result.depth
        stopReason = result.stopReason
        seconds = result.seconds
        workers = result.workers
        symmetry = result.symmetry
        collisionProbability = result.collisionProbability
        properties = result.properties.map { outcome in
            PropertyLine(id: outcome.id, kind: outcome.kind, group: outcome.group, status: outcome.status.rawValue, exercised: outcome.exercised,
                         counterexample: outcome.counterexample.map { PresentedTrace($0, statement: outcome.statement, plugin: plugin, bounds: bounds) })
        }
        deadlock = result.deadlock.map {
            PresentedTrace($0, statement: "A state where nothing can happen before the end of time.", plugin: plugin, bounds: bounds)
        }
        actions = result.actions
    }
}
