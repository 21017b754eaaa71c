import Checker
import Testing

/// The reference and conformance targets in one search stand for the two searches apart
/// while the implementation conforms: the same states, steps and property outcomes.
@Suite("The reference and conformance targets in one search")
struct LockstepModelTests {
    func explore<M: Model>(_ model: M) throws -> ExplorationResult<M> {
        var options = ExplorationOptions()
        options.workers = 2
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    func summary<M: Model>(_ outcomes: [PropertyOutcome<M>]) -> [String] {
        outcomes.map { "\($0.property.id) \($0.status) \($0.exercised)" }
    }

    @Test("A conforming implementation: the same figures and outcomes as the two searches apart")
    func sameAsApart() throws {
        let adapter = CounterImplementation()
        let reference = try explore(ImplementationModel(adapter: adapter))
        let conformance = try explore(ConformanceModel(adapter: adapter))
        let lockstep = try explore(LockstepModel(adapter: adapter))
        #expect(lockstep.distinct == reference.distinct && lockstep.distinct == conformance.distinct)
        #expect(lockstep.generated == reference.generated && lockstep.generated == conformance.generated)
        #expect(lockstep.depth == reference.depth)
        #expect(summary(lockstep.properties) == summary(reference.properties) + summary(conformance.properties))
        #expect(LockstepModel(adapter: adapter).referenceIDs == reference.properties.map(\.property.id))
        #expect(LockstepModel(adapter: adapter).conformanceIDs == conformance.properties.map(\.property.id))
    }

    /// The sloppy counter changes its value before it refuses: conformance's refusal check
    /// finds it, so the search that stands for both finds it too, and the tool runs the two
    /// targets apart for their own counterexamples.
    @Test("An implementation that breaks a promise: the one search finds it")
    func findsWhatConformanceFinds() throws {
        let adapter = CounterImplementation(sloppy: true)
        let lockstep = try explore(LockstepModel(adapter: adapter))
        #expect(lockstep.properties.contains { $0.property.id == "RefusalsLeaveStateUnchanged" && $0.status == .violated })
    }

    /// A wrong start is compared like any other state: a counterexample of no steps, whether
    /// the difference is in the initial state itself or in a set-up step that a later one hid.
    /// Every step from it is left uncompared, so no later step is blamed for it.
    @Test("An implementation that starts wrong: a divergence at step 0", arguments: [false, true])
    func wrongStart(lockstep: Bool) throws {
        let starts = [
            (CounterImplementation(start: 1),
             "the implementation starts elsewhere than the specification: value 0→1"),
            (CounterImplementation(setUpProblem: "prelude step 1, reset: refused"), "prelude step 1, reset: refused"),
        ]
        for (adapter, witness) in starts {
            let outcomes = lockstep ? try explore(LockstepModel(adapter: adapter)).properties.map(Outcome.init)
                : try explore(ConformanceModel(adapter: adapter)).properties.map(Outcome.init)
            let initial = try #require(outcomes.first { $0.id == "InitialStateConforms" })
            #expect(initial.status == .violated && initial.steps == 0 && initial.witness == witness)
            #expect(outcomes.first { $0.id == "Conformance" }?.status == .vacuous)
        }
        let fine = try explore(ConformanceModel(adapter: CounterImplementation())).properties.map(Outcome.init)
        #expect(fine.first { $0.id == "InitialStateConforms" }.map { "\($0.status) \($0.exercised)" } == "holds 1")
    }

    /// The initial states' check has said all it will once they are checked: a search whose
    /// other properties are all violated stops, as it did before the check existed.
    @Test("A property of the initial states alone does not keep a search going")
    func initialCheckDecidedEarly() throws {
        var options = ExplorationOptions()
        options.workers = 1
        options.propertyIDs = ["RefusalsLeaveStateUnchanged", "InitialStateConforms"]
        let model = ConformanceModel(adapter: CounterImplementation(sloppy: true))
        let result = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(result.stopReason == .allDecided)
        #expect(result.properties.map { "\($0.property.id) \($0.status)" }
                == ["RefusalsLeaveStateUnchanged violated", "InitialStateConforms holds"])
    }

    /// What the test above reads of an outcome, for either model.
    struct Outcome {
        let id: String, status: PropertyStatus, exercised: Int, steps: Int?, witness: String?
        init<M: Model>(_ outcome: PropertyOutcome<M>) {
            id = outcome.property.id
            status = outcome.status
            exercised = outcome.exercised
            steps = outcome.counterexample?.trace.steps.count
            witness = outcome.counterexample?.witness
        }
    }
}
