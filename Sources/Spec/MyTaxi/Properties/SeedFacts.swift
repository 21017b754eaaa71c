import Checker

/// The 23 named facts of seed 000 section 3.8.1 and the signature fact of TaxiQueue, each
/// under its Alloy name and read literally. Six of them are wrong for a system that runs
/// over time or read literally (see `CorrectedProperties`); they are checked only with
/// `--literal`.
enum SeedFacts {
    static func source(_ name: String) -> String { "000 3.8.1 fact \(name)" }

    static func all() -> [TaxiPropertyDefinition] {
        return [
            .world("activeClientIsConfirmed", .seedFact, source: source("activeClientIsConfirmed"), symbol: "SeedFacts.activeClientIsConfirmed",
                   reads: [.clients, .routes], "A client whose email is not confirmed has no credit card and no route.") { world, scope, check in
                SharedChecks.unconfirmedClientHasNothing(world, scope, &check)
            },
            .world("activeTaxiDriverIsConfirmed", .seedFact, source: source("activeTaxiDriverIsConfirmed"), symbol: "SeedFacts.activeTaxiDriverIsConfirmed",
                   reads: [.drivers, .taxiOwners, .rides], "A driver whose email is not confirmed owns no taxi, drives no ride and is OFFLINE.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where !world.drivers[d.index].emailConfirmed {
                    let taxis = scope.taxiIDs.filter { world.owns(d, $0) }
                    check.expect(taxis.isEmpty && view.rides(of: d).isEmpty && view.status(d) == .offline,
                                 "driver \(d) has not confirmed the email but is \(view.status(d)) with taxis \(list(taxis)) and rides \(list(view.rides(of: d)))")
                }
            },
            .world("offlineDriverNotInQueue", .seedFact, source: source("offlineDriverNotInQueue"), symbol: "SeedFacts.offlineDriverNotInQueue",
                   reads: [.drivers, .queues], "An OFFLINE driver is in no queue.") { world, scope, check in
                for d in scope.driverIDs where world.drivers[d.index].status == .offline {
                    let zones = world.queues(holding: d, zones: scope.zones)
                    check.expect(zones.isEmpty, "driver \(d) is OFFLINE and still in the queue of zone \(zones.first!)")
                }
            },
            .world("busyDriverNotInQueue", .seedFact, source: source("busyDriverNotInQueue"), symbol: "SeedFacts.busyDriverNotInQueue",
                   reads: [.drivers, .queues], "A BUSY driver is in no queue.") { world, scope, check in
                for d in scope.driverIDs where world.drivers[d.index].status == .busy {
                    let zones = world.queues(holding: d, zones: scope.zones)
                    check.expect(zones.isEmpty, "driver \(d) is BUSY and still in the queue of zone \(zones.first!)")
                }
            },
            .world("busyDriverHasACurrentRide", .seedFact, source: source("busyDriverHasACurrentRide"), symbol: "SeedFacts.busyDriverHasACurrentRide",
                   checkedByDefault: false,
                   note: "Literal: quantifies over all of a busy driver's rides, past ones included, so a driver's second ride breaks it. Replaced by BusyDriverHasCurrentRide.",
                   reads: [.drivers, .rides, .routes], "Every route of every ride of a BUSY driver is WAITING or ON_BOARD.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) == .busy {
                    for ride in view.rides(of: d) {
                        for r in view.routes(of: ride) {
                            check.expect(view.status(r).isCurrent, "driver \(d) is BUSY and route \(r) of his \(ride) is \(view.status(r))")
                        }
                    }
                }
            },
            .world("busyDriverOneRide", .seedFact, source: source("busyDriverOneRide"), symbol: "SeedFacts.busyDriverOneRide",
                   reads: [.drivers, .rides], "A BUSY driver has at least one ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) == .busy {
                    check.expect(!view.rides(of: d).isEmpty, "driver \(d) is BUSY but has no ride")
                }
            },
            .world("availableDriverInQueue", .seedFact, source: source("availableDriverInQueue"), symbol: "SeedFacts.availableDriverInQueue",
                   checkedByDefault: false,
                   note: "Literal: `all d | one q | AVAILABLE implies d in q.drivers` puts `one q` around the implication, so a driver who is not AVAILABLE satisfies it for every queue and it demands exactly one queue in the world. The seed's own `show` instance has one zone. Replaced by AvailableDriverInOneQueue.",
                   reads: [.drivers, .queues], "For every driver there is exactly one queue q such that: if the driver is AVAILABLE, he is in q.") { world, scope, check in
                for d in scope.driverIDs {
                    let available = world.drivers[d.index].status == .available
                    let satisfying = scope.zoneIDs.filter { !available || world.queue($0).contains(d) }
                    check.expect(satisfying.count == 1,
                                 "driver \(d) is \(world.drivers[d.index].status): the implication holds for \(satisfying.count) of \(scope.zones) queues, not exactly one")
                }
            },
            .world("driverInQueueAvailable", .seedFact, source: source("driverInQueueAvailable"), symbol: "SeedFacts.driverInQueueAvailable",
                   checkedByDefault: false,
                   note: "Literal: the same misplaced `one q`: an AVAILABLE driver satisfies the implication for every queue, so it also demands a single queue. Replaced by QueuedDriverIsAvailable.",
                   reads: [.drivers, .queues], "For every driver there is exactly one queue q such that: if the driver is in q, he is AVAILABLE.") { world, scope, check in
                for d in scope.driverIDs {
                    let available = world.drivers[d.index].status == .available
                    let satisfying = scope.zoneIDs.filter { !world.queue($0).contains(d) || available }
                    check.expect(satisfying.count == 1,
                                 "driver \(d) is \(world.drivers[d.index].status): the implication holds for \(satisfying.count) of \(scope.zones) queues, not exactly one")
                }
            },
            .world("notAllocatedRouteNoRide", .seedFact, source: source("notAllocatedRouteNoRide"), symbol: "SeedFacts.notAllocatedRouteNoRide",
                   reads: [.routes, .rides], "A NOT_ALLOCATED route belongs to no ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for r in view.routes where view.status(r) == .notAllocated {
                    let rides = view.rides.filter { world.rides[$0.index].contains(r) }
                    check.expect(rides.isEmpty, "route \(r) is NOT_ALLOCATED but belongs to \(rides.first.map(String.init(describing:)) ?? "")")
                }
            },
            .world("allocatedRouteRide", .seedFact, source: source("allocatedRouteRide"), symbol: "SeedFacts.allocatedRouteRide",
                   reads: [.routes, .rides], "A WAITING, ON_BOARD or COMPLETED route belongs to exactly one ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for r in view.routes where view.status(r) != .notAllocated {
                    let rides = view.rides.filter { world.rides[$0.index].contains(r) }
                    check.expect(rides.count == 1, "route \(r) is \(view.status(r)) and belongs to \(rides.count) rides")
                }
            },
            .world("busyDuringRide", .seedFact, source: source("busyDuringRide"), symbol: "SeedFacts.busyDuringRide",
                   reads: [.drivers, .routes, .rides], "A driver with a ride that has a route not COMPLETED is BUSY.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides {
                    for r in view.routes(of: ride) where view.status(r) != .completed {
                        let d = view.driver(of: ride)
                        check.expect(view.status(d) == .busy, "route \(r) of \(ride) is \(view.status(r)) but its driver \(d) is \(view.status(d))")
                    }
                }
            },
            .world("isSharedConsistency", .seedFact, source: source("isSharedConsistency"), symbol: "SeedFacts.isSharedConsistency",
                   reads: [.routes, .rides], "A ride with two or more routes has only shared routes.") { world, scope, check in
                SharedChecks.multiRouteRideIsShared(world, scope, &check)
            },
            .world("sharedRideWithOneCompleted", .seedFact, source: source("sharedRideWithOneCompleted"), symbol: "SeedFacts.sharedRideWithOneCompleted",
                   reads: [.routes, .rides], "No ride has one route COMPLETED and another WAITING.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides {
                    let members = view.routes(of: ride)
                    guard members.count >= 2 else { continue }
                    let done = members.first { view.status($0) == .completed }
                    let waiting = members.first { view.status($0) == .waiting }
                    check.expect(done == nil || waiting == nil, "\(ride): route \(done.map(String.init(describing:)) ?? "") is COMPLETED while route \(waiting.map(String.init(describing:)) ?? "") is WAITING")
                }
            },
            .world("workingNoSameTaxi", .seedFact, source: source("workingNoSameTaxi"), symbol: "SeedFacts.workingNoSameTaxi",
                   checkedByDefault: false,
                   note: "Literal: as soon as anyone is AVAILABLE or BUSY, no two rides in the whole history may share a taxi, so a driver's second ride in his own taxi breaks it. Replaced by TaxiInOneCurrentRide.",
                   reads: [.drivers, .rides], "If some driver is BUSY or AVAILABLE, no two distinct rides use the same taxi.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                guard let working = scope.driverIDs.first(where: { view.status($0) != .offline }) else { return }
                let rides = view.rides
                for a in rides {
                    for b in rides where b > a {
                        check.expect(view.taxi(of: a) != view.taxi(of: b), "driver \(working) is working and \(a) and \(b) both use taxi \(view.taxi(of: a))")
                    }
                }
                if rides.count < 2 { check.applies() }
            },
            .world("taxiUsedOnlyByOneDriver", .seedFact, source: source("taxiUsedOnlyByOneDriver"), symbol: "SeedFacts.taxiUsedOnlyByOneDriver",
                   reads: [.queues, .routes, .rides], "A taxi in a queue is not the taxi of a ride with a WAITING or ON_BOARD route.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides where view.hasCurrentRoute(ride) {
                    for z in scope.zoneIDs {
                        check.expect(!view.queueTaxis(z).contains(view.taxi(of: ride)),
                                     "taxi \(view.taxi(of: ride)) serves \(ride) and is also in the queue of zone \(z)")
                    }
                }
            },
            .world("driverUsesOnlyHisTaxis", .seedFact, source: source("driverUsesOnlyHisTaxis"), symbol: "SeedFacts.driverUsesOnlyHisTaxis",
                   reads: [.taxiOwners, .queues, .rides], "A ride's driver owns its taxi, and every driver in a queue has a taxi of his own in that queue.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides {
                    check.expect(world.owns(view.driver(of: ride), view.taxi(of: ride)),
                                 "\(ride) is driven by \(view.driver(of: ride)) in taxi \(view.taxi(of: ride)), which is not his")
                }
                for z in scope.zoneIDs {
                    for d in view.queueDrivers(z) {
                        check.expect(view.queueTaxis(z).contains { world.owns(d, $0) }, "driver \(d) is in the queue of zone \(z) without a taxi of his in it")
                    }
                }
            },
            .world("routeConsistency", .seedFact, source: source("routeConsistency"), symbol: "SeedFacts.routeConsistency",
                   reads: [.routes, .rides], "A route is in at most one ride; it is in a ride's routes exactly when its ride is that ride; no ride carries two routes of one client.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for r in view.routes {
                    let holders = view.rides.filter { world.rides[$0.index].contains(r) }
                    check.expect(holders.count <= 1, "route \(r) is in \(holders.count) rides \(list(holders))")
                    for ride in view.rides {
                        let listed = world.rides[ride.index].contains(r)
                        let pointsTo = world.routes[r.index].rideRaw == ride.raw
                        check.expect(listed == pointsTo, listed ? "\(ride) lists route \(r) but the route's ride is \(world.routes[r.index].ride.map(String.init(describing:)) ?? "none")" : "route \(r) names \(ride) but the ride does not list it")
                    }
                }
                SharedChecks.rideHasOneRoutePerClient(world, scope, &check)
            },
            .world("clientOneCurrentRoute", .seedFact, source: source("clientOneCurrentRoute"), symbol: "SeedFacts.clientOneCurrentRoute",
                   reads: [.routes], "No client has two routes that are WAITING or ON_BOARD.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for c in scope.clientIDs {
                    let current = view.routes.filter { view.client(of: $0) == c && view.status($0).isCurrent }
                    check.expect(current.count <= 1, "client \(c) has \(current.count) current routes \(list(current))")
                }
            },
            .world("driverOneCurrentRide", .seedFact, source: source("driverOneCurrentRide"), symbol: "SeedFacts.driverOneCurrentRide",
                   reads: [.routes, .rides], "No driver has two rides with a WAITING or ON_BOARD route.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs {
                    let current = view.rides(of: d).filter(view.hasCurrentRoute)
                    check.expect(current.count <= 1, "driver \(d) has \(current.count) current rides \(list(current))")
                }
            },
            .world("zone_queue_relation", .seedFact, source: source("zone_queue_relation"), symbol: "SeedFacts.zone_queue_relation",
                   note: "Holds by construction here: zone z's queue is stored at index z, so zone and queue name each other.",
                   reads: [], "Each zone and its queue name each other.") { _, scope, check in
                check.applies()
            },
            .world("driver_queue_relation", .seedFact, source: source("driver_queue_relation"), symbol: "SeedFacts.driver_queue_relation",
                   reads: [.queues], "No driver is in two queues.") { world, scope, check in
                for d in scope.driverIDs {
                    let zones = world.queues(holding: d, zones: scope.zones)
                    check.expect(zones.count <= 1, "driver \(d) is in the queues of zones \(list(zones))")
                }
            },
            .world("taxi_queue_relation", .seedFact, source: source("taxi_queue_relation"), symbol: "SeedFacts.taxi_queue_relation",
                   reads: [.queues], "No taxi is in two queues.") { world, scope, check in
                for t in scope.taxiIDs {
                    var zones = IDSet<ZoneID>()
                    for z in scope.zoneIDs where world.queueTaxiList(z).contains(t) { zones.insert(z) }
                    check.expect(zones.count <= 1, "taxi \(t) is in the queues of zones \(list(zones))")
                }
            },
            .world("taxi_driver_queue_relation", .seedFact, source: source("taxi_driver_queue_relation"), symbol: "SeedFacts.taxi_driver_queue_relation",
                   reads: [.taxiOwners, .queues], "A taxi in a queue has one of its owners in the same queue.") { world, scope, check in
                for z in scope.zoneIDs {
                    for t in world.queueTaxiList(z) {
                        check.expect(world.queue(z).contains { world.owns($0, t) }, "taxi \(t) is in the queue of zone \(z) without any of its owners")
                    }
                }
            },
            .world("aTaxiPerDriver", .seedFact, source: "000 3.8.1 sig TaxiQueue { #drivers = #taxis }", symbol: "SeedFacts.aTaxiPerDriver",
                   reads: [.queues], "Each queue holds as many distinct taxis as distinct drivers.") { world, scope, check in
                for z in scope.zoneIDs {
                    let drivers = world.queue(z).set.count, taxis = world.queueTaxiList(z).set.count
                    check.expect(drivers == taxis, "the queue of zone \(z) holds \(drivers) drivers but \(taxis) taxis")
                }
            },
        ]
    }
}

