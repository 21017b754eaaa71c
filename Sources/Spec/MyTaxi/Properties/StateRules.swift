import Checker

/// Rules the seeds state in words, as state invariants.
enum StateRules {
    static func all() -> [TaxiPropertyDefinition] {
        return [
            .world("AtMostFourPassengers", .rule, source: "000 PF09 R2, PF10 R2, 2.5; 002 3.2.7 #6", symbol: "StateRules.atMostFourPassengers",
                   reads: [.routes, .rides], "A ride in progress, and a shared group waiting for a taxi, carries at most 4 passengers.") { world, scope, check in
                let view = AlloyView(world: world, scope: scope)
                for ride in view.rides where view.hasCurrentRoute(ride) {
                    let total = view.routes(of: ride).reduce(0) { $0 + Int(world.routes[$1.index].passengers) }
                    check.expect(total <= 4, "\(ride) carries \(total) passengers")
                }
                for r in scope.routeIDs where world.routes[r.index].status == .notAllocated && world.routes[r.index].joined == nil {
                    let total = Rules(scope: scope).groupPassengers(owner: r, in: world)
                    check.expect(total <= 4, "the shared group of route \(r) has \(total) passengers")
                }
            },
            .world("NoRequestLost", .rule, source: "000 PF09, PF12, UC04; 002 3.2.3 #6", symbol: "StateRules.noRequestLost",
                   reads: [.drivers, .routes, .offers, .rides, .dispatchLine, .clock], "Every route is in exactly one lifecycle state: a request waiting for a driver is in the dispatch line (or joined to one that is), a reservation is in line from its allocation, a WAITING or ON_BOARD route rides with a BUSY driver.") { world, scope, check in
                let line = world.pendingSet
                for r in scope.routeIDs {
                    let route = world.routes[r.index]
                    switch route.status {
                    case .notAllocated:
                        if let owner = route.joined {
                            check.expect(world.routes[owner.index].status == .notAllocated && world.routes[owner.index].joined == nil && !line.contains(r),
                                         "route \(r) joined \(owner), which is \(world.routes[owner.index].status), not a waiting shared request")
                        } else if route.isReserved && !line.contains(r) {
                            check.expect(Int(route.pickupAt) - Int(world.clock) >= scope.timing.allocationLeadTicks,
                                         "reservation \(r) for tick \(route.pickupAt) is past its allocation time at tick \(world.clock) and not in the dispatch line")
                        } else {
                            check.expect(line.contains(r), "request \(r) is NOT_ALLOCATED but not in the dispatch line \(list(line))")
                        }
                    case .waiting, .onBoard:
                        let ride = route.ride
                        // A ride slot without a driver gives none: the predicate must read any world.
                        let driver = ride.flatMap { world.rides[$0.index].exists ? world.rides[$0.index].driver : nil }
                        check.expect(driver.map { world.drivers[$0.index].status == .busy } ?? false,
                                     "route \(r) is \(route.status) but its ride has \(driver.map { "driver \($0), who is \(world.drivers[$0.index].status)" } ?? "no driver")")
                    case .unused, .completed, .cancelled:
                        check.expect(!line.contains(r) && route.offeredTo == nil, "route \(r) is \(route.status) but still in the dispatch line or offered")
                    }
                }
                for r in line {
                    check.expect(world.routes[r.index].status == .notAllocated && world.routes[r.index].joined == nil,
                                 "the dispatch line holds route \(r), which is \(world.routes[r.index].status)")
                }
            },
            .world("ReservationNotOverdue", .rule, source: "000 2.5, Part II; 002 3.2.6 #7-8", symbol: "StateRules.reservationNotOverdue",
                   reads: [.routes, .dispatchLine, .clock], "A reservation not yet allocated is at least the allocation lead (10 minutes) ahead, and no more than the maximum lead (48 hours).") { world, scope, check in
                for r in scope.routeIDs where world.routes[r.index].isReserved && world.routes[r.index].status == .notAllocated
                    && world.routes[r.index].joined == nil && !world.isPending(r) {
                    let ahead = Int(world.routes[r.index].pickupAt) - Int(world.clock)
                    check.expect(ahead >= scope.timing.allocationLeadTicks && ahead <= scope.timing.maximumLeadTicks,
                                 "reservation \(r) is \(ahead) ticks ahead and not allocated (window \(scope.timing.allocationLeadTicks)...\(scope.timing.maximumLeadTicks))")
                }
            },
            .world("OffersGoToQueueHeads", .rule, source: "000 PF12, PF13 R0, 2.5; 002 3.2.3 #5", symbol: "StateRules.offersGoToQueueHeads",
                   reads: [.drivers, .queues, .routes, .offers, .dispatchLine], "A request is offered only to an AVAILABLE, unsuspended driver at the head of a queue, for a request in the dispatch line, and no driver holds two offers.") { world, scope, check in
                // Sets, not arrays: this runs on most states, and arrays cost an allocation each.
                var seen = IDSet<DriverID>(), heads = IDSet<DriverID>()
                for z in scope.zoneIDs { if let head = world.head(of: z) { heads.insert(head) } }
                for r in scope.routeIDs {
                    guard let d = world.routes[r.index].offeredTo else { continue }
                    let driver = world.drivers[d.index]
                    check.expect(driver.status == .available && !driver.suspended && heads.contains(d) && world.isPending(r),
                                 "request \(r) is offered to driver \(d), who is \(driver.status)\(driver.suspended ? ", suspended" : "")\(heads.contains(d) ? "" : ", not at the head of a queue")")
                    check.expect(!seen.contains(d), "driver \(d) holds two offers at once")
                    seen.insert(d)
                }
            },
            .world("SuspendedDriverIsOffline", .rule, source: "000 2.5 (5 refusals suspend)", symbol: "StateRules.suspendedDriverIsOffline",
                   reads: [.drivers], "A suspended driver is OFFLINE, and a driver who refused 5 calls in a row is suspended.") { world, scope, check in
                for d in scope.driverIDs where world.drivers[d.index].suspended || world.drivers[d.index].refusals >= 5 {
                    check.expect(world.drivers[d.index].suspended && world.drivers[d.index].status == .offline,
                                 "driver \(d) refused \(world.drivers[d.index].refusals) calls in a row, is \(world.drivers[d.index].status) and \(world.drivers[d.index].suspended ? "" : "not ")suspended")
                }
            },
            .world("OneTaxiPerWorkingDriver", .rule, source: "000 PF08 R2; 3.8.1 sig TaxiQueue", symbol: "StateRules.oneTaxiPerWorkingDriver",
                   reads: [.drivers, .taxiOwners], "A working driver works with one taxi he owns, and no two working drivers use the same taxi.") { world, scope, check in
                let working = scope.driverIDs.filter { world.drivers[$0.index].status != .offline }
                for d in working {
                    let taxi = world.drivers[d.index].taxi
                    check.expect(taxi.map { world.owns(d, $0) } ?? false, "driver \(d) is \(world.drivers[d.index].status) with \(taxi.map { "taxi \($0), which is not his" } ?? "no taxi")")
                    if let taxi, let other = working.first(where: { $0 != d && world.drivers[$0.index].taxiRaw == taxi.raw }) {
                        check.expect(false, "drivers \(d) and \(other) both work with taxi \(taxi)")
                    }
                }
            },
            .world("CancelledRouteDetached", .rule, source: "000 PF22, PF23, UC09; 001 4.3.5-4.3.7", symbol: "StateRules.cancelledRouteDetached",
                   reads: [.routes, .offers, .rides], "A cancelled route belongs to no ride, is listed by no ride and is not offered.") { world, scope, check in
                for r in scope.routeIDs where world.routes[r.index].status == .cancelled {
                    let listing = IDRange<RideID>(count: scope.routes).filter { world.rides[$0.index].exists && world.rides[$0.index].contains(r) }
                    check.expect(world.routes[r.index].ride == nil && listing.isEmpty && world.routes[r.index].offeredTo == nil,
                                 "route \(r) is CANCELLED but still attached to \(listing.first.map(String.init(describing:)) ?? world.routes[r.index].ride.map(String.init(describing:)) ?? "an offer")")
                }
            },
        ]
    }
}
