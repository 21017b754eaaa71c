import Checker
import MyTaxiHarness
import MyTaxiReference
import MyTaxiSpec
import Testing

/// The Reference without faults, against the Spec, in scopes small enough for debug builds
/// (the full `ci` scope is `verify check`'s job; its figures are in the README).
@Suite("The Reference conforms to the Spec")
struct ConformanceTests {
    static func scope(_ base: Scope, depth: Int) -> Scope {
        var scope = base
        scope.depth = depth
        return scope
    }

    static let scopes = [scope(.ci, depth: 5), scope(.sharing, depth: 5), scope(.accounts, depth: 7)]

    static func options(_ scope: Scope) -> ExplorationOptions {
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        return options
    }

    @Test("The abstraction of the Reference's initial state is the Spec's initial state", arguments: Scope.named)
    func initialStates(scope: Scope) {
        let adapter = ReferenceAdapter(model: MyTaxiModel(scope: scope))
        #expect(adapter.initialSystems().map(adapter.abstraction(of:)) == adapter.spec.initialStates)
    }

    /// The showcase scope starts after a prelude of nine steps driven on the Reference. A fault
    /// that breaks one of them is a divergence at step 0 naming that step, not a crash of the
    /// set-up, nor a divergence blamed on the first step of the search.
    @Test("A prelude step that goes wrong is a divergence at step 0 naming it")
    func preludeDivergence() throws {
        let scope = Self.scope(.showcase, depth: 1)
        let adapter = ReferenceAdapter(model: MyTaxiModel(scope: scope), fault: .acceptLeavesDriverQueued)
        let step = "prelude step 7 of scope showcase, accept(driver: d1): "
        #expect(adapter.setUpDivergences().first??.hasPrefix(step) == true)
        let result = try BreadthFirstExplorer(model: ConformanceModel(adapter: adapter), options: Self.options(scope))
            .run()
        let initial = try #require(result.properties.first { $0.property.id == "InitialStateConforms" })
        #expect(initial.status == .violated && initial.counterexample?.trace.length == 0)
        #expect(initial.counterexample?.witness.hasPrefix(step) == true)
        #expect(result.properties.first { $0.property.id == "Conformance" }?.status == .vacuous)
        #expect(ReferenceAdapter(model: MyTaxiModel(scope: scope)).setUpDivergences() == [nil])
    }

    @Test("Driven along the Spec, the Reference accepts what it allows, refuses what it forbids, and ends where it says",
          arguments: scopes.map(\.name))
    func conformance(scopeName: String) throws {
        let scope = Self.scopes.first { $0.name == scopeName }!
        let model = ConformanceModel(adapter: ReferenceAdapter(model: MyTaxiModel(scope: scope)))
        let result = try BreadthFirstExplorer(model: model, options: Self.options(scope)).run()
        for outcome in result.properties {
            #expect(outcome.status == .holds, "\(outcome.property.id): \(outcome.counterexample?.witness ?? "never exercised")")
        }
    }

    @Test("Explored alone, the Reference reaches exactly the Spec's states and breaks none of its properties",
          arguments: scopes.map(\.name))
    func alone(scopeName: String) throws {
        let scope = Self.scopes.first { $0.name == scopeName }!
        let spec = MyTaxiModel(scope: scope)
        let alone = try BreadthFirstExplorer(model: ImplementationModel(adapter: ReferenceAdapter(model: spec)), options: Self.options(scope)).run()
        let specResult = try BreadthFirstExplorer(model: spec, options: Self.options(scope)).run()
        #expect(alone.distinct == specResult.distinct)
        #expect(!alone.hasFinding, "\(alone.violations.map { "\($0.property.id): \($0.counterexample!.witness)" })")
        // The lifted properties come first, in the Spec's order, and keep its footprints and
        // action kinds: each is exercised exactly as often as in the Spec's own search.
        #expect(alone.properties.prefix(specResult.properties.count).map(\.property.id) == specResult.properties.map(\.property.id))
        #expect(alone.properties.prefix(specResult.properties.count).map(\.exercised) == specResult.properties.map(\.exercised))
    }

