import Spec

/// Counterexamples as ITF, the Informal Trace Format of Apalache and Quint: `vars`, `states`
/// and `#meta`; integers as {"#bigint": "n"}, sets as {"#set": [...]}, maps as
/// {"#map": [[k, v], ...]}. Each state after the first carries in its `#meta` the action
/// that led to it, with its parameters, so `verify replay` can run the trace again.
enum ITFWriter {
    static let vars = ["clock", "drivers", "clients", "taxiOwners", "queues", "routes", "rides", "dispatchLine"]

    static func document(_ trace: WorldTrace, scope: Scope, target: String, fault: String?) -> JSON {
        var states: [JSON] = [state(trace.initial, index: 0, action: nil, scope: scope)]
        for (number, step) in trace.steps.enumerated() {
            states.append(state(step.state, index: number + 1, action: step.action, scope: scope))
        }
        return .object([
            ("#meta", .object([
                ("format", .string("ITF")),
                ("format-description", .string("https://apalache-mc.org/docs/adr/015adr-trace.html")),
                ("source", .string("mytaxi")),
                ("description", .string("RideCheck counterexample")),
                ("target", .string(target)),
                ("property", trace.propertyID.map(JSON.string) ?? .string("deadlock")),
                ("witness", .string(trace.witness)),
                ("fault", fault.map(JSON.string) ?? .null),
                ("scope", scopeJSON(scope)),
            ])),
            ("vars", .array(vars.map(JSON.string))),
            ("states", .array(states)),
        ])
    }

    /// The scope as replay rebuilds it: the named scope it started from and every bound.
    static func scopeJSON(_ scope: Scope) -> JSON {
        .object([
            ("base", .string(String(scope.name.split(separator: " ").first ?? "ci"))),
            ("zones", .integer(scope.zones)), ("drivers", .integer(scope.drivers)), ("taxis", .integer(scope.taxis)),
            ("clients", .integer(scope.clients)), ("routes", .integer(scope.routesPerClient)), ("horizon", .integer(scope.horizon)),
            ("cards", .integer(scope.maxCards)), ("onboarded", .integer(scope.onboarded ? 1 : 0)),
        ])
    }

    static func int(_ value: some BinaryInteger) -> JSON { .object([("#bigint", .string("\(value)"))]) }
    static func set(_ items: [JSON]) -> JSON { .object([("#set", .array(items))]) }
    static func map(_ pairs: [(JSON, JSON)]) -> JSON { .object([("#map", .array(pairs.map { .array([$0.0, $0.1]) }))]) }
    static func name(_ id: (some EntityID)?) -> JSON { id.map { .string("\($0)") } ?? .string("") }

    static func state(_ world: World, index: Int, action: TaxiAction?, scope: Scope) -> JSON {
        var meta: [(String, JSON)] = [("index", .integer(index))]
        if let action {
            meta.append(("action", .string(action.kind.name)))
            meta.append(("parameters", .object(action.parameters.map { ($0.name, .string($0.value)) })))
        }
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
        return .object([
            ("#meta", .object(meta)),
            ("clock", int(world.clock)),
            ("drivers", map(drivers)),
            ("clients", map(clients)),
            ("taxiOwners", map(owners)),
            ("queues", map(queues)),
            ("routes", map(routes)),
            ("rides", map(rides)),
            ("dispatchLine", .array(world.pendingRequests.map { name($0) })),
        ])
    }
}
