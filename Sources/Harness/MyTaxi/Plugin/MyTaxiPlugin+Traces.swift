import Checker
import MyTaxiSpec

/// myTaxi's states and actions in ITF: `vars` below, integers as {"#bigint": "n"}, sets as
/// {"#set": [...]}, maps as {"#map": [[k, v], ...]}.
extension MyTaxiPlugin {
    public var traceVariables: [String] { ["clock", "drivers", "clients", "taxiOwners", "queues", "routes", "rides", "dispatchLine"] }

    public func traceAction(_ action: TaxiAction) -> (name: String, parameters: [(String, String)]) {
        (action.kind.name, action.parameters.map { ($0.name, $0.value) })
    }

    public func action(named name: String, parameters: [String: String], bounds: Scope) throws(ModelInputError) -> TaxiAction {
        do { return try TaxiAction(name: name, parameters: parameters, scope: bounds) } catch { throw ModelInputError(error.description) }
    }

    public func traceState(_ world: World, bounds scope: Scope) -> [(String, JSON)] {
        func int(_ value: some BinaryInteger) -> JSON { .object([("#bigint", .string("\(value)"))]) }
        func set(_ items: [JSON]) -> JSON { .object([("#set", .array(items))]) }
        func map(_ pairs: [(JSON, JSON)]) -> JSON { .object([("#map", .array(pairs.map { .array([$0.0, $0.1]) }))]) }
        func name(_ id: (some EntityID)?) -> JSON { id.map { .string("\($0)") } ?? .string("") }
        let drivers = scope.driverIDs.map { d -> (JSON, JSON) in
            let r = world.drivers[d.index]
            return (name(d), .object([
                ("status", .string("\(r.status)")), ("zone", name(r.zone)), ("taxi", name(r.taxi)),
                ("refusals", int(r.refusals)), ("suspended", .bool(r.suspended)),
                ("emailConfirmed", .bool(r.emailConfirmed)), ("activated", .bool(r.activated)),
            ]))
        }
        let clients = scope.clientIDs.map { c -> (JSON, JSON) in
            (name(c), .object([("emailConfirmed", .bool(world.clients[c.index].emailConfirmed)), ("cards", int(world.clients[c.index].cards))]))
        }
        let owners = scope.taxiIDs.map { t in (name(t), set(scope.driverIDs.filter { world.owns($0, t) }.map { name($0) })) }
        let queues = scope.zoneIDs.map { z in
            (name(z), JSON.array(zip(world.queue(z), world.queueTaxiList(z)).map { .object([("driver", name($0)), ("taxi", name($1))]) }))
        }
        let routes = scope.routeIDs.filter { world.routes[$0.index].status != .unused }.map { r -> (JSON, JSON) in
            let route = world.routes[r.index]
            return (name(r), .object([
                ("client", name(scope.client(of: r))), ("status", .string("\(route.status)")), ("zone", name(route.zone)),
                ("passengers", int(route.passengers)), ("shared", .bool(route.isShared)), ("reserved", .bool(route.isReserved)),
                ("pickupAt", int(route.pickupAt)), ("offeredTo", name(route.offeredTo)), ("ride", name(route.ride)),
                ("joined", name(route.joined)), ("paid", .bool(route.paid)),
            ]))
        }
        let rides = (0..<scope.routes).map(RideID.init).filter { world.rides[$0.index].exists }.map { ride -> (JSON, JSON) in
            let record = world.rides[ride.index]
            return (name(ride), .object([
                ("driver", name(record.driver)), ("taxi", name(record.taxi)), ("acceptedAt", int(record.acceptedAt)),
                ("routes", set(world.routes(of: ride).map { name($0) })),
            ]))
        }
        return [
            ("clock", int(world.clock)),
            ("drivers", map(drivers)),
            ("clients", map(clients)),
            ("taxiOwners", map(owners)),
            ("queues", map(queues)),
            ("routes", map(routes)),
            ("rides", map(rides)),
            ("dispatchLine", .array(world.pendingRequests.map { name($0) })),
        ]
    }
}
