import Checker

/// The environments and contention the myTaxi rules must meet before a suite can claim it
/// checked them (`verify list --environments`, `--contention`), each counted where its action
/// is offered.
extension MyTaxiModel {
    public var situations: [Situation<MyTaxiModel>] { MyTaxiSituations.all(rules) }
}

enum MyTaxiSituations {
    static func all(_ rules: Rules) -> [Situation<MyTaxiModel>] {
        let scope = rules.scope
        /// The pending route an offer is for, where the dispatch rule decides it.
        @Sendable func offered(_ action: TaxiAction, _ world: World) -> RouteID? {
            guard case .offer(let r, _) = action, world.isPending(r) else { return nil }
            return r
        }
        /// The zone where a driver's ride began, when he is on one with passengers aboard.
        @Sendable func rideStart(_ d: DriverID, _ world: World) -> ZoneID? {
            guard let progress = rules.rideProgress(of: d, world), progress.onBoard,
                  let first = world.routes(of: progress.ride).first else { return nil }
            return world.routes[first.index].zone
        }
        return [
            .environment("dispatchReach",
                         "A request goes to the head of the nearest zone's queue that has a driver, "
                            + "its own zone first.",
                         source: "000 1.2, UC04 step 4 (5.7); 002 3.2.3", dimensions: [
                             ["a driver queued in the pickup zone", "none queued there"],
                             ["a driver queued in another zone", "none queued elsewhere"]]) { world, action in
                guard let r = offered(action, world) else { return nil }
                let zone = world.routes[r.index].zone
                let elsewhere = scope.zoneIDs.contains { $0 != zone && world.queueLength[$0.index] > 0 }
                return [world.queueLength[zone.index] > 0 ? 0 : 1, elsewhere ? 0 : 1]
            },
            .environment("payment",
                         "A ride is paid in cash, or by card when the client stored one.",
                         source: "000 PF18, PF19 R3",
                         dimensions: [["a card stored", "no card"], ["by card", "in cash"]]) { world, action in
                guard case .pay(let r, let byCard) = action, !world.routes[r.index].paid,
                      world.routes[r.index].status.isCurrent else { return nil }
                return [world.clients[scope.client(of: r).index].cards > 0 ? 0 : 1, byCard ? 0 : 1]
            },
            .environment("rideEnd",
                         "A driver who ends a ride waits again in the queue of the zone where it ended.",
                         source: "000 PF20; 001 #12",
                         dimensions: [["where the ride began", "in another zone"]]) { world, action in
                switch action {
                case .complete(let d, let zone), .interrupt(let d, let zone):
                    guard zone.index < scope.zones, let start = rideStart(d, world) else { return nil }
                    return [zone == start ? 0 : 1]
                default: return nil
                }
            },
            .contention("dispatchLine",
                        "Requests waiting in the dispatch line are offered in the order they arrived.",
                        source: "002 3.2.3 #6", actors: "requests in line", needs: 2) { world, action in
                offered(action, world).map { _ in Int(world.dispatchCount) }
            },
            .contention("zoneQueue",
                        "Drivers queued in one zone are offered calls in the order they queued.",
                        source: "000 1.2, PF12; 002 3.2.3", actors: "drivers in the zone's queue",
                        needs: 2) { world, action in
                offered(action, world).map { Int(world.queueLength[world.routes[$0.index].zone.index]) }
            },
            .contention("sharedRideSeats",
                        "The parties of a shared ride share its four seats: a join is taken only while they hold it.",
                        source: "000 PF09 R2; 002 3.2.7", actors: "parties in one shared ride",
                        needs: 2) { world, action in
                guard case .joinSharedRide(_, let owner, _) = action else { return nil }
                let target = world.routes[owner.index]
                guard target.isShared, target.joined == nil, target.status == .notAllocated || target.status == .waiting
                else { return nil }
                return 2 + world.joiners(of: owner, routes: scope.routes).count
            },
        ]
    }
}
