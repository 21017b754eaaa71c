import Checker

/// The groups of the catalogue.
public enum PropertyGroup: String, Sendable, CaseIterable {
    case seedFact = "seed fact"
    case seedAssertion = "seed assertion"
    case seedCommand = "seed command"
    case corrected = "corrected"
    case rule = "rule"
}

/// Collects what a predicate saw: whether its antecedent ever applied, and the first
/// violation, phrased for a person.
struct Check {
    private(set) var applied = false
    private(set) var witness: String?

    mutating func applies() { applied = true }

    /// Records that the antecedent applied and, if `ok` is false, the violation.
    mutating func expect(_ ok: Bool, _ message: @autoclosure () -> String) {
        applied = true
        if !ok && witness == nil { witness = message() }
    }

    var verdict: Verdict {
        if let witness { return .violated(witness: witness) }
        return applied ? .holds : .vacuous
    }
}

typealias TaxiProperty = Property<MyTaxiModel>

extension Property where M == MyTaxiModel {
    /// A state property over the world, with the scope at hand.
    static func world(
        _ id: String, _ group: PropertyGroup, kind: PropertyKind = .invariant, source: String, symbol: String,
        checkedByDefault: Bool = true, note: String = "", scope: Scope, _ statement: String,
        _ body: @escaping @Sendable (World, Scope, inout Check) -> Void
    ) -> TaxiProperty {
        TaxiProperty(
            id: id, kind: kind, group: group.rawValue, statement: statement, source: source, symbol: symbol,
            note: note, checkedByDefault: checkedByDefault,
            predicate: .state { world in
                var check = Check()
                body(world, scope, &check)
                return check.verdict
            })
    }

    /// An action property over (before, action, after).
    static func step(
        _ id: String, source: String, symbol: String, note: String = "", scope: Scope, _ statement: String,
        _ body: @escaping @Sendable (World, TaxiAction, World, Scope, inout Check) -> Void
    ) -> TaxiProperty {
        TaxiProperty(
            id: id, kind: .actionProperty, group: PropertyGroup.rule.rawValue, statement: statement, source: source,
            symbol: symbol, note: note,
            predicate: .transition { before, action, after in
                var check = Check()
                body(before, action, after, scope, &check)
                return check.verdict
            })
    }
}

/// The world as the Alloy model sees it: routes in one of Alloy's four statuses, rides that
/// exist, queues as sets of drivers and taxis.
struct AlloyView {
    let world: World
    let scope: Scope
    /// Alloy's Route and Ride sets, computed once per evaluation.
    let routes: [RouteID]
    let rides: [RideID]

    init(world: World, scope: Scope) {
        self.world = world
        self.scope = scope
        routes = scope.routeIDs.filter { world.routes[$0.index].status.isInAlloyModel }
        rides = (0..<scope.routes).compactMap { world.rides[$0].exists ? RideID($0) : nil }
    }

    func status(_ d: DriverID) -> DriverStatus { world.drivers[d.index].status }
    func status(_ r: RouteID) -> RouteStatus { world.routes[r.index].status }
    /// Ride.routes restricted to Alloy's routes.
    func routes(of ride: RideID) -> [RouteID] { routes.filter { world.rides[ride.index].contains($0) } }
    func driver(of ride: RideID) -> DriverID { world.rides[ride.index].driver }
    func taxi(of ride: RideID) -> TaxiID { world.rides[ride.index].taxi }
    func rides(of d: DriverID) -> [RideID] { rides.filter { driver(of: $0) == d } }
    func queueDrivers(_ z: ZoneID) -> [DriverID] { world.queue(z) }
    func queueTaxis(_ z: ZoneID) -> [TaxiID] { world.queueTaxiList(z) }
    func client(of r: RouteID) -> ClientID { scope.client(of: r) }
    func hasCurrentRoute(_ ride: RideID) -> Bool { routes(of: ride).contains { status($0).isCurrent } }
}

func list<S: Sequence>(_ items: S) -> String where S.Element: CustomStringConvertible {
    "[" + items.map(\.description).joined(separator: ",") + "]"
}
