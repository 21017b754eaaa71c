import Checker
import ModelKit
import MyTaxiReference
import MyTaxiSpec

/// The myTaxiService model (seeds 000, 001 and 002) as `verify` sees it.
public struct MyTaxiPlugin: ModelPlugin {
    public typealias Spec = MyTaxiModel
    public typealias Adapter = ReferenceAdapter
    public typealias Bounds = Scope

    /// What `verify check` runs when no scope is given.
    public let defaultSuite: [SuiteEntry]

    /// `defaultSuite`: another suite than the default, which tests use.
    public init(defaultSuite: [SuiteEntry] = ["ci", "sharing", "accounts", "refusals", "rides", "minutes", "showcase",
                                               "liveness", .walks("city", seed: 1, walks: 1000, steps: 60)]) {
        precondition(!defaultSuite.isEmpty && defaultSuite.allSatisfy { entry in Scope.named.contains { $0.name == entry.scope } },
                     "a default suite of named scopes")
        self.defaultSuite = defaultSuite
    }

    public var name: String { "mytaxi" }
    public var summary: String { "myTaxiService (seeds 000-002): driver queues per zone, dispatch, reservations, shared rides, fares" }

    public var scopes: [ScopeDescription] {
        [
            ScopeDescription("ci", "2 zones, 2 drivers, 1 client with one route, accounts confirmed; every behaviour of up to 9 steps"),
            ScopeDescription("sharing", "1 zone, 1 driver, 2 clients: shared rides, joining, the 4-passenger limit"),
            ScopeDescription("accounts", "accounts from nothing: registration, confirmation, activation, cards and taxis"),
            ScopeDescription("refusals", "1 driver, 1 client, 15 steps: refused calls up to a suspension and past it"),
            ScopeDescription("rides", "1 driver, 1 client with two routes, 12 steps: a ride, then a second one"),
            ScopeDescription("minutes",
                             "1 driver, 1 client, the clock in minutes, 11 steps: each time window at the minute"),
            ScopeDescription("showcase", "4 drivers, 3 clients, starting after a shared ride was picked up; 5 steps: every status at once"),
            ScopeDescription("city",
                             "2 zones, 3 drivers, 3 clients with two routes each, 200 minutes: for seeded walks"),
            ScopeDescription("liveness", "the liveness properties, decided on the whole graph: 1 driver, 1 client, "
                             + "2 ticks, no depth bound"),
            ScopeDescription("qa", "2 zones, 2 drivers, 2 clients, 7 steps: minutes rather than seconds"),
            ScopeDescription("bench", "the fixed scope verify bench measures (ci's bounds, 10 steps)"),
        ]
    }

    public func spec(for bounds: Scope, literal: Bool) -> MyTaxiModel { MyTaxiModel(scope: bounds, literal: literal) }

    public func adapter(for spec: MyTaxiModel, fault: String?) -> ReferenceAdapter {
        let planted = fault.map { name in
            guard let fault = Fault(rawValue: name) else { preconditionFailure("mytaxi has no fault '\(name)'; the tool checks names against faults") }
            return fault
        }
        return ReferenceAdapter(model: spec, fault: planted)
    }

    public var unexercisedBySuite: [String: String] {
        [
            "clientOneWaitingAndAtLeastOneCompleted": "it speaks of two routes of one client in one ride, which no reachable state has (sameClientmoreRouteInSameRide)",
        ]
    }

    public var faults: [FaultDescription] {
        FaultCatalog.entries.map { entry in
            FaultDescription(name: entry.fault.rawValue, area: entry.fault.area, summary: entry.fault.summary,
                             target: entry.target, property: entry.property, scope: entry.scope, steps: entry.steps)
        }
    }

    public var actions: [ActionDescription] { ActionKind.allCases.map { ActionDescription(name: $0.name, source: $0.source) } }

    public func catalogue(_ format: CatalogueFormat) -> String {
        let properties = Catalog.properties(scope: .ci)
        switch format {
        case .markdown: return CatalogDocument.markdown(properties)
        case .json: return CatalogDocument.json(properties)
        case .text: return CatalogDocument.text(properties)
        }
    }

    public func reportJSON(of scope: Scope) -> JSON {
        .object([
            ("name", .string(scope.name)), ("zones", .integer(scope.zones)), ("drivers", .integer(scope.drivers)),
            ("taxis", .integer(scope.taxis)), ("clients", .integer(scope.clients)),
            ("routesPerClient", .integer(scope.routesPerClient)), ("horizon", .integer(scope.horizon)),
            ("onboarded", .bool(scope.onboarded)),
        ])
    }

    public func benchmark(depth: Int?) -> (description: String, spec: MyTaxiModel, depth: Int?)? {
        var scope = Scope.bench
        if let depth { scope.depth = depth }
        let description = "scope bench (\(scope.zones) zones, \(scope.drivers) drivers, \(scope.taxis) taxis, \(scope.clients) client, depth \(scope.depth ?? 0))"
        return (description, MyTaxiModel(scope: scope), scope.depth)
    }

    /// The Checker's generic form over myTaxi's declaration, with its signatures and with
    /// every permutation, against the hand-tuned form.
    public func symmetryVariants(of spec: MyTaxiModel) -> [(label: String, spec: MyTaxiModel)] {
        [("declared symmetry", true), ("declared, no signatures", false)].map { label, signatures in
            var variant = spec
            variant.symmetryForm = .declared(signatures: signatures)
            return (label, variant)
        }
    }

    public func symmetryExactness(depth: Int?) throws -> [SymmetryExactness] {
        try [("ci", Scope.ci, 7), ("qa", Scope.qa, 5), ("sharing", Scope.sharing, 7)].map { name, base, usual in
            // A shallower bench run (--depth) makes these shallower too.
            let depth = min(usual, depth ?? usual)
            var small = base
            small.depth = depth
            var options = ExplorationOptions()
            options.symmetry = true
            options.maxDepth = depth
            options.checkDeadlock = false
            let kept = try BreadthFirstExplorer(model: MyTaxiModel(scope: small), options: options).run().distinct
            let classes = try BreadthFirstExplorer(model: MyTaxiModel.ExhaustiveSymmetry(MyTaxiModel(scope: small)), options: options).run().distinct
            return SymmetryExactness(label: "\(name) depth \(depth)", kept: kept, classes: classes)
        }
    }
}
