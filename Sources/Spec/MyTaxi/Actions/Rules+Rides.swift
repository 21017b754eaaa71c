/// A ride from acceptance to its end, and time (000 PF18, PF19, PF23, PF24, UC08; 001 #11,
/// #13, #14; 002 3.2.3 #15-18).
extension Rules {
    /// A busy driver's ride in progress, and how far its routes are: all still WAITING (the
    /// ride is before pickup), all aboard or already dropped off (it can end), all paid.
    struct RideProgress {
        let ride: RideID
        var beforePickup = true, onBoard = true, paid = true
    }

    func rideProgress(of d: DriverID, _ world: World) -> RideProgress? {
        guard inScope(d), world.drivers[d.index].status == .busy, let ride = world.currentRide(of: d) else { return nil }
        var progress = RideProgress(ride: ride)
        for member in world.routes(of: ride) {
            let route = world.routes[member.index]
            progress.beforePickup = progress.beforePickup && route.status == .waiting
            progress.onBoard = progress.onBoard && (route.status == .onBoard || route.status == .completed)
            progress.paid = progress.paid && route.paid
        }
        return progress
    }

    /// The driver's ride in progress whose routes are all still WAITING.
    func rideBeforePickup(of d: DriverID, _ world: World) -> RideID? {
        rideProgress(of: d, world).flatMap { $0.beforePickup ? $0.ride : nil }
    }

    /// PF23: the driver cannot serve an accepted ride before pickup. The request is
    /// dispatched again, first in line (it has waited longest). Decision: the driver goes
    /// OFFLINE, since what stops him (a broken engine, an accident: 001 #11) stops his work.
    func driverCancel(_ d: DriverID, _ world: inout World) -> Bool {
        guard let ride = rideBeforePickup(of: d, world) else { return false }
        let members = world.routes(of: ride)
        let creator = RouteID(raw: ride.raw)
        let owner = members.contains(creator) ? creator : members.first!
        for member in members {
            world.routes[member.index].status = .notAllocated
            world.routes[member.index].ride = nil
            world.routes[member.index].joined = member == owner ? nil : owner
        }
        world.rides[ride.index] = RideRecord()
        world.appendToDispatchLine(owner, atFront: true)
        world.drivers[d.index].status = .offline
        world.drivers[d.index].zone = nil
        world.drivers[d.index].taxi = nil
        return true
    }

    /// 001 #13: after waiting 5 minutes at the pickup the driver reports a fake request: the
    /// routes are cancelled and he is free again, at the back of the pickup zone's queue.
    func signalFakeRequest(_ d: DriverID, _ world: inout World) -> Bool {
        guard let ride = rideBeforePickup(of: d, world),
              Int(world.clock) - Int(world.rides[ride.index].acceptedAt) >= scope.timing.fakeWaitTicks
        else { return false }
        let members = world.routes(of: ride)
        for member in members {
            world.routes[member.index].status = .cancelled
            world.routes[member.index].ride = nil
        }
        world.rides[ride.index] = RideRecord()
        requeue(d, in: world.routes[members.first!.index].zone, world: &world)
        return true
    }

    /// The driver confirms the passengers are aboard: every WAITING route of the ride goes
    /// ON_BOARD (they meet at one point) and nobody can join any more.
    func pickup(_ d: DriverID, _ world: inout World) -> Bool {
        guard let ride = rideBeforePickup(of: d, world) else { return false }
        let members = world.routes(of: ride)
        for member in members { world.routes[member.index].status = .onBoard }
        world.drivers[d.index].zone = world.routes[members.first!.index].zone
        return true
    }

    /// PF18, UC07: the client pays, in advance while waiting (S04), on board, or after an
    /// interruption; by card only with a stored card, otherwise cash.
    @inline(__always)
    func pay(_ r: RouteID, _ byCard: Bool, _ world: inout World) -> Bool {
        guard inScope(r) else { return false }
        let route = world.routes[r.index]
        guard !route.paid, route.status == .waiting || route.status == .onBoard || route.status == .completed,
              !byCard || world.clients[scope.client(of: r).index].cards > 0
        else { return false }
        world.routes[r.index].paid = true
        return true
    }

    /// A passenger of a shared ride gets out at his own stop (000 PF13: the driver is told
    /// each stop and its destination): his route is COMPLETED, paid first as for the end of
    /// a ride (PF19 R3), while the others ride on. The last route aboard ends with the ride
    /// itself (`complete` or `interrupt`), which also frees the driver.
    func dropOff(_ r: RouteID, _ world: inout World) -> Bool {
        guard inScope(r) else { return false }
        let route = world.routes[r.index]
        guard route.status == .onBoard, route.paid, let ride = route.ride,
              world.routes(of: ride).contains(where: { $0 != r && world.routes[$0.index].status == .onBoard })
        else { return false }
        world.routes[r.index].status = .completed
        return true
    }

    /// PF19 (complete: every client has paid, R3) and PF24 (interrupt: the price is
    /// recalculated and paid afterwards). The ride ends in `zone`, and the driver joins the
    /// back of that zone's queue: the zone he is in now, not where the ride began.
    func finish(_ d: DriverID, _ zone: ZoneID, requirePayment: Bool, _ world: inout World) -> Bool {
        guard inScope(zone), let progress = rideProgress(of: d, world), progress.onBoard, !requirePayment || progress.paid
        else { return false }
        let ride = progress.ride
        let members = world.routes(of: ride)
        for member in members { world.routes[member.index].status = .completed }
        requeue(d, in: zone, world: &world)
        return true
    }

    /// Time passes one tick, up to the horizon. Timers that are due fire first: no tick
    /// while an offer waits for its answer (its timeout is shorter than a tick) or while a
    /// reservation is due for allocation.
    ///
    /// Inlined into the listing, as `pay` and `addTaxi` are: tried for every state listed,
    /// each was a call (callgrind, bench with symmetry, 1 worker: the three together 0.987 G
    /// → 0.979 G instructions). Inlining `stopWorking`, `changeZone` or `startWorking`
    /// added instructions instead.
    @inline(__always)
    func tick(_ world: inout World) -> Bool {
        guard Int(world.clock) < scope.horizon,
              !scope.routeIDs.contains(where: { world.routes[$0.index].offeredTo != nil || isDue($0, in: world) })
        else { return false }
        world.clock += 1
        return true
    }
}
