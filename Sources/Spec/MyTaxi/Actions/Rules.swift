/// The transition relation: for each action, a guard and an effect, pure and deterministic.
/// `apply` returns nil when the guard does not hold. Decisions where the seeds are silent or
/// disagree are written next to the rule that makes them, and in Invariants/mytaxi.md.
public struct Rules: Sendable {
    public let scope: Scope

    public init(scope: Scope) { self.scope = scope }

    public func apply(_ action: TaxiAction, to world: World) -> World? {
        var next = world
        return apply(action, inPlace: &next) ? next : nil
    }

    /// Applies `action` to `world` where it lies and returns true, or returns false, leaving
    /// `world` untouched, when the guard does not hold. Every rule checks its whole guard
    /// before its first write. The listing uses this form: it copies the source world once,
    /// into the buffer of transitions, and the rule changes it there; returning a new world
    /// cost three more copies of it per transition.
    // Inlined: where the listing knows the action's kind, the switch folds away and the
    // rule is called directly (callgrind, bench: 2.739 G → 2.715 G instructions).
    @inline(__always)
    public func apply(_ action: TaxiAction, inPlace world: inout World) -> Bool {
        switch action {
        case .confirmClientEmail(let c): return confirmClientEmail(c, &world)
        case .confirmDriverEmail(let d): return confirmDriverEmail(d, &world)
        case .activateDriver(let d): return activateDriver(d, &world)
        case .addCard(let c): return addCard(c, &world)
        case .deleteCard(let c): return deleteCard(c, &world)
        case .addTaxi(let d, let t): return addTaxi(d, t, &world)
        case .startWorking(let d, let t, let z): return startWorking(d, t, z, &world)
        case .stopWorking(let d): return stopWorking(d, &world)
        case .changeZone(let d, let z): return changeZone(d, z, &world)
        case .requestRide(let c, let z, let p, let s): return request(c, z, p, s, lead: nil, &world)
        case .reserveRide(let c, let z, let p, let s, let lead): return request(c, z, p, s, lead: lead, &world)
        case .joinSharedRide(let c, let owner, let p): return join(c, owner, p, &world)
        case .modifyReservation(let r, let lead): return modifyReservation(r, lead, &world)
        case .cancelRoute(let r): return cancelRoute(r, &world)
        case .offer(let r, let d): return offer(r, d, &world)
        case .accept(let d): return accept(d, &world)
        case .decline(let d), .answerTimeout(let d): return refuse(d, &world)
        case .allocateReservation(let r): return allocateReservation(r, &world)
        case .driverCancel(let d): return driverCancel(d, &world)
        case .signalFakeRequest(let d): return signalFakeRequest(d, &world)
        case .pickup(let d): return pickup(d, &world)
        case .pay(let r, let byCard): return pay(r, byCard, &world)
        case .dropOff(let r): return dropOff(r, &world)
        case .complete(let d, let z): return finish(d, z, requirePayment: true, &world)
        case .interrupt(let d, let z): return finish(d, z, requirePayment: false, &world)
        case .tick: return tick(&world)
        // Outside the tick abstraction: offered to the Reference only, which must refuse it.
        case .longTick: return false
        }
    }

    // MARK: Shared helpers

    func inScope(_ d: DriverID) -> Bool { d.index < scope.drivers }
    func inScope(_ c: ClientID) -> Bool { c.index < scope.clients }
    func inScope(_ t: TaxiID) -> Bool { t.index < scope.taxis }
    func inScope(_ z: ZoneID) -> Bool { z.index < scope.zones }
    func inScope(_ r: RouteID) -> Bool { r.index < scope.routes }

    /// Withdraws any offer made to `driver`: the request stays in the dispatch line and is
    /// offered again. Not a refusal: the driver left, he did not say no.
    @inline(__always)
    func withdrawOffer(to driver: DriverID, in world: inout World) {
        for r in scope.routeIDs where world.routes[r.index].offeredToRaw == driver.raw {
            world.routes[r.index].offeredTo = nil
        }
    }

    /// The client's open route, if any (requested, reserved, waiting or on board).
    @inline(__always)
    func openRoute(of client: ClientID, in world: World) -> RouteID? {
        scope.routes(of: client).first { world.routes[$0.index].status.isOpen }
    }

    @inline(__always)
    func freeSlot(of client: ClientID, in world: World) -> RouteID? {
        scope.routes(of: client).first { world.routes[$0.index].status == .unused }
    }

    /// Passengers of a shared group: the owner and every route that joined it.
    func groupPassengers(owner: RouteID, in world: World) -> Int {
        Int(world.routes[owner.index].passengers)
            + world.joiners(of: owner, routes: scope.routes).reduce(0) { $0 + Int(world.routes[$1.index].passengers) }
    }

    func ridePassengers(_ ride: RideID, in world: World) -> Int {
        world.routes(of: ride).reduce(0) { $0 + Int(world.routes[$1.index].passengers) }
    }

    /// The zone whose queue receives a request from `zone`: the nearest zone with a driver
    /// in its queue, ties to the lower zone (000 1.2, UC04 step 4 as revised in 5.7).
    @inline(__always)
    public func dispatchZone(for zone: ZoneID, in world: World) -> ZoneID? {
        var best: ZoneID?
        for candidate in scope.zoneIDs where world.queueLength[candidate.index] > 0 {
            // Zones are visited in id order, so a strict comparison keeps the lower zone on ties.
            if best == nil || scope.distance(zone, candidate) < scope.distance(zone, best!) { best = candidate }
        }
        return best
    }
}
