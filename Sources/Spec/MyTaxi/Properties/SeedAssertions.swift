import Checker

/// The 11 assertions of seed 000 section 3.8.1, each under its Alloy name and read
/// literally, and the `show` command as a reachability property. Alloy reported "no
/// counterexample" for all 11 because its facts forbid the worlds that break them; here
/// they are checked against behaviours.
enum SeedAssertions {
    static func source(_ name: String) -> String { "000 3.8.1 assert \(name)" }

    static func all() -> [TaxiPropertyDefinition] {
        return [
            .world("noConfirmedClientWithSomeCCOrRoute", .seedAssertion, source: source("noConfirmedClientWithSomeCCOrRoute"), symbol: "SeedAssertions.noConfirmedClientWithSomeCCOrRoute",
                   reads: [.clients, .routes], "No client without a confirmed email has a credit card or a route.") { world, scope, check in
                SharedChecks.unconfirmedClientHasNothing(world, scope, &check)
            },
            .world("noConfirmedDriverNotOFFLINEOrWithSomeRide", .seedAssertion, source: source("noConfirmedDriverNotOFFLINEOrWithSomeRide"), symbol: "SeedAssertions.noConfirmedDriverNotOFFLINEOrWithSomeRide",
                   reads: [.drivers, .rides], "No driver without a confirmed email is AVAILABLE, BUSY or has a ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where !world.drivers[d.index].emailConfirmed {
                    check.expect(view.status(d) == .offline && view.rides(of: d).isEmpty, "unconfirmed driver \(d) is \(view.status(d)) with rides \(list(view.rides(of: d)))")
                }
            },
            .world("busyDriverInQueue", .seedAssertion, source: source("busyDriverInQueue"), symbol: "SeedAssertions.busyDriverInQueue",
                   reads: [.drivers, .queues], "No BUSY driver is in exactly one queue.") { world, scope, check in
                for d in scope.driverIDs where world.drivers[d.index].status == .busy {
                    let zones = world.queues(holding: d, zones: scope.zones)
                    check.expect(zones.count != 1, "driver \(d) is BUSY and in the queue of zone \(zones.first.map(String.init(describing:)) ?? "")")
                }
            },
            .world("allocatedRouteNotAllocate", .seedAssertion, source: source("allocatedRouteNotAllocate"), symbol: "SeedAssertions.allocatedRouteNotAllocate",
                   reads: [.routes, .rides], "No WAITING, ON_BOARD or COMPLETED route is without a ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for r in view.routes where view.status(r) != .notAllocated {
                    let ride = world.routes[r.index].ride
                    check.expect(ride.map { world.rides[$0.index].exists } ?? false, "route \(r) is \(view.status(r)) but has no ride")
                }
            },
            .world("driverNoTaxiAndAvailableOrRide", .seedAssertion, source: source("driverNoTaxiAndAvailableOrRide"), symbol: "SeedAssertions.driverNoTaxiAndAvailableOrRide",
                   reads: [.drivers, .taxiOwners, .rides], "A driver who is AVAILABLE, BUSY or has a ride owns some taxi.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) != .offline || !view.rides(of: d).isEmpty {
                    check.expect(scope.taxiIDs.contains { world.owns(d, $0) }, "driver \(d) is \(view.status(d)) but owns no taxi")
                }
            },
            .world("sameClientmoreRouteInSameRide", .seedAssertion, source: source("sameClientmoreRouteInSameRide"), symbol: "SeedAssertions.sameClientmoreRouteInSameRide",
                   reads: [.routes, .rides], "No ride carries two routes of the same client.") { world, scope, check in
                SharedChecks.rideHasOneRoutePerClient(world, scope, &check)
            },
            .world("notAllocatedRouteAllocated", .seedAssertion, source: source("notAllocatedRouteAllocated"), symbol: "SeedAssertions.notAllocatedRouteAllocated",
                   reads: [.routes], "No NOT_ALLOCATED route has a ride.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for r in view.routes where view.status(r) == .notAllocated {
                    check.expect(world.routes[r.index].ride == nil, "route \(r) is NOT_ALLOCATED but names \(world.routes[r.index].ride!)")
                }
            },
            .world("clientOneWaitingAndAtLeastOneCompleted", .seedAssertion, source: source("clientOneWaitingAndAtLeastOneCompleted"), symbol: "SeedAssertions.clientOneWaitingAndAtLeastOneCompleted",
                   reads: [.routes, .rides], "No ride carries a WAITING and a COMPLETED route of the same client.") { world, scope, check in
                // The assertion quantifies over two distinct routes of one client in one ride: only
                // such a pair is a case it speaks of (with one route per client there is none).
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides {
                    let members = view.routes(of: ride)
                    for a in members {
                        for b in members where b != a && view.client(of: a) == view.client(of: b) {
                            check.applies()
                            check.expect(!(view.status(a) == .waiting && view.status(b) == .completed),
                                         "\(ride) carries WAITING route \(a) and COMPLETED route \(b) of client \(view.client(of: a))")
                        }
                    }
                }
            },
            .world("moreThanOneRidePerDriverOneOfThemNotCompleted", .seedAssertion, source: source("moreThanOneRidePerDriverOneOfThemNotCompleted"), symbol: "SeedAssertions.moreThanOneRidePerDriverOneOfThemNotCompleted",
                   checkedByDefault: false,
                   note: "Literal: for two rides of one driver it forbids a current route in either, so a driver with a finished ride can never take another. Replaced by the fact driverOneCurrentRide, which says what was meant.",
                   reads: [.routes, .rides], "A driver with two rides has no WAITING or ON_BOARD route in either of them.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs {
                    let rides = view.rides(of: d)
                    guard rides.count >= 2 else { continue }
                    for ride in rides {
                        check.expect(!view.hasCurrentRoute(ride), "driver \(d) has rides \(list(rides)) and \(ride) is still in progress")
                    }
                }
            },
            .world("busyDriverNoCurrentRide", .seedAssertion, source: source("busyDriverNoCurrentRide"), symbol: "SeedAssertions.busyDriverNoCurrentRide",
                   checkedByDefault: false,
                   note: "Literal: asks one route's status to be NOT_ALLOCATED and COMPLETED at once, which no route can be, so it never applies and proves nothing. Replaced by BusyDriverRideHasNoStaleRoute.",
                   reads: [.drivers, .routes, .rides], "No BUSY driver has a ride with a route that is both NOT_ALLOCATED and COMPLETED.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for d in scope.driverIDs where view.status(d) == .busy {
                    for ride in view.rides(of: d) {
                        for r in view.routes(of: ride) where view.status(r) == .notAllocated && view.status(r) == .completed {
                            check.expect(false, "driver \(d)'s route \(r) is both NOT_ALLOCATED and COMPLETED")
                        }
                    }
                }
            },
            .world("notSharedRideShared", .seedAssertion, source: source("notSharedRideShared"), symbol: "SeedAssertions.notSharedRideShared",
                   reads: [.routes, .rides], "In a ride with two or more routes every route is shared.") { world, scope, check in
                SharedChecks.multiRouteRideIsShared(world, scope, &check)
            },
            .world("show", .seedCommand, kind: .reachability, source: "000 3.8.1 pred show, run show for 7", symbol: "SeedAssertions.show",
                   checkedByDefault: false,
                   note: "Needs 2 AVAILABLE, 2 BUSY and 1 OFFLINE driver: unsatisfiable with fewer than 5 drivers. ShowEveryStatus is the same picture scaled to small scopes.",
                   reads: [.drivers, .routes, .rides], "Some state has a shared ride, routes in all four statuses, more than one AVAILABLE and more than one BUSY driver, and an OFFLINE one.") { world, scope, check in
                if Showcase.matches(world, scope: scope, atLeast: 2) { check.applies() }
            },
            .world("ShowEveryStatus", .seedCommand, kind: .reachability, source: "000 3.8.1 pred show, scaled", symbol: "SeedAssertions.showEveryStatus",
                   note: "Needs 4 drivers: a WAITING and an ON_BOARD route sit in two rides (a ride's routes are picked up together), so two drivers are BUSY besides an AVAILABLE and an OFFLINE one; with 3 clients, 14 steps from an empty city, where a search stops at 5 steps and 20,000 random walks of 60 steps never met it. The scope showcase starts 9 steps in, after a shared ride was picked up, and reaches it in 5.",
                   reads: [.drivers, .routes, .rides], "Some state has a shared ride, routes in all four statuses, and AVAILABLE, BUSY and OFFLINE drivers.") { world, scope, check in
                if Showcase.matches(world, scope: scope, atLeast: 1) { check.applies() }
            },
        ]
    }
}

enum Showcase {
    static func matches(_ world: World, scope: Scope, atLeast drivers: Int) -> Bool {
        let view = AlloyView(world: world, scope: scope)
        guard view.rides.contains(where: { view.routes(of: $0).count >= 2 }) else { return false }
        for status in [RouteStatus.notAllocated, .waiting, .onBoard, .completed] where !view.routes.contains(where: { view.status($0) == status }) {
            return false
        }
        let count = { (status: DriverStatus) in scope.driverIDs.filter { view.status($0) == status }.count }
        return count(.available) >= drivers && count(.busy) >= drivers && count(.offline) >= 1
    }
}
