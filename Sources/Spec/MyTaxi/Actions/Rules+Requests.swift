/// Requests, reservations, joining shared rides, changes and cancellation
/// (000 PF09, PF10, PF21, PF22, UC04-UC06, UC09, UC10; 001 4.3.6; 002 3.2.6, 3.2.7).
extension Rules {
    /// A request now (lead nil) enters the dispatch line at once; a reservation waits for
    /// its allocation. Decision: a client holds at most one open route at a time, which is
    /// what Alloy's clientOneCurrentRoute needs once reservations come due.
    func request(_ c: ClientID, _ z: ZoneID, _ passengers: Int, _ shared: Bool, lead: Int?, _ world: inout World) -> Bool {
        guard inScope(c), inScope(z), world.clients[c.index].emailConfirmed,
              (1...Capacity.maxPassengersPerTaxi).contains(passengers),
              openRoute(of: c, in: world) == nil, let slot = freeSlot(of: c, in: world)
        else { return false }
        if let lead {
            guard lead >= scope.timing.minimumLeadTicks, lead <= scope.timing.maximumLeadTicks,
                  Int(world.clock) + lead <= 250 else { return false }
        }
        world.routes[slot.index].status = .notAllocated
        world.routes[slot.index].zoneRaw = z.raw
        world.routes[slot.index].passengers = UInt8(passengers)
        world.routes[slot.index].isShared = shared
        world.routes[slot.index].isReserved = lead != nil
        world.routes[slot.index].pickupAt = UInt8(Int(world.clock) + (lead ?? 0))
        if lead == nil { world.appendToDispatchLine(slot) }
        return true
    }

    /// Joining a pending shared ride: before allocation the route joins the owner's group;
    /// after acceptance and until pickup it joins the ride itself (000 PF09: "until the Taxi
    /// driver has not confirmed that they have reached the origin"). At most 4 passengers.
    func join(_ c: ClientID, _ owner: RouteID, _ passengers: Int, _ world: inout World) -> Bool {
        guard inScope(c), inScope(owner), world.clients[c.index].emailConfirmed,
              (1...Capacity.maxPassengersPerTaxi).contains(passengers),
              openRoute(of: c, in: world) == nil, let slot = freeSlot(of: c, in: world)
        else { return false }
        let target = world.routes[owner.index]
        guard target.isShared, target.joined == nil else { return false }
        switch target.status {
        case .notAllocated:
            guard groupPassengers(owner: owner, in: world) + passengers <= Capacity.maxPassengersPerTaxi else { return false }
            world.routes[slot.index].status = .notAllocated
            world.routes[slot.index].joined = owner
        case .waiting:
            guard let ride = target.ride,
                  ridePassengers(ride, in: world) + passengers <= Capacity.maxPassengersPerTaxi else { return false }
            world.routes[slot.index].status = .waiting
            world.routes[slot.index].ride = ride
            world.rides[ride.index].routeMask |= 1 << slot.raw
        default:
            return false
        }
        world.routes[slot.index].zoneRaw = target.zoneRaw
        world.routes[slot.index].passengers = UInt8(passengers)
        world.routes[slot.index].isShared = true
        world.routes[slot.index].isReserved = target.isReserved
        world.routes[slot.index].pickupAt = target.pickupAt
        return true
    }

    /// Whether a reservation can still be changed: not yet allocated and at least the
    /// allocation lead (10 minutes) before pickup (000 PF21 R3, PF22 R2, 2.5).
    func isChangeable(_ r: RouteID, in world: World) -> Bool {
        let route = world.routes[r.index]
        return route.status == .notAllocated && route.isReserved
            && !world.isPending(r)
            && Int(route.pickupAt) - Int(world.clock) >= scope.timing.allocationLeadTicks
    }

    /// A reservation its owner can still move: changeable, joined to nobody's, and nobody
    /// joined to it.
    func isMovable(_ r: RouteID, in world: World) -> Bool {
        isChangeable(r, in: world) && world.routes[r.index].joined == nil && world.joiners(of: r, routes: scope.routes).isEmpty
    }

    /// UC10: a new time within the same window as a new reservation; not once somebody
    /// joined (UC10 exception b), and only by the route's owner (a joiner can leave instead).
    func modifyReservation(_ r: RouteID, _ lead: Int, _ world: inout World) -> Bool {
        guard inScope(r), isMovable(r, in: world),
              lead >= scope.timing.minimumLeadTicks, lead <= scope.timing.maximumLeadTicks,
              Int(world.clock) + lead <= 250,
              Int(world.routes[r.index].pickupAt) != Int(world.clock) + lead
        else { return false }
        world.routes[r.index].pickupAt = UInt8(Int(world.clock) + lead)
        return true
    }

    /// A client withdraws a route: a reservation while it is changeable (UC09), a request
    /// now until pickup (001 4.3.6). Decisions: when the owner of a shared group leaves,
    /// the earliest joiner becomes the owner; when the last route leaves an accepted ride,
    /// the ride ends and its driver goes back to the end of his zone's queue.
    func cancelRoute(_ r: RouteID, _ world: inout World) -> Bool {
        guard inScope(r) else { return false }
        let route = world.routes[r.index]
        if route.isReserved {
            // A joiner's reservation is allocated with its owner's: the owner's line decides.
            guard route.status == .notAllocated, isChangeable(route.joined ?? r, in: world) else { return false }
        } else {
            guard route.status == .notAllocated || route.status == .waiting else { return false }
        }
        world.routes[r.index].offeredTo = nil
        let joiners = world.joiners(of: r, routes: scope.routes)
        if let heir = joiners.first {
            world.routes[heir.index].joined = nil
            for other in joiners.dropFirst() { world.routes[other.index].joined = heir }
            world.replaceInDispatchLine(r, with: heir)
        } else {
            world.removeFromDispatchLine(r)
        }
        if let ride = route.ride {
            world.rides[ride.index].routeMask &= ~(1 << r.raw)
            if world.rides[ride.index].routeMask == 0 {
                let driver = world.rides[ride.index].driver
                world.rides[ride.index] = RideRecord()
                requeue(driver, in: world.drivers[driver.index].zone ?? route.zone, world: &world)
            }
        }
        world.routes[r.index].status = .cancelled
        world.routes[r.index].ride = nil
        world.routes[r.index].joined = nil
        return true
    }

    /// A driver who becomes free again joins the back of the queue of the zone he is in.
    @inline(__always)
    func requeue(_ d: DriverID, in zone: ZoneID, world: inout World) {
        world.drivers[d.index].status = .available
        world.drivers[d.index].zone = zone
        if let taxi = world.drivers[d.index].taxi { world.enqueue(d, taxi: taxi, in: zone) }
    }
}
