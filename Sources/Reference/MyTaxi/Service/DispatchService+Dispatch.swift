/// Offering requests to drivers and their answers; reservations coming due
/// (000 PF12-PF14, UC04, 2.5; 002 3.2.3-3.2.6).
extension DispatchService {
    public struct Offer: Sendable, Equatable {
        public let route: RouteID
        public let driver: DriverID
        public init(route: RouteID, driver: DriverID) {
            self.route = route
            self.driver = driver
        }
    }

    /// Offers the first request in line that no driver is considering to the driver at the
    /// head of the nearest zone's queue that has one (ties to the lower zone). When that
    /// driver is answering another call, the request waits: queue order is the promise.
    @discardableResult
    public mutating func dispatchNext() throws(ServiceError) -> Offer {
        guard let next = dispatchLine.first(where: { routes[$0]!.offeredTo == nil }) else {
            throw ServiceError(.nothingToDo, "no request is waiting for a driver")
        }
        let origin = routes[next]!.origin
        let candidates = fault == .dispatchOnlyInPickupZone ? [origin] : zones.all
        guard let zone = candidates.filter({ !(queues[$0]!.isEmpty) }).min(by: {
            (zones.distance(origin, $0), $0) < (zones.distance(origin, $1), $1)
        }) else {
            throw ServiceError(.nothingToDo, "no driver is waiting in any queue near \(origin) for \(next)")
        }
        let head = queues[zone]!.first!.driver
        if let held = offer(to: head) {
            throw ServiceError(.nothingToDo, "\(head), first in the queue of \(zone), is still answering the call for \(held)")
        }
        routes[next]!.offeredTo = head
        let route = routes[next]!
        let passengers = route.passengers + joiners(of: next).reduce(0) { $0 + routes[$1]!.passengers }
        notifications.append(.offer(driver: head, route: next, pickup: route.origin, destination: route.destination, passengers: passengers))
        return Offer(route: next, driver: head)
    }

    /// The driver takes the call: he leaves the queue, becomes busy, his refusals start
    /// again from zero, and every client of the group is told the taxi, wait and fare.
    @discardableResult
    public mutating func accept(_ id: DriverID) throws(ServiceError) -> RideID {
        let account = try driver(id)
        guard let offered = offer(to: id) else { throw ServiceError(.nothingToDo, "\(id) has no call to accept") }
        guard account.status == .available, let taxi = account.taxi, let zone = account.zone else {
            throw ServiceError(.notAllowedNow, "\(id) is \(account.status.rawValue) and cannot take a call")
        }
        let members = [offered] + joiners(of: offered)
        let rideID = RideID(nextRide)
        nextRide += 1
        rides[rideID] = Ride(id: rideID, driver: id, taxi: taxi, leadRoute: offered, acceptedAt: now, routes: members)
        for member in members {
            routes[member]!.state = .waiting
            routes[member]!.ride = rideID
            routes[member]!.joinedGroupOf = nil
            routes[member]!.offeredTo = nil
        }
        reprice(rideID)
        for member in members where fault != .confirmsLeadClientOnly || member == offered {
            let route = routes[member]!
            notifications.append(.confirmation(client: route.client, route: member, taxi: taxi,
                                               waitingMinutes: zones.distance(zone, route.origin) * policy.minutesPerZone,
                                               fareCents: route.fareCents!))
        }
        removeFromLine(offered)
        if fault != .acceptLeavesDriverQueued { removeFromQueues(id) }
        drivers[id]!.status = .busy
        if fault != .refusalCountNotResetOnAccept { drivers[id]!.refusalsInARow = 0 }
        activeRide[id] = rideID
        return rideID
    }

    /// The driver says no.
    public mutating func decline(_ id: DriverID) throws(ServiceError) { try refuse(id) }

    /// The driver did not answer in time (30 s in 000 2.5; 1 min in 002 3.2.4): a refusal too.
    public mutating func answerTimedOut(_ id: DriverID) throws(ServiceError) {
        if fault == .answerTimerNeverStarts {
            throw ServiceError(.nothingToDo, "\(id)'s app has not acknowledged the call: no answer timer runs")
        }
        try refuse(id)
    }

    /// The call goes to the next driver and the refusing one to the back of his queue; three
    /// refusals in a row take him out of the queues, five suspend him (000 2.5).
    mutating func refuse(_ id: DriverID) throws(ServiceError) {
        let account = try driver(id)
        guard let offered = offer(to: id) else { throw ServiceError(.nothingToDo, "\(id) has no call to answer") }
        guard let taxi = account.taxi, let zone = account.zone else {
            throw ServiceError(.notAllowedNow, "\(id) is \(account.status.rawValue) and holds no place in a queue")
        }
        routes[offered]!.offeredTo = nil
        let refusals = min(policy.refusalsToSuspend, account.refusalsInARow + 1)
        drivers[id]!.refusalsInARow = refusals
        let limitReached = fault == .thirdRefusalKeepsDriverQueued ? refusals > policy.refusalsToGoOffline : refusals >= policy.refusalsToGoOffline
        if limitReached {
            removeFromQueues(id)
            goOffline(id)
            drivers[id]!.suspended = refusals >= policy.refusalsToSuspend
        } else if fault != .decliningDriverStaysAtHead {
            removeFromQueues(id)
            enqueue(id, taxi: taxi, in: zone)
        }
    }

    /// Ten minutes before pickup a reservation joins the dispatch line (002 3.2.6 #8).
    public mutating func allocateReservation(_ id: RouteID) throws(ServiceError) {
        let route = try route(id)
        guard route.isReservation, route.state == .requested, route.joinedGroupOf == nil, !dispatchLine.contains(id) else {
            throw ServiceError(.notAllowedNow, "\(id) is not a reservation waiting for its time")
        }
        guard isDue(route) else {
            let (lead, minute) = (allocationLead, now)
            throw ServiceError(.notAllowedNow, "\(id) is for minute \(route.pickupAt); it is dispatched \(lead) minutes before, and it is minute \(minute)")
        }
        dispatchLine.append(id)
    }

    /// Sets a ride's total and each route's share from the routes it carries now.
    mutating func reprice(_ id: RideID) {
        let members = rides[id]!.routes
        guard !members.isEmpty else { return }
        let (total, shares) = fares.shares(for: members.map { (routes[$0]!.origin, routes[$0]!.destination, routes[$0]!.passengers) })
        rides[id]!.totalFareCents = total
        for (member, share) in zip(members, shares) { routes[member]!.fareCents = share }
    }

    var allocationLead: Int { fault == .reservationAllocatedLate ? 0 : policy.allocationLeadMinutes }

    /// A reservation whose dispatch time has come and that is not yet in line.
    func isDue(_ route: Route) -> Bool { isDue(route, at: now) }

    /// Whether the reservation's dispatch time has come by `minute`.
    func isDue(_ route: Route, at minute: Int) -> Bool {
        route.isReservation && route.state == .requested && route.joinedGroupOf == nil
            && !dispatchLine.contains(route.id) && route.pickupAt - minute <= allocationLead
    }
}

extension RingBuffer {
    func contains(_ element: Element) -> Bool { firstIndex(where: { $0 == element }) != nil }
}