    /// The conformance search's first counterexample to `property`, with `fault` planted.
    func counterexample(_ fault: Fault, property: String, depth: Int) throws -> Counterexample<ConformanceModel<ReferenceAdapter>>? {
        let scope = Self.scope(.ci, depth: depth)
        let model = ConformanceModel(adapter: ReferenceAdapter(model: MyTaxiModel(scope: scope), fault: fault))
        var options = Self.options(scope)
        options.propertyIDs = [property]
        return try BreadthFirstExplorer(model: model, options: options).run().violations.first?.counterexample
    }

    @Test("A fault is caught as the shortest divergence, with the fields that differ")
    func divergenceNamesFields() throws {
        let counterexample = try #require(try counterexample(.acceptLeavesDriverQueued, property: "Conformance", depth: 4))
        #expect(counterexample.trace.length == 4)
        #expect(counterexample.trace.steps.last?.action == .accept(driver: DriverID(0)))
        #expect(counterexample.witness.contains("specification→implementation: queue z1 []→[d1]"), "\(counterexample.witness)")
    }

    /// Refusals are described only when a report reads them (`Refusal`): this holds the
    /// description to the Reference's own words.
    @Test("A refusal that changed the state is reported with the Reference's own message")
    func refusalNamesTheMessage() throws {
        let witness = try #require(try counterexample(.refusedRequestLeavesRoute, property: "RefusalsLeaveStateUnchanged", depth: 1)?.witness)
        #expect(witness.contains("the implementation refused requestRide(client: c1, zone: z1, passengers: 0, shared: false) (a ride needs at least 1 passenger, not 0) but changed its state"), "\(witness)")
    }
}

/// The adapter lists the Spec's candidates with probes, less the requests the Reference
/// would call out of bounds (`ReferenceAdapter.candidates(in:into:)`).
@Suite("The Reference adapter's candidates")
struct ReferenceCandidateTests {
    static func isRequest(_ action: TaxiAction) -> Bool {
        switch action {
        case .requestRide, .reserveRide, .joinSharedRide: return true
        default: return false
        }
    }

    static func candidates(_ adapter: ReferenceAdapter, _ world: World) -> [TaxiAction] {
        var actions: [TaxiAction] = []
        adapter.candidates(in: world, into: &actions)
        return actions
    }

    @Test("A client's requests are listed while he has a free route slot, and left out, as out of bounds, once he has none")
    func requestsOfAFullClient() throws {
        let scope = try Scope.ci.setting([("clients", 1), ("routes", 2)])
        let adapter = ReferenceAdapter(model: MyTaxiModel(scope: scope))
        var service = try #require(adapter.initialSystems().first)
        let request = TaxiAction.requestRide(client: MyTaxiSpec.ClientID(0), zone: MyTaxiSpec.ZoneID(0), passengers: 1,
            shared: false)
        #expect(adapter.perform(request, on: &service) == .accepted)
        // One of two slots taken: his requests are listed.
        #expect(Self.candidates(adapter, adapter.abstraction(of: service)).contains(where: Self.isRequest))
        #expect(adapter.perform(.cancelRoute(route: MyTaxiSpec.RouteID(0)), on: &service) == .accepted)
        #expect(adapter.perform(request, on: &service) == .accepted)
        // Both taken: none is, and each the Spec's probes hold that the adapter left out is
        // one the Reference calls out of bounds.
        let world = adapter.abstraction(of: service)
        let listed = Self.candidates(adapter, world)
        #expect(!listed.contains(where: Self.isRequest))
        var probes: [TaxiAction] = []
        adapter.spec.rules.candidates(in: world, probes: true) { probes.append($0) }
        let left = probes.filter { !listed.contains($0) }
        #expect(!left.isEmpty)
        for action in left {
            var copy = service
            #expect(adapter.perform(action, on: &copy) == .outOfBounds, "\(action)")
        }
    }
}
