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
/// exist, queues as sets of drivers and taxis. Built for every evaluation of a predicate, so
/// it holds bit masks, not arrays, and no copy of the scope.
struct AlloyView {
    let world: World
    let routesPerClient: Int
    /// Alloy's Route and Ride sets.
    let routes: IDSet<RouteID>
    let rides: IDSet<RideID>

    init(world: World, scope: Scope) {
        self.world = world
        routesPerClient = scope.routesPerClient
        var routes = IDSet<RouteID>(), rides = IDSet<RideID>()
        for index in 0..<scope.routes {
            if world.routes[index].status.isInAlloyModel { routes.insert(RouteID(index)) }
            if world.rides[index].exists { rides.insert(RideID(index)) }
        }
        self.routes = routes
        self.rides = rides
    }

    func status(_ d: DriverID) -> DriverStatus { world.drivers[d.index].status }
    func status(_ r: RouteID) -> RouteStatus { world.routes[r.index].status }
    /// Ride.routes restricted to Alloy's routes.
    func routes(of ride: RideID) -> IDSet<RouteID> { IDSet(mask: routes.mask & world.rides[ride.index].routeMask) }
    func driver(of ride: RideID) -> DriverID { world.rides[ride.index].driver }
    func taxi(of ride: RideID) -> TaxiID { world.rides[ride.index].taxi }
    func rides(of d: DriverID) -> IDSet<RideID> { rides.filter { world.rides[$0.index].driverRaw == d.raw } }
    func queueDrivers(_ z: ZoneID) -> PackedIDs<DriverID> { world.queue(z) }
    func queueTaxis(_ z: ZoneID) -> PackedIDs<TaxiID> { world.queueTaxiList(z) }
    func client(of r: RouteID) -> ClientID { ClientID(r.index / routesPerClient) }
    func hasCurrentRoute(_ ride: RideID) -> Bool { routes(of: ride).contains { status($0).isCurrent } }
}

func list<S: Sequence>(_ items: S) -> String where S.Element: CustomStringConvertible {
    "[" + items.map(\.description).joined(separator: ",") + "]"
}
