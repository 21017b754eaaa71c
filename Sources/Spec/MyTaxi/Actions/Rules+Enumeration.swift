import Checker

/// Listing actions in a fixed order: kinds in `ActionKind` order, parameters in ascending
/// id order. Each kind first narrows its parameters with cheap checks, then the rule's guard
/// decides; a listed action's successor is computed once, here. The narrowing only skips
/// actions whose guard fails, so it changes no enabled action and no order; it matters
/// because most candidates used to fail (in the bench scope 95% of requests and
/// reservations, for want of a free route slot).
extension Rules {
    /// Every enabled action with its successor, each written once where it stays: its slot
    /// starts as a copy of `world` and the rule changes it in place.
    public func transitions(from world: UnsafePointer<World>, into buffer: TransitionBuffer<TaxiAction, World>) {
        candidates(in: world.pointee, probes: false) { action in
            buffer.append(action, from: world) { apply(action, inPlace: &$0) }
        }
    }

    /// The same, appended to an array (off the explorer's hot path).
    public func transitions(from world: World, into output: inout [Transition<TaxiAction, World>]) {
        let buffer = TransitionBuffer<TaxiAction, World>()
        withUnsafePointer(to: world) { transitions(from: $0, into: buffer) }
        output.append(contentsOf: buffer.transitions)
    }

    /// Candidate actions: with `probes`, also parameter values just outside the seeds'
    /// windows (a lead one tick too short or too long, 0 or 5 passengers) and actions whose
    /// guard obviously fails, which conformance checking offers to the Reference expecting
    /// a refusal. With `probes` the listing depends on the world only through the long tick
    /// at its end (`ProbeCandidates` lists the rest once).
    ///
    /// Inlined into its callers, so that the listing's body (apply the rule, keep the slot)
    /// is inlined at each kind of action instead of called through a closure for every
    /// candidate: callgrind, bench, 1 worker, 2.830 G → 2.739 G instructions.
    @inline(__always)
    public func candidates(in world: World, probes: Bool, _ body: (TaxiAction) -> Void) {
        let drivers = scope.driverIDs, clients = scope.clientIDs, zones = scope.zoneIDs
        let taxis = scope.taxiIDs, routes = scope.routeIDs
        var passengerChoices = scope.passengerChoices, leads = scope.reservationLeads
        if probes {
            passengerChoices = SmallInts([0] + scope.passengerChoices + [Capacity.maxPassengersPerTaxi + 1])
            leads = SmallInts([scope.timing.minimumLeadTicks - 1] + scope.reservationLeads + [scope.timing.maximumLeadTicks + 1])
        }
        for c in clients where probes || !world.clients[c.index].emailConfirmed { body(.confirmClientEmail(client: c)) }
        for d in drivers where probes || !world.drivers[d.index].emailConfirmed { body(.confirmDriverEmail(driver: d)) }
        for d in drivers where probes || !world.drivers[d.index].activated { body(.activateDriver(driver: d)) }
        for c in clients { body(.addCard(client: c)) }
        for c in clients where probes || world.clients[c.index].cards > 0 { body(.deleteCard(client: c)) }
        for d in drivers where probes || world.drivers[d.index].activated {
            for t in taxis where probes || !world.owns(d, t) { body(.addTaxi(driver: d, taxi: t)) }
        }
        for d in drivers where probes || world.drivers[d.index].status == .offline {
            for t in taxis where probes || (world.owns(d, t) && !taxiInUse(t, world)) {
                for z in zones { body(.startWorking(driver: d, taxi: t, zone: z)) }
            }
        }
        for d in drivers where probes || world.drivers[d.index].status == .available { body(.stopWorking(driver: d)) }
        for d in drivers where probes || world.drivers[d.index].status == .available {
            for z in zones where probes || world.drivers[d.index].zoneRaw != z.raw { body(.changeZone(driver: d,
                zone: z)) }
        }
        var requesting = IDSet<ClientID>()
        for c in clients where probes || (world.clients[c.index].emailConfirmed && openRoute(of: c, in: world) == nil
                                          && freeSlot(of: c, in: world) != nil) {
            requesting.insert(c)
        }
        for c in requesting {
            for z in zones { for p in passengerChoices { for s in [false,
                true] { body(.requestRide(client: c, zone: z, passengers: p, shared: s)) } } }
        }
        for c in requesting {
            for z in zones {
                for p in passengerChoices { for s in [false,
                    true] { for lead in leads { body(.reserveRide(client: c, zone: z, passengers: p, shared: s,
                    lead: lead)) } } }
            }
        }
        for c in requesting {
            for owner in routes where probes || world.routes[owner.index].isShared {
                for p in passengerChoices { body(.joinSharedRide(client: c, owner: owner, passengers: p)) }
            }
        }
        for r in routes where probes || isMovable(r, in: world) {
            for lead in leads { body(.modifyReservation(route: r, lead: lead)) }
        }
        for r in routes where probes || world.routes[r.index].status.isOpen { body(.cancelRoute(route: r)) }
        if probes {
            for r in routes { for d in drivers { body(.offer(route: r, driver: d)) } }
        } else if let r = nextRequestToOffer(in: world), let zone = dispatchZone(for: world.routes[r.index].zone, in: world),
                  let head = world.head(of: zone) {
            body(.offer(route: r, driver: head))
        }
        var offered = IDSet<DriverID>()
        for d in drivers where probes || world.offer(to: d, routes: scope.routes) != nil { offered.insert(d) }
        for d in offered { body(.accept(driver: d)) }
        for d in offered { body(.decline(driver: d)) }
        for d in offered { body(.answerTimeout(driver: d)) }
        for r in routes where probes || world.routes[r.index].isReserved { body(.allocateReservation(route: r)) }
        var busy = IDSet<DriverID>()
        for d in drivers where probes || world.drivers[d.index].status == .busy { busy.insert(d) }
        // Busy drivers whose ride is before pickup, or on board (and paid): the rides' rules
        // fail for the others whatever their parameters.
        var beforePickup = IDSet<DriverID>(), onBoard = IDSet<DriverID>(), paid = IDSet<DriverID>()
        for d in busy {
            let progress = probes ? nil : rideProgress(of: d, world)
            if probes || progress?.beforePickup == true { beforePickup.insert(d) }
            if probes || progress?.onBoard == true { onBoard.insert(d) }
            if probes || (progress?.onBoard == true && progress?.paid == true) { paid.insert(d) }
        }
        for d in beforePickup { body(.driverCancel(driver: d)) }
        for d in beforePickup { body(.signalFakeRequest(driver: d)) }
        for d in beforePickup { body(.pickup(driver: d)) }
        for r in routes where probes || (world.routes[r.index].status.isCurrent || world.routes[r.index].status == .completed) {
            for byCard in [false, true] { body(.pay(route: r, byCard: byCard)) }
        }
        for r in routes where probes || (world.routes[r.index].status == .onBoard && world.routes[r.index].paid) {
            body(.dropOff(route: r))
        }
        for d in paid { for z in zones { body(.complete(driver: d, zone: z)) } }
        for d in onBoard { for z in zones { body(.interrupt(driver: d, zone: z)) } }
        body(.tick)
        // Time at the minute: a move one minute past the next tick, when a reservation falls
        // due at that tick, must be refused (a Reference that lets it through leaves the
        // reservation unallocated past its moment).
        if probes && anyFallsDueAtNextTick(in: world) {
            body(.longTick(minutes: scope.timing.minutesPerTick + 1))
        }
    }

