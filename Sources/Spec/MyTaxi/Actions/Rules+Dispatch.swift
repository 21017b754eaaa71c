/// Offering requests to drivers and their answers (000 PF12-PF14, UC04, 2.5; 002 3.2.3-3.2.5).
extension Rules {
    /// The request to offer next: the first in the dispatch line not offered to anyone
    /// (002 3.2.3 #6, order of arrival).
    @inline(__always)
    public func nextRequestToOffer(in world: World) -> RouteID? {
        for slot in 0..<Int(world.dispatchCount) where world.routes[Int(world.dispatchLine[slot])].offeredToRaw == noEntity {
            return RouteID(raw: world.dispatchLine[slot])
        }
        return nil
    }

    /// The dispatcher offers the next request to the head of the nearest queue that has a
    /// driver. Decision: when that head already holds an offer, the request waits for his
    /// answer rather than skipping him: FIFO order within a queue is the seeds' fairness
    /// promise (000 PF12), and the answer comes within a tick.
    func offer(_ r: RouteID, _ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(r), inScope(d), nextRequestToOffer(in: world) == r,
              let zone = dispatchZone(for: world.routes[r.index].zone, in: world),
              world.head(of: zone) == d, world.offer(to: d, routes: scope.routes) == nil
        else { return false }
        world.routes[r.index].offeredTo = d
        return true
    }

    /// The driver accepts: he becomes BUSY and leaves the queue (002 3.2.5), his refusal
    /// count is reset, and a ride is created with the request and every route that joined it.
    func accept(_ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(d), let r = world.offer(to: d, routes: scope.routes),
              world.drivers[d.index].status == .available, let taxi = world.drivers[d.index].taxi
        else { return false }
        let ride = RideID(raw: r.raw)
        world.rides[ride.index] = RideRecord()
        world.rides[ride.index].driverRaw = d.raw
        world.rides[ride.index].taxiRaw = taxi.raw
        world.rides[ride.index].acceptedAt = world.clock
        var members = world.joiners(of: r, routes: scope.routes)
        members.insert(r)
        for member in members {
            world.rides[ride.index].routeMask |= 1 << member.raw
            world.routes[member.index].status = .waiting
            world.routes[member.index].ride = ride
            world.routes[member.index].joined = nil
            world.routes[member.index].offeredTo = nil
        }
        world.removeFromDispatchLine(r)
        world.dequeue(d)
        world.drivers[d.index].status = .busy
        world.drivers[d.index].refusals = 0
        return true
    }

    /// A decline or an answer timeout: the driver goes to the back of his queue and the
    /// request to the next driver (000 UC04 6.ii; 002 3.2.5). Three consecutive refusals take
    /// him out of every queue (OFFLINE); five suspend him (000 2.5). Decision: the count is
    /// reset only by accepting, so it survives going offline; the 3-day suspension is longer
    /// than any horizon, so it lasts to the end of the run.
    func refuse(_ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(d), let r = world.offer(to: d, routes: scope.routes),
              let taxi = world.drivers[d.index].taxi, let zone = world.drivers[d.index].zone
        else { return false }
        world.routes[r.index].offeredTo = nil
        let refusals = min(5, Int(world.drivers[d.index].refusals) + 1)
        world.drivers[d.index].refusals = UInt8(refusals)
        world.dequeue(d)
        if refusals >= 3 {
            world.drivers[d.index].status = .offline
            world.drivers[d.index].zone = nil
            world.drivers[d.index].taxi = nil
            world.drivers[d.index].suspended = refusals >= 5
        } else {
            world.enqueue(d, taxi: taxi, in: zone)
        }
        return true
    }

    /// Ten minutes before pickup the reservation enters the dispatch line (002 3.2.6 #8).
    /// Only the group's owner is dispatched; routes that joined it ride along.
    func allocateReservation(_ r: RouteID, _ world: inout World) -> Bool {
        guard inScope(r), isDue(r, in: world) else { return false }
        world.appendToDispatchLine(r)
        return true
    }

    /// A reservation whose allocation moment has come and that is not yet in line.
    @inline(__always)
    func isDue(_ r: RouteID, in world: World) -> Bool {
        let route = world.routes[r.index]
        return route.status == .notAllocated && route.isReserved && route.joined == nil
            && !world.isPending(r)
            && Int(route.pickupAt) - Int(world.clock) <= scope.timing.allocationLeadTicks
    }
}
