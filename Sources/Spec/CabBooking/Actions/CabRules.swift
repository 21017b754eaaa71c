/// The guarded transitions of the cab booking model. `apply` checks an action's guard and,
/// when it holds, writes its effect: one guard, one effect, written once. Decisions where seed
/// 004 is silent or contradicts itself are the design note's D-numbers, written where they act.
public struct CabRules: Sendable {
    public let scope: CabScope
    /// The fleet's cab types, in type order: the only ones worth choosing. Kept, not derived
    /// per state: the listing runs for every state of a search.
    let fleetTypes: [CabType]

    public init(scope: CabScope) {
        self.scope = scope
        fleetTypes = CabType.allCases.filter(scope.cabTypes.contains)
    }

    var window: Int { scope.timing.windowTicks }

    /// Applies `action` to `world`; false, with `world` unchanged, when its guard does not hold.
    public func apply(_ action: CabAction, to world: inout CabWorld) -> Bool {
        switch action {
        case .login(let p, let right): return login(p, right, &world)
        case .logout(let p):
            guard world.passengers[p].session else { return false }
            world.passengers[p].session = false
            world.lastMessage = .loggedOut
        case .chooseCabType(let p, let type):
            guard world.passengers[p].session else { return false }
            world.passengers[p].selectedType = type
            world.lastMessage = .cabTypeChosen
        case .bookNow(let p, let pickup): return bookNow(p, pickup, &world)
        case .bookLater(let p, let pickup, let lead): return bookLater(p, pickup, lead, &world)
        case .cancel(let p, let b):
            let booking = world.bookings[b]
            guard world.passengers[p].session, booking.owner == p, [.scheduled, .designated, .cabArrived].contains(booking.status) else { return false }
            // D12: until the passenger boards, with no fee; the cab is free where it is; D7: the slot is never reused.
            if booking.cab != CabWorld.none { world.cabs[Int(booking.cab)].booking = CabWorld.none }
            world.bookings[b].status = .cancelled
            world.bookings[b].cab = CabWorld.none
            world.lastMessage = .cancelled
        case .track(let p, let b):
            let booking = world.bookings[b]
            // UC11: a designated booking whose cab has not arrived; a later one from 20 minutes before pickup.
            guard world.passengers[p].session, booking.owner == p, booking.status == .designated,
                  !booking.isLater || Int(world.now) >= Int(booking.pickupAt) - scope.timing.noticeTicks else { return false }
        case .refill(let p, let approved): return refill(p, approved, &world)
        case .board(let b):
            guard world.bookings[b].status == .cabArrived else { return false }
            world.bookings[b].status = .onTrip
            world.bookings[b].boardedAt = world.now
            world.lastMessage = .travelStarted
        case .endTravel(let b, let drop, let charge): return endTravel(b, drop, charge, &world)
        case .repeatTravelEnd(let b):
            // D22: a travel ends and is paid once; the message again changes nothing.
            guard world.bookings[b].status == .completed else { return false }
        case .sendFeedback(let p, let b):
            let booking = world.bookings[b]
            guard world.passengers[p].session, booking.owner == p, booking.status == .completed, !booking.feedback else { return false }
            world.bookings[b].feedback = true
            world.lastMessage = .feedbackSent
        case .tick: return tick(&world)
        }
        return true
    }

