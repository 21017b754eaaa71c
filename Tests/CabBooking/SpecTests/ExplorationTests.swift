import CabBookingSpec
import Checker
import Testing

@Suite("Cab booking Spec: the ci scope explored")
struct CabExplorationTests {
    @Test("ci: the pinned state counts, every default property holds and is exercised, every witness is reached, no deadlock")
    func ci() throws {
        var options = ExplorationOptions()
        options.maxDepth = CabScope.ci.depth
        options.workers = 2
        let result = try BreadthFirstExplorer(model: CabBookingModel(scope: .ci), options: options).run()
        // Pinned: a change of these numbers is a change of the model, and says so in CHANGELOG.md.
        #expect(result.distinct == 365_005 && result.generated == 1_195_426 && result.depth == 9, "\(result.distinct) \(result.generated)")
        #expect(result.deadlock == nil)
        for outcome in result.properties {
            #expect([.holds, .satisfied].contains(outcome.status), "\(outcome.property.id) is \(outcome.status): \(outcome.counterexample?.witness ?? "")")
        }
    }
}
