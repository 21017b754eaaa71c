import Checker
import TravlendarSpec
import Testing

@Suite("Travlendar+ Spec: the named scopes explored")
struct TravExplorationTests {
    static func run(_ scope: TravScope, literal: Bool = false) throws -> ExplorationResult<TravlendarModel> {
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        options.workers = 2
        return try BreadthFirstExplorer(model: TravlendarModel(scope: scope, literal: literal), options: options).run()
    }

    /// Pinned: a change of these numbers is a change of the model, and says so in CHANGELOG.md.
    /// One run per scope of the default suite, which also shows every checked property
    /// exercised and every witness reached in some scope of it.
    @Test("The default suite: the pinned state counts, no property violated, no deadlock, every checked property exercised somewhere")
    func suite() throws {
        var exercised: Set<String> = []
        let pinned = [(TravScope.ci, 919_364, 1_610_909, 7), (.scheduler, 3_392, 3_360, 2)]
        for (scope, distinct, generated, depth) in pinned {
            let result = try Self.run(scope)
            #expect(result.distinct == distinct && result.generated == generated && result.depth == depth, "\(scope.name): \(result.distinct) \(result.generated) \(result.depth)")
            #expect(result.deadlock == nil)
            for outcome in result.properties { #expect(outcome.status != .violated, "\(outcome.property.id): \(outcome.counterexample?.witness ?? "")") }
            exercised.formUnion(result.properties.filter { [.holds, .satisfied].contains($0.status) }.map(\.property.id))
        }
        #expect(TravlendarModel().properties.filter(\.checkedByDefault).map(\.id).filter { !exercised.contains($0) } == [])
    }

    @Test("With --literal, each seed-literal rule is broken in ci by a behaviour the corrected model allows", arguments: [
        "editDiscardsOnlyRunning", "appointmentScheduledWhenArrangeable",
    ])
    func literal(_ id: String) throws {
        var scope = TravScope.ci
        scope.depth = 4
        let outcome = try #require(try Self.run(scope, literal: true).properties.first { $0.property.id == id })
        #expect(outcome.status == .violated)
    }
}