    /// UC02: a suspended account is refused and nothing counts (D4); a wrong password counts,
    /// and the third in a row suspends for a day and clears the count (6a.3, 6e.2; D3); the
    /// right one opens a session, clears the count and selects Nano (steps 8-19).
    func login(_ p: Int, _ right: Bool, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].registered, !world.passengers[p].session else { return false }
        if world.passengers[p].isSuspended {
            world.lastMessage = .suspended
        } else if right {
            world.passengers[p].session = true
            world.passengers[p].failures = 0
            world.passengers[p].selectedType = .nano
            world.lastMessage = .loggedIn
        } else if Int(world.passengers[p].failures) + 1 >= 3 {
            world.passengers[p].failures = 0
            world.passengers[p].suspendedUntil = world.now + UInt8(scope.timing.dayTicks)
            world.lastMessage = .suspended
        } else {
            world.passengers[p].failures += 1
            world.lastMessage = .invalidLogin
        }
        return true
    }

    /// UC06: outside the area M33; within the clash window of a live booking of his M16 (D10);
    /// no free cab of the type that arrives within the bound M14; else the fastest, ties to the
    /// lowest cab (BR1, D14).
    func bookNow(_ p: Int, _ pickup: Int, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].session, let slot = world.freeSlot(below: scope.bookings) else { return false }
        let now = Int(world.now)
        if pickup >= scope.pointsInArea { world.lastMessage = .outsideArea; return true }
        if clashes(p, at: now, world) { world.lastMessage = .clash; return true }
        let type = world.passengers[p].selectedType
        guard let (cab, eta) = fastestCab(type, to: pickup, by: now + window, at: now, world) else { world.lastMessage = .noCab; return true }
        var booking = BookingRecord()
        booking.status = .designated
        booking.owner = UInt8(p)
        booking.type = type
        booking.pickup = UInt8(pickup)
        booking.pickupAt = world.now
        booking.createdAt = world.now
        booking.cab = UInt8(cab)
        booking.cabDueAt = UInt8(now + eta)
        world.bookings[slot] = booking
        world.cabs[cab].booking = UInt8(slot)
        world.lastMessage = .bookingConfirmed
        return true
    }

    /// UC07: a lead of 30 minutes or less M15 (7b, across midnight too: D8); more than three
    /// days M18 (BR1, D9); a clash M16 (7c, D10); no cab of the type to count on then M17 (7d,
    /// D11); outside the area M33; else scheduled, its cab chosen 20 minutes before pickup.
    func bookLater(_ p: Int, _ pickup: Int, _ lead: Int, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].session, let slot = world.freeSlot(below: scope.bookings) else { return false }
        let now = Int(world.now), at = now + lead
        if lead <= window { world.lastMessage = .tooSoon; return true }
        if lead > scope.timing.maximumLeadTicks { world.lastMessage = .tooFarAhead; return true }
        if clashes(p, at: at, world) { world.lastMessage = .clash; return true }
        let type = world.passengers[p].selectedType
        let cabsOfType = (0..<scope.cabs).filter { world.cabs[$0].type == type }.count
        let competing = (0..<scope.bookings).filter { b in
            let other = world.bookings[b]
            return other.isLater && other.status.isLive && other.type == type && abs(Int(other.pickupAt) - at) <= window
        }.count
        if competing >= cabsOfType { world.lastMessage = .noCabThen; return true }
        if pickup >= scope.pointsInArea { world.lastMessage = .outsideArea; return true }
        var booking = BookingRecord()
        booking.status = .scheduled
        booking.owner = UInt8(p)
        booking.isLater = true
        booking.type = type
        booking.pickup = UInt8(pickup)
        booking.pickupAt = UInt8(at)
        booking.createdAt = world.now
        world.bookings[slot] = booking
        world.lastMessage = .bookingConfirmed
        return true
    }

    /// UC12: approved and within the limit, the balance grows by the amount (M21); over the
    /// limit M37 (BR4, D20); refused by the gateway M22; nothing else changes.
    func refill(_ p: Int, _ approved: Bool, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].session, world.passengers[p].walletEnrolled else { return false }
        let balance = Int(world.passengers[p].balance)
        if !approved {
            world.lastMessage = .transactionError
        } else if balance + scope.refillAmount > scope.walletLimit {
            world.lastMessage = .walletLimit
        } else {
            world.passengers[p].balance = UInt32(balance + scope.refillAmount)
            world.lastMessage = .walletRefilled
        }
        return true
    }

    /// UC13: the fare from the chart (D18), the waiting charge when the driver chooses it
    /// (UC06 BR3, D17), paid from the wallet when it holds the whole fare, else in cash (D21).
    func endTravel(_ b: Int, _ drop: Int, _ chargeWaiting: Bool, _ world: inout CabWorld) -> Bool {
        let booking = world.bookings[b]
        guard booking.status == .onTrip, drop < scope.pointsInArea else { return false }
        let waited = (Int(booking.boardedAt) - Int(booking.arrivedAt)) * scope.timing.minutesPerTick
        let fare = self.fare(booking, drop: drop) + (chargeWaiting ? waitingCharge(minutes: waited) : 0)
        let p = Int(booking.owner)
        let balance = Int(world.passengers[p].balance)
        if world.passengers[p].walletEnrolled && balance >= fare {
            world.passengers[p].balance = UInt32(balance - fare)
            world.bookings[b].payment = .wallet
            world.lastMessage = .paidByWallet
        } else {
            world.bookings[b].payment = .cash
            world.lastMessage = .paidInCash
        }
        world.bookings[b].fare = UInt32(fare)
        world.bookings[b].status = .completed
        world.bookings[b].cab = CabWorld.none
        world.cabs[Int(booking.cab)].booking = CabWorld.none
        world.cabs[Int(booking.cab)].location = UInt8(drop)
        return true
    }

    /// The chart's fare for the distance, rounded half up to the paisa.
    func fare(_ booking: BookingRecord, drop: Int) -> Int {
        let type = Int(booking.type.rawValue)
        return scope.baseFare[type] + (scope.perKilometre[type] * scope.metres[Int(booking.pickup)][drop] + 500) / 1000
    }

    /// Free for the first ten minutes, then INR 50 for each started half hour (D17).
    public func waitingCharge(minutes: Int) -> Int {
        let free = scope.timing.freeWaitingTicks * scope.timing.minutesPerTick, block = window * scope.timing.minutesPerTick
        return minutes <= free ? 0 : (minutes - free + block - 1) / block * 5_000
    }

    /// The clock moves a tick; then, in order: expired suspensions lift (D4); later bookings
    /// reaching pickup − 20 minutes get their cab, by pickup time then creation, or are
    /// unserved (UC07 BR2, D16); cabs whose ETA is up arrive.
    func tick(_ world: inout CabWorld) -> Bool {
        guard Int(world.now) < scope.horizon else { return false }
        world.now += 1
        let now = Int(world.now)
        for p in 0..<scope.passengers where world.passengers[p].isSuspended && Int(world.passengers[p].suspendedUntil) <= now {
            world.passengers[p].suspendedUntil = 0
            world.passengers[p].failures = 0
        }
        let due = (0..<scope.bookings).filter { world.bookings[$0].status == .scheduled && Int(world.bookings[$0].pickupAt) - scope.timing.noticeTicks <= now }
            .sorted { (world.bookings[$0].pickupAt, world.bookings[$0].createdAt, $0) < (world.bookings[$1].pickupAt, world.bookings[$1].createdAt, $1) }
        for b in due {
            let booking = world.bookings[b]
            if let (cab, eta) = fastestCab(booking.type, to: Int(booking.pickup), by: Int(booking.pickupAt) + window, at: now, world) {
                world.bookings[b].status = .designated
                world.bookings[b].cab = UInt8(cab)
                world.bookings[b].cabDueAt = UInt8(now + eta)
                world.cabs[cab].booking = UInt8(b)
            } else {
                world.bookings[b].status = .unserved
            }
        }
        for b in 0..<scope.bookings where world.bookings[b].status == .designated && Int(world.bookings[b].cabDueAt) <= now {
            world.bookings[b].status = .cabArrived
            world.bookings[b].arrivedAt = world.bookings[b].cabDueAt
            world.cabs[Int(world.bookings[b].cab)].location = world.bookings[b].pickup
        }
        world.lastMessage = .none
        return true
    }

    /// Whether a live booking of the passenger's lies within the window of `time` ("within 30
    /// minutes" includes 30).
    func clashes(_ p: Int, at time: Int, _ world: CabWorld) -> Bool {
        (0..<scope.bookings).contains { b in
            let booking = world.bookings[b]
            return booking.owner == p && booking.status.isLive && abs(Int(booking.pickupAt) - time) <= window
        }
    }

    /// The free cab of `type` that reaches `point` soonest from `time`, by `deadline` (ties to the lowest cab).
    func fastestCab(_ type: CabType, to point: Int, by deadline: Int, at time: Int, _ world: CabWorld) -> (Int, Int)? {
        var best: (Int, Int)?
        for cab in 0..<scope.cabs where world.cabs[cab].type == type && world.cabs[cab].booking == CabWorld.none {
            let eta = scope.eta[Int(world.cabs[cab].location)][point]
            if time + eta <= deadline && (best == nil || eta < best!.1) { best = (cab, eta) }
        }
        return best
    }
}
