import CabBookingSpec
import Checker
import Testing

@Suite("Cab booking Spec: the named scopes explored")
struct CabExplorationTests {
    /// Pinned: a change of these numbers is a change of the model, and says so in CHANGELOG.md.
    @Test("Each named scope: the pinned state counts, no property violated, no deadlock", arguments: [
        ("ci", 447_322, 1_376_307, 8), ("accounts", 99_678, 649_803, 9),
    ])
    func scope(_ name: String, _ distinct: Int, _ generated: Int, _ depth: Int) throws {
        let scope = try #require(CabScope.named.first { $0.name == name })
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        options.workers = 2
        let result = try BreadthFirstExplorer(model: CabBookingModel(scope: scope), options: options).run()
        #expect(result.distinct == distinct && result.generated == generated && result.depth == depth, "\(result.distinct) \(result.generated) \(result.depth)")
        #expect(result.deadlock == nil)
        for outcome in result.properties {
            #expect(outcome.status != .violated, "\(outcome.property.id): \(outcome.counterexample?.witness ?? "")")
        }
    }

    @Test("Over the default suite, every checked property is exercised and every witness reached in some scope")
    func suite() throws {
        var exercised: Set<String> = []
        for scope in [CabScope.ci, .accounts] {
            var options = ExplorationOptions()
            options.maxDepth = scope.depth
            options.workers = 2
            let result = try BreadthFirstExplorer(model: CabBookingModel(scope: scope), options: options).run()
            exercised.formUnion(result.properties.filter { [.holds, .satisfied].contains($0.status) }.map(\.property.id))
        }
        let checked = CabBookingModel().properties.filter(\.checkedByDefault).map(\.id)
        #expect(checked.filter { !exercised.contains($0) } == [])
    }
}
