import Checker
import ModelKit

/// A myTaxi state in its JSON shape, the vocabulary of trace files and of a service under
/// test: drivers, clients, taxis' owners, the zones' queues, the routes asked for and the rides
/// by name, statuses as words, minutes as whole numbers, the dispatch line in order.
extension World: DeclaredState {
    public static var fields: [StateField<(state: World, scope: Scope)>] {
        [
            .number("clock") { Int($0.state.clock) },
            .entities(
                "drivers", "d", { whole in whole.scope.driverIDs.map { ($0.index, whole.state.drivers[$0.index]) } },
                fields: [
                    .word("status", among: DriverStatus.allCases.map(\.description)) { "\($0.status)" },
                    .name("zone", "z", optional: true) { $0.zone?.index },
                    .name("taxi", "t", optional: true) { $0.taxi?.index },
                    .number("refusals") { Int($0.refusals) }, .flag("suspended") { $0.suspended },
                    .flag("emailConfirmed") { $0.emailConfirmed }, .flag("activated") { $0.activated },
                ]),
            .entities(
                "clients", "c", { whole in whole.scope.clientIDs.map { ($0.index, whole.state.clients[$0.index]) } },
                fields: [
                    .flag("emailConfirmed") { $0.emailConfirmed }, .number("cards") { Int($0.cards) },
                ]),
            // The drivers who own each taxi.
            .entities(
                "taxiOwners", "t", { whole in whole.scope.taxiIDs.map { ($0.index, (whole: whole, taxi: $0)) } },
                each: .names("owners", "d") { owned in
                    owned.whole.scope.driverIDs.filter { owned.whole.state.owns($0, owned.taxi) }.map(\.index)
                }),
            // Each zone's queue, front first: the driver and the taxi he waits with.
            .entities(
                "queues", "z",
                { whole in
                    whole.scope.zoneIDs.map {
                        ($0.index, Array(zip(whole.state.queue($0), whole.state.queueTaxiList($0))))
                    }
                },
                each: .list(
                    "queue", { $0 }, fields: [.name("driver", "d") { $0.0.index }, .name("taxi", "t") { $0.1.index }])),
            .entities(
                "routes", "r",
                { whole in
                    whole.scope.routeIDs.filter { whole.state.routes[$0.index].status != .unused }
                        .map { ($0.index, (route: whole.state.routes[$0.index], client: whole.scope.client(of: $0))) }
                }, fields: route),
            .entities(
                "rides", "ride",
                { whole in
                    (0..<whole.scope.routes).map(RideID.init).filter { whole.state.rides[$0.index].exists }
                        .map {
                            (
                                $0.index,
                                (ride: whole.state.rides[$0.index], routes: whole.state.routes(of: $0).map(\.index))
                            )
                        }
                },
                fields: [
                    .name("driver", "d") { $0.ride.driver.index }, .name("taxi", "t") { $0.ride.taxi.index },
                    .number("acceptedAt") { Int($0.ride.acceptedAt) }, .names("routes", "r") { $0.routes },
                ]),
            // Requests waiting for a driver, in the order they are offered.
            .nameList("dispatchLine", "r") { $0.state.pendingRequests.map(\.index) },
        ]
    }

    static var route: [StateField<(route: RouteRecord, client: ClientID)>] {
        [
            .name("client", "c") { $0.client.index },
            .word("status", among: RouteStatus.allCases.map(\.description)) { "\($0.route.status)" },
            .name("zone", "z") { $0.route.zone.index }, .number("passengers") { Int($0.route.passengers) },
            .flag("shared") { $0.route.isShared }, .flag("reserved") { $0.route.isReserved },
            .number("pickupAt") { Int($0.route.pickupAt) },
            .name("offeredTo", "d", optional: true) { $0.route.offeredTo?.index },
            .name("ride", "ride", optional: true) { $0.route.ride?.index },
            .name("joined", "r", optional: true) { $0.route.joined?.index },
            .flag("paid") { $0.route.paid },
        ]
    }
}
