import Checker
import Spec

/// One target's run (spec, reference or conformance) in the terms every report shares:
/// counts, property outcomes, and counterexamples as traces of Spec worlds, whatever state
/// the target explored (a Reference state is shown through its abstraction).
struct TargetRun {
    struct PropertyLine {
        let id: String
        let kind: PropertyKind
        let group: String
        let status: String
        let exercised: Int
        let counterexample: WorldTrace?
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
    let deadlock: WorldTrace?
    let actions: [ActionCoverage]

    var isComplete: Bool { stopReason.isComplete }
    var hasFinding: Bool { deadlock != nil || properties.contains { $0.status == "violated" } }
    var counterexamples: [WorldTrace] {
        properties.compactMap { $0.status == "violated" ? $0.counterexample : nil } + (deadlock.map { [$0] } ?? [])
    }

    init<M: Model>(target: String, result: ExplorationResult<M>, world: (M.State) -> World) where M.Action == TaxiAction {
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
            PropertyLine(id: outcome.property.id, kind: outcome.property.kind, group: outcome.property.group,
                         status: outcome.status.rawValue, exercised: outcome.exercised,
                         counterexample: outcome.counterexample.map { WorldTrace($0, statement: outcome.property.statement, world: world) })
        }
        deadlock = result.deadlock.map { WorldTrace($0, statement: "A state where nothing can happen before the end of time.", world: world) }
        actions = result.actions
    }
}

/// A counterexample (or a reachability instance) as a sequence of Spec worlds.
struct WorldTrace {
    let propertyID: String?
    /// The property in words.
    let statement: String
    let witness: String
    let initial: World
    let steps: [(action: TaxiAction, state: World)]

    var length: Int { steps.count }
    func state(before index: Int) -> World { index == 0 ? initial : steps[index - 1].state }

    init<M: Model>(_ counterexample: Counterexample<M>, statement: String, world: (M.State) -> World) where M.Action == TaxiAction {
        propertyID = counterexample.propertyID
        self.statement = statement
        witness = counterexample.witness
        initial = world(counterexample.trace.initial)
        steps = counterexample.trace.steps.map { ($0.action, world($0.state)) }
    }
}
