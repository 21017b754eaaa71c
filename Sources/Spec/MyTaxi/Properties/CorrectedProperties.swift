import Checker

/// Corrected versions of the seed facts and assertions that are wrong for a system that
/// runs over time, or wrong as written. Each names the literal property it replaces; the
/// literal one stays in the catalogue and `--literal` checks it, so the tool can show the
/// legitimate behaviour that breaks it.
enum CorrectedProperties {
    static func all() -> [TaxiPropertyDefinition] {
        return [
            .world("BusyDriverHasCurrentRide", .corrected, source: "corrects 000 fact busyDriverHasACurrentRide", symbol: "CorrectedProperties.busyDriverHasCurrentRide",
                   note: "Quantifies over the driver's rides in progress only, not his finished ones.",
                   reads: [.drivers, .routes, .rides], "A BUSY driver has exactly one ride with a WAITING or ON_BOARD route.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) == .busy {
                    let current = view.rides(of: d).filter(view.hasCurrentRoute)
                    check.expect(current.count == 1, "driver \(d) is BUSY with \(current.count) rides in progress")
                }
            },
            .world("AvailableDriverInOneQueue", .corrected, source: "corrects 000 fact availableDriverInQueue", symbol: "CorrectedProperties.availableDriverInOneQueue",
                   note: "Puts the implication outside the quantifier: all d | AVAILABLE implies one q | d in q.drivers.",
                   reads: [.drivers, .queues], "An AVAILABLE driver is in exactly one queue.") { world, scope, check in
                for d in scope.driverIDs where world.drivers[d.index].status == .available {
                    let zones = world.queues(holding: d, zones: scope.zones)
                    check.expect(zones.count == 1, "driver \(d) is AVAILABLE and in \(zones.count) queues \(list(zones))")
                }
            },
            .world("QueuedDriverIsAvailable", .corrected, source: "corrects 000 fact driverInQueueAvailable", symbol: "CorrectedProperties.queuedDriverIsAvailable",
                   note: "all d | (some q | d in q.drivers) implies AVAILABLE.",
                   reads: [.drivers, .queues], "A driver in a queue is AVAILABLE.") { world, scope, check in
                for z in scope.zoneIDs {
                    for d in world.queue(z) {
                        check.expect(world.drivers[d.index].status == .available, "driver \(d) is in the queue of zone \(z) but is \(world.drivers[d.index].status)")
                    }
                }
            },
            .world("TaxiInOneCurrentRide", .corrected, source: "corrects 000 fact workingNoSameTaxi", symbol: "CorrectedProperties.taxiInOneCurrentRide",
                   note: "Compares rides in progress only: a taxi serves one ride at a time, and many over a day.",
                   reads: [.routes, .rides], "No two rides in progress use the same taxi.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                let current = view.rides.filter(view.hasCurrentRoute)
                for a in current {
                    for b in current where b > a {
                        check.expect(view.taxi(of: a) != view.taxi(of: b), "\(a) and \(b) are both in progress in taxi \(view.taxi(of: a))")
                    }
                }
                if current.count == 1 { check.applies() }
            },
            .world("BusyDriverRideHasNoStaleRoute", .corrected, source: "corrects 000 assert busyDriverNoCurrentRide", symbol: "CorrectedProperties.busyDriverRideHasNoStaleRoute",
                   note: "Reads the assertion's `and` between the two statuses as `or`, over the ride in progress; but a route of a shared ride COMPLETED while another is still ON_BOARD is a passenger dropped off at his stop (dropOff), which the assertion read literally forbids, as if every passenger left at once.",
                   reads: [.drivers, .routes, .rides], "The ride in progress of a BUSY driver has no NOT_ALLOCATED route, and a COMPLETED route only beside one still ON_BOARD (a passenger dropped off at his stop).") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) == .busy {
                    for ride in view.rides(of: d) where view.hasCurrentRoute(ride) {
                        let members = view.routes(of: ride)
                        let aboard = members.contains { view.status($0) == .onBoard }
                        for r in members {
                            let status = view.status(r)
                            check.expect(status.isCurrent || (status == .completed && aboard),
                                         "driver \(d) is BUSY and route \(r) of his \(ride) in progress is \(status)\(status == .completed ? " with nobody left aboard" : "")")
                        }
                    }
                }
            },
        ]
    }
}
