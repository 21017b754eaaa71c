import Checker
import Testing
@testable import Spec

@Suite("Exploring the myTaxi model")
struct ExplorationTests {
    func run(_ scope: Scope, literal: Bool = false, properties: [String]? = nil, symmetry: Bool = false, workers: Int = 2) throws -> ExplorationResult<MyTaxiModel> {
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        options.propertyIDs = properties
        options.symmetry = symmetry
        options.workers = workers
        return try BreadthFirstExplorer(model: MyTaxiModel(scope: scope, literal: literal), options: options).run()
    }

    /// Pinned: this count changes only with a model change, and CHANGELOG.md says so.
    @Test("The accounts scope has exactly 4,618 states and every default property holds")
    func accountsScope() throws {
        let result = try run(.accounts)
        #expect(result.distinct == 4_618)
        #expect(!result.hasFinding)
    }

    @Test("1 and 2 workers agree on counts")
    func workersAgree() throws {
        var scope = Scope.accounts
        scope.depth = 10
        let one = try run(scope, workers: 1), two = try run(scope, workers: 2)
        #expect(one.distinct == two.distinct)
        #expect(one.generated == two.generated)
    }

    @Test("Symmetry never adds states and keeps the verdicts")
    func symmetry() throws {
        var scope = Scope.ci
        scope.depth = 5
        let plain = try run(scope), reduced = try run(scope, symmetry: true)
        #expect(reduced.distinct < plain.distinct)
        #expect(reduced.hasFinding == plain.hasFinding)
    }

    /// The literal seed facts that assume a static world: each breaks on a legitimate
    /// behaviour, and the tool shows it with a shortest trace.
    @Test("Literal seed properties that legitimate behaviour breaks", arguments: [
        ("availableDriverInQueue", 0), ("driverInQueueAvailable", 0),
        ("busyDriverHasACurrentRide", 9), ("workingNoSameTaxi", 9), ("moreThanOneRidePerDriverOneOfThemNotCompleted", 9),
    ])
    func literalFindings(id: String, length: Int) throws {
        var scope = Scope.ci
        scope.routesPerClient = 2
        scope.zones = id.contains("Queue") ? 2 : 1
        scope.drivers = 1
        scope.depth = 10
        let result = try run(scope, literal: true, properties: [id])
        let outcome = try #require(result.properties.first)
        #expect(outcome.status == .violated)
        #expect(outcome.counterexample?.trace.length == length)
    }
}
