import Checker

/// The thresholds the myTaxi rules compare with, each measured where its rule decides an
/// action offered in a state (an enabled one, or a near miss the conformance check offers
/// the Reference expecting a refusal); the default suite must reach each one unit inside, at
/// the value and one unit outside (`verify list --boundaries`). Times are in the scope's
/// ticks, as its actions give them: 5 minutes in most scopes, where the minute inside a tick
/// is probed by the long tick (6 minutes) alone, and 1 minute in `minutes`, which reaches
/// each window at the minute itself and one minute either side (rows of their own).
extension MyTaxiModel: CoverageDeclaring {
    public var boundaries: [Boundary<MyTaxiModel>] { MyTaxiBoundaries.all(rules) }
}

enum MyTaxiBoundaries {
    static func all(_ rules: Rules) -> [Boundary<MyTaxiModel>] {
        let timing = rules.scope.timing, seats = Capacity.maxPassengersPerTaxi
        let inMinutes = timing.minutesPerTick == 1, ticks = inMinutes ? "minutes" : "ticks"
        let minimumLead = timing.minimumLeadTicks, maximumLead = timing.maximumLeadTicks
        let allocationLead = timing.allocationLeadTicks * timing.minutesPerTick
        let fakeWait = timing.fakeWaitTicks * timing.minutesPerTick
        /// The request's rule decides its passengers once the client may ask at all.
        @Sendable func mayAsk(_ c: ClientID, _ world: World) -> Bool {
            world.clients[c.index].emailConfirmed && rules.openRoute(of: c, in: world) == nil
                && rules.freeSlot(of: c, in: world) != nil
        }
        /// What an answer to an offer makes of the driver's refusals in a row.
        @Sendable func refusals(_ action: TaxiAction, _ world: World) -> Int? {
            switch action {
            case .decline(let d), .answerTimeout(let d):
                guard world.offer(to: d, routes: rules.scope.routes) != nil else { return nil }
                return Int(world.drivers[d.index].refusals) + 1
            default: return nil
            }
        }
        /// The lead in ticks of a reservation made or moved, where its window decides it.
        @Sendable func lead(_ action: TaxiAction, _ world: World) -> Int? {
            switch action {
            case .reserveRide(let c, _, let passengers, _, let lead)
                where mayAsk(c, world) && (1...seats).contains(passengers):
                return lead
            case .modifyReservation(let r, let lead) where rules.isMovable(r, in: world): return lead
            default: return nil
            }
        }
        return [
            Boundary("passengersPerRequest",
                     "A request or reservation carries at most 4 passengers: 4 is taken.", source: "000 PF09 R2",
                     unit: "passengers", threshold: seats) { world, action in
                switch action {
                case .requestRide(let c, _, let p, _) where mayAsk(c, world),
                     .reserveRide(let c, _, let p, _, _) where mayAsk(c, world): [p]
                default: []
                }
            },
            Boundary("seatLimit",
                     "A shared ride carries at most 4 passengers: a join that fills it to 4 is taken.",
                     source: "000 PF09 R2; 002 3.2.7", unit: "passengers aboard", threshold: seats) { world, action in
                guard case .joinSharedRide(let c, let owner, let p) = action, mayAsk(c, world),
                      (1...seats).contains(p) else { return [] }
                let target = world.routes[owner.index]
                guard target.isShared, target.joined == nil else { return [] }
                switch target.status {
                case .notAllocated: return [rules.groupPassengers(owner: owner, in: world) + p]
                case .waiting: return target.ride.map { [rules.ridePassengers($0, in: world) + p] } ?? []
                default: return []
                }
            },
            Boundary("reservationLeadMinimum",
                     "A reservation is at least 2 hours ahead (compressed: \(minimumLead) \(ticks)): "
                        + "\(minimumLead) \(ticks) are taken.",
                     source: "002 3.2.6 #7", unit: "\(ticks) ahead", threshold: minimumLead) { world, action in
                lead(action, world).map { [$0] } ?? []
            },
            Boundary("reservationLeadMaximum",
                     "A reservation is at most 48 hours ahead (compressed: \(maximumLead) \(ticks)): "
                        + "\(maximumLead) \(ticks) are taken.",
                     source: "002 3.2.6 #7", unit: "\(ticks) ahead", threshold: maximumLead) { world, action in
                lead(action, world).map { [$0] } ?? []
            },
            // Decided twice: whether the allocation may happen now, and whether the clock may
            // pass a reservation not yet in line (a tick that would land inside the lead is refused).
            Boundary("allocationLead",
                     "A reservation enters the dispatch line "
                        + (inMinutes ? "\(allocationLead) minutes"
                            : "\(timing.allocationLeadTicks) ticks (\(allocationLead) minutes)")
                        + " before pickup; time waits for it.",
                     source: "000 2.5; 002 3.2.6 #8", unit: "\(ticks) before pickup",
                     threshold: timing.allocationLeadTicks) { world, action in
                let waiting = rules.scope.routeIDs.filter { r in
                    let route = world.routes[r.index]
                    return route.status == .notAllocated && route.isReserved && route.joined == nil
                        && !world.isPending(r)
                }
                switch action {
                case .allocateReservation(let r) where waiting.contains(r):
                    return [Int(world.routes[r.index].pickupAt) - Int(world.clock)]
                case .tick: return waiting.map { Int(world.routes[$0.index].pickupAt) - Int(world.clock) - 1 }
                default: return []
                }
            },
            Boundary("changeDeadline",
                     "A reservation may be changed or cancelled until \(allocationLead) minutes"
                        + (inMinutes ? "" : " (\(timing.allocationLeadTicks) ticks)") + " before pickup, not after.",
                     source: "000 PF21 R3, PF22 R2, 2.5", unit: "\(ticks) before pickup",
                     threshold: timing.allocationLeadTicks) { world, action in
                switch action {
                case .modifyReservation(let r, _), .cancelRoute(let r):
                    // In line already or not: the deadline decides either way.
                    let route = world.routes[r.index]
                    guard route.status == .notAllocated, route.isReserved, route.joined == nil else { return [] }
                    return [Int(route.pickupAt) - Int(world.clock)]
                default: return []
                }
            },
            Boundary("refusalsLeaveQueue",
                     "Three refusals in a row take a driver out of every queue: the third does.",
                     source: "000 2.5", unit: "refusals", threshold: 3) { world, action in
                refusals(action, world).map { [$0] } ?? []
            },
            Boundary("refusalsSuspend",
                     "Five refusals in a row suspend a driver; starting work while suspended counts as a sixth.",
                     source: "000 2.5", unit: "refusals", threshold: 5) { world, action in
                if case .startWorking(let d, _, _) = action { return world.drivers[d.index].suspended ? [6] : [] }
                return refusals(action, world).map { [$0] } ?? []
            },
            Boundary("fakeRequestWait",
                     "A driver may report a fake request after waiting \(fakeWait) minutes"
                        + (inMinutes ? "" : " (\(timing.fakeWaitTicks) tick)") + " from accepting.",
                     source: "001 (fake request after 5 minutes)", unit: "\(ticks) waited",
                     threshold: timing.fakeWaitTicks) { world, action in
                guard case .signalFakeRequest(let d) = action,
                      let ride = rules.rideBeforePickup(of: d, world) else { return [] }
                return [Int(world.clock) - Int(world.rides[ride.index].acceptedAt)]
            },
        ]
    }
}
