import Checker
import TravlendarHarness
import TravlendarReference
import TravlendarSpec
import Testing

@Suite("Travlendar+: the Reference conforms to the Spec, and its scheduler answers as the oracle")
struct TravConformanceTests {
    static func options(depth: Int?) -> ExplorationOptions {
        var options = ExplorationOptions()
        options.maxDepth = depth
        options.workers = 2
        return options
    }

    @Test("Lifecycle conformance both ways in ci, and every answer of the scheduler equal to the oracle's on the scheduler palette", arguments: [
        (TravScope.ci, 4), (.scheduler, 1),
    ])
    func conformance(_ scope: TravScope, _ depth: Int) throws {
        let adapter = TravReferenceAdapter(model: TravlendarModel(scope: scope))
        let result = try BreadthFirstExplorer(model: ConformanceModel(adapter: adapter), options: Self.options(depth: depth)).run()
        for outcome in result.properties {
            #expect(outcome.status != .violated, "\(outcome.property.id): \(outcome.counterexample.map { "\($0.witness) after \($0.trace.steps.map(\.action))" } ?? "")")
        }
        // In the scheduler scope every request is answered, so no refusal is tried: only Conformance has work there.
        #expect(result.properties.contains { $0.property.id == "Conformance" && $0.status == .holds })
    }

    @Test("A scheduler that returns the first valid plan it finds breaks PlanIsOptimal, and only that rule of plans")
    func firstFeasible() throws {
        let adapter = TravReferenceAdapter(model: TravlendarModel(scope: .scheduler), fault: .firstFeasiblePlan)
        let result = try BreadthFirstExplorer(model: ImplementationModel(adapter: adapter), options: Self.options(depth: 1)).run()
        let violated = Set(result.properties.filter { $0.status == .violated }.map(\.property.id))
        #expect(violated == ["PlanIsOptimal"])
    }

    @Test("The scheduler gives the same plan for the same input, whatever the order the appointments are given in")
    func deterministic() throws {
        let scope = TravScope.scheduler, abstraction = TravAbstraction(scope: scope)
        var service = try #require(TravReferenceAdapter(model: TravlendarModel(scope: scope)).initialSystems().first).service
        let ids = [AppointmentID(1), AppointmentID(2)]
        let first = try service.requestSchedule(ids, preferences: abstraction.preferences(0), ranking: abstraction.ranking(1))
        var other = try #require(TravReferenceAdapter(model: TravlendarModel(scope: scope)).initialSystems().first).service
        let second = try other.requestSchedule(ids.reversed(), preferences: abstraction.preferences(0), ranking: abstraction.ranking(1))
        #expect(service.schedules[first]?.itinerary == other.schedules[second]?.itinerary)
    }
}