    /// Whether some reservation falls due at the next tick (`fallsDueAtNextTick(_:in:)`).
    @usableFromInline
    func anyFallsDueAtNextTick(in world: World) -> Bool {
        scope.routeIDs.contains { fallsDueAtNextTick($0, in: world) }
    }

    /// A reservation not yet due whose allocation moment is the next tick.
    func fallsDueAtNextTick(_ r: RouteID, in world: World) -> Bool {
        let route = world.routes[r.index]
        return route.status == .notAllocated && route.isReserved && route.joined == nil && !world.isPending(r)
            && Int(route.pickupAt) - Int(world.clock) == scope.timing.allocationLeadTicks + 1
    }
}

/// `Rules.candidates(in: world, probes: true, body)`, from a listing made once. With probes,
/// every kind lists all its parameter values whatever the world, but for the long tick a
/// reservation falling due asks for: the listing holds the rest. Why: conformance lists a
/// state's candidates with probes for every state it checks, some 150 of them, and listing
/// them afresh was 7% of a conformance search of the Reference. A test holds the two
/// listings equal on the states of seeded walks. Kept apart from `Rules`, whose copies stay
/// plain data (an array in it cost a retain and a release at every copy).
public struct ProbeCandidates: Sendable {
    public let rules: Rules
    @usableFromInline let listing: [TaxiAction]

    public init(rules: Rules) {
        self.rules = rules
        var listing: [TaxiAction] = []
        // A world with every route slot unused has none falling due: the listing is the
        // part every world shares.
        rules.candidates(in: World(), probes: true) { listing.append($0) }
        self.listing = listing
    }

    /// Inlined into the adapter, so that its filter runs in the loop rather than through a
    /// closure call for each of some 150 candidates.
    @inlinable @inline(__always)
    public func forEach(in world: World, _ body: (TaxiAction) -> Void) {
        for action in listing { body(action) }
        if rules.anyFallsDueAtNextTick(in: world) { body(.longTick(minutes: rules.scope.timing.minutesPerTick + 1)) }
    }
}
