import CabBookingHarness
import CabBookingSpec
import Checker
import Testing

@Suite("Cab booking: the Reference conforms to the Spec")
struct CabConformanceTests {
    static func options(depth: Int) -> ExplorationOptions {
        var options = ExplorationOptions()
        options.maxDepth = depth
        options.workers = 2
        return options
    }

    /// Every passenger's starting refill has its own gateway request id: with one shared id
    /// the service credited the first alone, and a second passenger started with nothing.
    @Test("The Reference is set up as each named scope starts, every passenger's wallet included",
          arguments: CabScope.named.map(\.name))
    func setUp(scopeName: String) throws {
        let scope = try #require(CabScope.named.first { $0.name == scopeName })
        let adapter = CabReferenceAdapter(model: CabBookingModel(scope: scope))
        #expect(adapter.setUpDivergences().allSatisfy { $0 == nil })
        #expect(adapter.initialSystems().map(adapter.abstraction(of:)) == adapter.spec.initialStates)
    }

    @Test("Conformance both ways in the ci scope: every allowed step accepted and ending where the Spec says, every forbidden one refused with nothing changed")
    func conformance() throws {
        let adapter = CabReferenceAdapter(model: CabBookingModel(scope: .ci))
        let result = try BreadthFirstExplorer(model: ConformanceModel(adapter: adapter), options: Self.options(depth: 6)).run()
        for outcome in result.properties {
            #expect(outcome.status == .holds, "\(outcome.property.id): \(outcome.counterexample.map { "\($0.witness) after \($0.trace.steps.map(\.action))" } ?? "\(outcome.status)")")
        }
    }

    @Test("The Reference explored alone keeps every Spec property on its abstraction and reaches the Spec's states")
    func alone() throws {
        let model = CabBookingModel(scope: .ci)
        let adapter = CabReferenceAdapter(model: model)
        let reference = try BreadthFirstExplorer(model: ImplementationModel(adapter: adapter), options: Self.options(depth: 6)).run()
        let spec = try BreadthFirstExplorer(model: model, options: Self.options(depth: 6)).run()
        #expect(reference.distinct == spec.distinct)
        for outcome in reference.properties where outcome.property.checkedByDefault {
            #expect(outcome.status != .violated, "\(outcome.property.id): \(outcome.counterexample.map { "\($0.witness) after \($0.trace.steps.map(\.action))" } ?? "")")
        }
    }
}
