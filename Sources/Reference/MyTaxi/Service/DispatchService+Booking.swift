/// Requests, reservations, shared rides, changes and cancellation (000 PF09, PF10, PF21,
/// PF22, UC04-UC06, UC09, UC10; 001 4.3.6; 002 3.2.6, 3.2.7).
extension DispatchService {
    /// A ride now: the request enters the dispatch line at once.
    @discardableResult
    public mutating func requestRide(for id: ClientID, from origin: ZoneID, to destination: ZoneID,
                                     passengers: Int, shared: Bool) throws(ServiceError) -> RouteID {
        try checkCanBook(id, origin: origin, destination: destination)
        if fault == .refusedRequestLeavesRoute {
            // The bug: the route is recorded before the passenger count is checked.
            let route = newRoute(id, origin, destination, passengers, shared, reserved: false, pickupAt: now)
            try checkSeats(passengers, alreadyAboard: 0)
            dispatchLine.append(route)
            return route
        }
        try checkSeats(passengers, alreadyAboard: 0)
        let route = newRoute(id, origin, destination, passengers, shared, reserved: false, pickupAt: now)
        dispatchLine.append(route)
        return route
    }

    /// A reservation between 2 and 48 hours ahead; it is dispatched 10 minutes before.
    @discardableResult
    public mutating func reserveRide(for id: ClientID, from origin: ZoneID, to destination: ZoneID, passengers: Int,
                                     shared: Bool, pickupAt minute: Int) throws(ServiceError) -> RouteID {
        try checkCanBook(id, origin: origin, destination: destination)
        try checkSeats(passengers, alreadyAboard: 0)
        try checkReservationWindow(minute)
        return newRoute(id, origin, destination, passengers, shared, reserved: true, pickupAt: minute)
    }

    /// Joins a shared request or reservation: before a driver accepts it, into its group;
    /// after, into the ride itself, until the passengers are picked up (000 PF09).
    @discardableResult
    public mutating func joinSharedRide(_ target: RouteID, for id: ClientID, to destination: ZoneID,
                                        passengers: Int) throws(ServiceError) -> RouteID {
        let lead = try route(target)
        try checkCanBook(id, origin: lead.origin, destination: destination)
        guard lead.shared else { throw ServiceError(.notAllowedNow, "\(target) is not a shared ride") }
        guard lead.joinedGroupOf == nil else { throw ServiceError(.notAllowedNow, "\(target) joined \(lead.joinedGroupOf!); join that one instead") }
        switch lead.state {
        case .requested:
            let joined = fault == .joinCountsLeaderOnly
                ? 0 : joiners(of: target).reduce(0) { $0 + routes[$1]!.passengers }
            let aboard = lead.passengers + joined
            try checkSeats(passengers, alreadyAboard: aboard)
            let route = newRoute(id, lead.origin, destination, passengers, true, reserved: lead.isReservation, pickupAt: lead.pickupAt)
            routes[route]!.joinedGroupOf = target
            return route
        case .waiting, .onBoard:
            guard lead.state == .waiting || fault == .joinAfterPickup else {
                throw ServiceError(.notAllowedNow, "the passengers of \(target) are already on board")
            }
            let rideID = lead.ride!
            let aboard = rides[rideID]!.routes.reduce(0) { $0 + routes[$1]!.passengers }
            try checkSeats(passengers, alreadyAboard: aboard)
            let route = newRoute(id, lead.origin, destination, passengers, true, reserved: lead.isReservation, pickupAt: lead.pickupAt)
            routes[route]!.state = lead.state
            routes[route]!.ride = rideID
            rides[rideID]!.routes.append(route)
            reprice(rideID)
            // Told at once which taxi comes, as a client who joined before acceptance is told on
            // acceptance (000 §2; Lucia's scenario: she joins and is told taxi, wait and share).
            if fault == .lateJoinerNotConfirmed { return route }
            let ride = rides[rideID]!
            let from = drivers[ride.driver]?.zone ?? lead.origin
            let wait = zones.distance(from, lead.origin) * policy.minutesPerZone
            notifications.append(.confirmation(client: id, route: route, taxi: ride.taxi, waitingMinutes: wait,
                                               fareCents: routes[route]!.fareCents!))
            return route
        case .completed, .cancelled:
            throw ServiceError(.notAllowedNow, "\(target) is \(lead.state.rawValue)")
        }
    }

    /// UC10: a new pickup time for a reservation nobody has joined, while it can change.
    public mutating func modifyReservation(_ id: RouteID, pickupAt minute: Int) throws(ServiceError) {
        let route = try route(id)
        guard route.isReservation else { throw ServiceError(.notAllowedNow, "\(id) is a request now, not a reservation") }
        guard route.joinedGroupOf == nil else { throw ServiceError(.notAllowedNow, "\(id) joined \(route.joinedGroupOf!): only its owner changes the time; leave it instead") }
        guard joiners(of: id).isEmpty else { throw ServiceError(.notAllowedNow, "others have joined \(id), so its time can no longer change") }
        try checkChangeable(route)
        try checkReservationWindow(minute)
        guard minute != route.pickupAt else { throw ServiceError(.alreadyDone, "\(id) is already for minute \(minute)") }
        routes[id]!.pickupAt = minute
    }

