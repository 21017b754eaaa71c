import Checker
import Testing
@testable import MyTaxiSpec

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

/// The myTaxi model with its property keys taken away: the explorer then calls each
/// property's closure on one state at a time, the path every model without keys takes.
struct UnkeyedTaxiModel: Model {
    typealias State = World
    typealias Action = TaxiAction
    let base: MyTaxiModel
    var name: String { base.name }
    var initialStates: [World] { base.initialStates }
    func enabledActions(in state: World, into actions: inout [TaxiAction]) { base.enabledActions(in: state, into: &actions) }
    func successors(of state: World, into transitions: inout [Transition<TaxiAction, World>]) { base.successors(of: state, into: &transitions) }
    func successor(of state: World, via action: TaxiAction) -> World? { base.successor(of: state, via: action) }
    var actionKindNames: [String] { base.actionKindNames }
    func actionKind(of action: TaxiAction) -> Int { base.actionKind(of: action) }
    func isLegalEnd(_ state: World) -> Bool { base.isLegalEnd(state) }
    var properties: [Property<UnkeyedTaxiModel>] {
        base.properties.map { property in
            switch property.predicate {
            case .state(let predicate): return property.lifted(to: Self.self, key: nil, predicate: .state(predicate))
            case .transition(let predicate): return property.lifted(to: Self.self, key: nil, predicate: .transition(predicate))
            }
        }
    }
}

@Suite("Keyed batches and closures explore alike")
struct KeyedExplorationTests {
    /// What a run found, in a form two models' results can be compared by.
    struct Summary: Equatable {
        var distinct = 0, generated = 0, depth = 0
        var outcomes: [String] = []
        var deadlock: [String]?
    }

    static func summary<M: Model>(_ result: ExplorationResult<M>) -> Summary {
        Summary(
            distinct: result.distinct, generated: result.generated, depth: result.depth,
            outcomes: result.properties.map { outcome in
                let trace = outcome.counterexample.map { " \($0.witness) via \($0.trace.steps.map(\.action.description))" } ?? ""
                return "\(outcome.property.id) \(outcome.status) \(outcome.exercised)\(trace)"
            },
            deadlock: result.deadlock.map { $0.trace.steps.map(\.action.description) })
    }

    @Test("Literal ci to depth 5: the same states, verdicts, counts, witnesses and traces, with 1 and 2 workers", arguments: [1, 2])
    func sameFindings(workers: Int) throws {
        let (keyed, closures) = try Self.keyedAndClosures(literal: true, workers: workers)
        #expect(keyed.properties.contains { $0.status == .violated }, "the literal set should fail somewhere in this scope")
        #expect(Self.summary(keyed) == Self.summary(closures))
    }

    /// The default set has the action rules, whose batch loops pick their steps by the kinds
    /// the explorer lists beside them (`StepBatch.actionKinds`); the closures do not.
    @Test("Default ci to depth 5: the same verdicts and coverage counts for the action rules, with 1 and 2 workers", arguments: [1, 2])
    func sameActionRuleCounts(workers: Int) throws {
        let (keyed, closures) = try Self.keyedAndClosures(literal: false, workers: workers)
        #expect(keyed.properties.contains { $0.property.kind == .actionProperty && $0.exercised > 0 })
        #expect(Self.summary(keyed) == Self.summary(closures))
    }

    /// The ci scope to depth 5, explored with keyed batches and again with the closures.
    static func keyedAndClosures(literal: Bool, workers: Int) throws
        -> (keyed: ExplorationResult<MyTaxiModel>, closures: ExplorationResult<UnkeyedTaxiModel>) {
        var scope = Scope.ci
        scope.depth = 5
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        options.workers = workers
        let model = MyTaxiModel(scope: scope, literal: literal)
        return (try BreadthFirstExplorer(model: model, options: options).run(),
                try BreadthFirstExplorer(model: UnkeyedTaxiModel(base: model), options: options).run())
    }
}

@Suite("Footprints skip work, never answers")
struct FootprintExplorationTests {
    /// Every scope, the literal set (which fails) and symmetry (which keeps a state reached
    /// first, not a canonical one): the same states, verdicts, coverage counts, witnesses and
    /// traces whether each state runs every property or inherits the verdicts of the
    /// properties its step left alone.
    @Test("Inherited verdicts give the answers of evaluating everything", arguments: [
        ("ci", true, 6, false), ("sharing", false, 6, false), ("accounts", false, 14, false), ("qa", false, 4, false),
        ("ci", true, 6, true),
    ])
    func sameAnswers(scopeName: String, literal: Bool, depth: Int, symmetry: Bool) throws {
        var (model, options) = Fixture.search(scopeName, literal: literal, depth: depth, symmetry: symmetry)
        let skipping = try BreadthFirstExplorer(model: model, options: options).run()
        options.useFootprints = false
        let everything = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(KeyedExplorationTests.summary(skipping) == KeyedExplorationTests.summary(everything))
        if literal { #expect(skipping.properties.contains { $0.status == .violated }) }
    }
}
