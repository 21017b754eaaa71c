/// A ride from acceptance to its end, payment, and time (000 PF18, PF19, PF23, PF24, UC08;
/// 001 #11, #13, #14; 002 3.2.3 #15-18).
extension DispatchService {
    /// The driver's ride while its passengers are still waiting to be picked up.
    func rideBeforePickup(of id: DriverID) throws(ServiceError) -> Ride {
        let account = try driver(id)
        guard account.status == .busy, let rideID = activeRide[id], let ride = rides[rideID] else {
            throw ServiceError(.notAllowedNow, "\(id) is not on a ride")
        }
        guard ride.routes.allSatisfy({ routes[$0]!.state == .waiting }) else {
            throw ServiceError(.notAllowedNow, "the passengers of \(ride.id) are already on board")
        }
        return ride
    }

    /// PF23: the driver cannot make it before pickup (a breakdown, an accident: 001 #11).
    /// He goes offline and the request goes back to the front of the line, as one group.
    public mutating func driverCancel(_ id: DriverID) throws(ServiceError) {
        let ride = try rideBeforePickup(of: id)
        let members = bySeniority(ride.routes)
        let leader = members.contains(ride.leadRoute) ? ride.leadRoute : members[0]
        for member in members {
            routes[member]!.state = .requested
            routes[member]!.ride = nil
            routes[member]!.fareCents = nil
            routes[member]!.joinedGroupOf = member == leader ? nil : leader
        }
        rides[ride.id]!.state = .cancelled
        if fault != .driverCancelLosesRequest { dispatchLine.prepend(leader) }
        goOffline(id)
    }

    /// 001 #13: after waiting 5 minutes at the pickup point the driver reports that nobody
    /// came; the routes are cancelled and he waits again in that zone's queue.
    public mutating func reportFakeRequest(_ id: DriverID) throws(ServiceError) {
        let ride = try rideBeforePickup(of: id)
        let wait = policy.fakeRequestWaitMinutes
        let waited = fault == .fakeWaitInClockPeriods ? (now / wait - ride.acceptedAt / wait) * wait
            : now - ride.acceptedAt
        guard waited >= wait || fault == .fakeRequestWithoutWaiting else {
            throw ServiceError(.notAllowedNow, "\(id) has waited \(waited) minutes; a fake request is reported after \(wait)")
        }
        let members = bySeniority(ride.routes)
        for member in members {
            routes[member]!.state = .cancelled
            routes[member]!.ride = nil
            notifications.append(.cancellation(client: routes[member]!.client, route: member, reason: "the driver waited and nobody came"))
        }
        rides[ride.id]!.state = .cancelled
        requeue(id, in: routes[members[0]]!.origin)
    }

    /// The driver confirms the passengers are aboard; nobody joins any more.
    public mutating func confirmPickup(_ id: DriverID) throws(ServiceError) {
        let ride = try rideBeforePickup(of: id)
        if fault == .prepaidClientNotPickedUp, let paid = ride.routes.first(where: { routes[$0]!.payment != nil }) {
            throw ServiceError(.notAllowedNow, "\(paid)'s fare is closed: there is no ride to start")
        }
        for member in ride.routes { routes[member]!.state = .onBoard }
        drivers[id]!.zone = routes[bySeniority(ride.routes)[0]]!.origin
    }

    /// PF18: in advance while waiting (S04), on board, or after the ride; by card only
    /// with a stored card.
    public mutating func pay(_ id: RouteID, by method: PaymentMethod) throws(ServiceError) {
        let route = try route(id)
        guard route.payment == nil else { throw ServiceError(.alreadyDone, "\(id) is already paid") }
        let payable: [RouteState] =
            fault == .onBoardPaymentRefused ? [.waiting, .completed] : [.waiting, .onBoard, .completed]
        guard payable.contains(route.state) else {
            throw ServiceError(.notAllowedNow, "\(id) is \(route.state.rawValue): there is nothing to pay yet")
        }
        guard method == .cash || !(clients[route.client]!.cards.isEmpty) else {
            throw ServiceError(.notAllowedNow, "\(route.client) has no card stored; pay cash")
        }
        routes[id]!.payment = method
    }