    /// A client withdraws a route: a reservation while it can change (UC09), a request now
    /// until pickup (001 4.3.6). When a group's leader leaves, the senior joiner leads it;
    /// when the last route leaves a ride, the driver is free again.
    public mutating func cancelRoute(_ id: RouteID) throws(ServiceError) {
        let route = try route(id)
        if route.isReservation {
            guard route.state == .requested else { throw ServiceError(.notAllowedNow, "\(id) is \(route.state.rawValue); a reservation is cancelled before it is dispatched") }
            try checkChangeable(routes[route.joinedGroupOf ?? id]!)
        } else {
            guard route.state == .requested || route.state == .waiting else {
                throw ServiceError(.notAllowedNow, "\(id) is \(route.state.rawValue) and can no longer be cancelled")
            }
        }
        routes[id]!.offeredTo = nil
        let joiners = joiners(of: id)
        if let heir = joiners.first {
            routes[heir]!.joinedGroupOf = nil
            for other in joiners.dropFirst() { routes[other]!.joinedGroupOf = heir }
            // The heir keeps the leader's place in line.
            if let position = dispatchLine.firstIndex(where: { $0 == id }) { dispatchLine.replace(at: position, with: heir) }
        } else {
            removeFromLine(id)
        }
        if let rideID = route.ride {
            if fault != .cancelledRouteStaysOnRide { rides[rideID]!.routes.removeAll { $0 == id } }
            reprice(rideID)
            if rides[rideID]!.routes.isEmpty {
                rides[rideID]!.state = .cancelled
                let driver = rides[rideID]!.driver
                requeue(driver, in: drivers[driver]!.zone ?? route.origin)
            }
        }
        routes[id]!.state = .cancelled
        routes[id]!.ride = nil
        routes[id]!.joinedGroupOf = nil
    }

    // MARK: Checks and bookkeeping

    func checkCanBook(_ id: ClientID, origin: ZoneID, destination: ZoneID) throws(ServiceError) {
        let account = try client(id)
        _ = try zone(origin)
        _ = try zone(destination)
        guard account.emailConfirmed || fault == .unconfirmedClientBooks else { throw ServiceError(.notConfirmed, "\(id) must confirm the email before booking") }
        let open = fault == .finishedRideCountsAsOpen ? account.routes.last : account.routes.first(where: { routes[$0]!.state.isOpen })
        if let open {
            let state = routes[open]!.state.rawValue
            throw ServiceError(.notAllowedNow, "\(id) already has \(open) open (\(state)); one at a time")
        }
    }

    func checkSeats(_ passengers: Int, alreadyAboard: Int) throws(ServiceError) {
        let seats = fault == .fifthPassengerAccepted ? policy.taxiSeats + 1 : policy.taxiSeats
        guard passengers >= 1 else { throw ServiceError(.capacity, "a ride needs at least 1 passenger, not \(passengers)") }
        let fits = fault == .fullTaxiRequestRefused && alreadyAboard == 0
            ? passengers < seats : alreadyAboard + passengers <= seats
        guard fits else {
            let advertised = policy.taxiSeats
            throw ServiceError(.capacity, "\(passengers) more passenger\(passengers == 1 ? "" : "s") do not fit: \(alreadyAboard) of \(advertised) seats are taken")
        }
    }

    func checkReservationWindow(_ minute: Int) throws(ServiceError) {
        let lead = minute - now
        guard lead >= policy.minimumReservationLeadMinutes, lead <= policy.maximumReservationLeadMinutes else {
            let (earliest, latest) = (policy.minimumReservationLeadMinutes, policy.maximumReservationLeadMinutes)
            throw ServiceError(.outsideWindow, "a pickup \(lead) minutes ahead is outside the reservation window of \(earliest) to \(latest) minutes")
        }
    }

    /// A reservation changes only before it is dispatched, until 10 minutes before pickup.
    func checkChangeable(_ route: Route) throws(ServiceError) {
        let left = route.pickupAt - now
        if fault != .cancelAfterAllocation {
            guard route.state == .requested, !dispatchLine.contains(route.id) else {
                throw ServiceError(.notAllowedNow, "reservation \(route.id.number) is already being dispatched")
            }
        }
        guard left >= policy.allocationLeadMinutes else {
            let lead = policy.allocationLeadMinutes
            throw ServiceError(.notAllowedNow, "reservation \(route.id.number) starts in \(left) minutes; changes are allowed until \(lead) minutes before")
        }
    }

    mutating func newRoute(_ client: ClientID, _ origin: ZoneID, _ destination: ZoneID, _ passengers: Int, _ shared: Bool,
                           reserved: Bool, pickupAt: Int) -> RouteID {
        let id = RouteID(nextRoute)
        nextRoute += 1
        routes[id] = Route(id: id, client: client, origin: origin, destination: destination, passengers: passengers,
                           shared: shared, isReservation: reserved, pickupAt: pickupAt)
        clients[client]!.routes.append(id)
        return id
    }
}