/// Predicates the seed states twice, once as a fact and once as an assertion under another
/// Alloy name: both properties stay (each keeps its id), the check is written once.
enum SharedChecks {
    @inline(__always)
    static func unconfirmedClientHasNothing(_ world: World, _ scope: Scope, _ check: inout Check) {
        let view = AlloyView(world: world, scope: scope)
        for c in scope.clientIDs where !world.clients[c.index].emailConfirmed {
            let routes = view.routes.filter { view.client(of: $0) == c }
            check.expect(world.clients[c.index].cards == 0 && routes.isEmpty,
                         "client \(c) has not confirmed the email but has \(world.clients[c.index].cards) card(s) and routes \(list(routes))")
        }
    }

    @inline(__always)
    static func multiRouteRideIsShared(_ world: World, _ scope: Scope, _ check: inout Check) {
        let view = AlloyView(world: world, scope: scope)
        for ride in view.rides {
            let members = view.routes(of: ride)
            guard members.count >= 2 else { continue }
            for r in members {
                check.expect(world.routes[r.index].isShared, "\(ride) carries routes \(list(members)) but route \(r) did not ask to share")
            }
        }
    }

    @inline(__always)
    static func rideHasOneRoutePerClient(_ world: World, _ scope: Scope, _ check: inout Check) {
        let view = AlloyView(world: world, scope: scope)
        for ride in view.rides {
            var clients = IDSet<ClientID>()
            var repeated = false
            for r in view.routes(of: ride) {
                let client = view.client(of: r)
                if clients.contains(client) { repeated = true }
                clients.insert(client)
            }
            check.expect(!repeated, "\(ride) carries two routes of one client: \(list(view.routes(of: ride).map(view.client(of:))))")
        }
    }
}