    /// A passenger of a shared ride gets out at his own stop (000 PF13 gives the driver each
    /// stop): his route is completed, paid first as at the end of a ride (PF19 R3), while the
    /// others ride on. The last passenger aboard ends the ride with `completeRide`.
    public mutating func dropOff(_ id: RouteID) throws(ServiceError) {
        let route = try route(id)
        guard route.state == .onBoard, let rideID = route.ride, let ride = rides[rideID] else {
            throw ServiceError(.notAllowedNow, "\(id) is \(route.state.rawValue), not on board")
        }
        guard route.payment != nil else { throw ServiceError(.notAllowedNow, "\(id) is not paid yet") }
        guard ride.routes.contains(where: { $0 != id && routes[$0]!.state == .onBoard }) else {
            throw ServiceError(.notAllowedNow, "\(id) is the last passenger aboard \(rideID): the driver completes the ride")
        }
        if fault == .dropOffEndsRide {
            // The bug: the first stop is taken for the end of the whole ride.
            for member in ride.routes { routes[member]!.state = .completed }
            return
        }
        routes[id]!.state = .completed
    }

    /// PF19: the ride ends where the taxi is, once every client has paid.
    public mutating func completeRide(_ id: DriverID, at zone: ZoneID) throws(ServiceError) {
        try finish(id, at: zone, requirePayment: true)
    }

    /// PF24: the ride ends early; the price is recalculated and paid afterwards.
    public mutating func interruptRide(_ id: DriverID, at zone: ZoneID) throws(ServiceError) {
        try finish(id, at: zone, requirePayment: false)
    }

    mutating func finish(_ id: DriverID, at zone: ZoneID, requirePayment: Bool) throws(ServiceError) {
        let account = try driver(id)
        _ = try self.zone(zone)
        guard account.status == .busy, let rideID = activeRide[id], let ride = rides[rideID] else {
            throw ServiceError(.notAllowedNow, "\(id) is not on a ride")
        }
        guard ride.routes.allSatisfy({ routes[$0]!.state == .onBoard || routes[$0]!.state == .completed }) else {
            throw ServiceError(.notAllowedNow, "the passengers of \(rideID) have not all been picked up")
        }
        if requirePayment, let unpaid = ride.routes.first(where: { routes[$0]!.payment == nil }) {
            throw ServiceError(.notAllowedNow, "\(unpaid) is not paid yet")
        }
        for member in ride.routes { routes[member]!.state = .completed }
        rides[rideID]!.state = .finished
        let pickupZone = routes[bySeniority(ride.routes)[0]]!.origin
        requeue(id, in: fault == .completionRequeuesAtPickupZone ? pickupZone : zone)
    }

    /// Time moves on. The scheduler fires due timers first: an offer's answer timeout and a
    /// reservation's dispatch time both come before the clock moves past them. A move may end
    /// at a reservation's dispatch time, not pass it: the move is refused, whatever its
    /// length, when a reservation falls due before it would end.
    public mutating func advanceClock(byMinutes minutes: Int) throws(ServiceError) {
        guard minutes > 0 else { throw ServiceError(.notAllowedNow, "time moves forward, not by \(minutes) minutes") }
        if let offered = routes.values.filter({ $0.offeredTo != nil }).map(\.id).min() {
            let driver = routes[offered]!.offeredTo!
            throw ServiceError(.timersDue, "\(offered) awaits the answer of \(driver) first")
        }
        if let due = routes.values.filter(isDue).map(\.id).min() {
            throw ServiceError(.timersDue, "\(due) is due for dispatch first")
        }
        // The last minute the move passes through before it ends; the fault checks only now.
        let passed = fault == .clockSkipsDueReservation ? now : now + minutes - 1
        if let due = routes.values.filter({ isDue($0, at: passed) }).min(by: { $0.id < $1.id }) {
            let moment = due.pickupAt - allocationLead
            throw ServiceError(.timersDue, "\(due.id) falls due for dispatch at minute \(moment), before this move of \(minutes) minutes ends")
        }
        now += minutes
    }
}
