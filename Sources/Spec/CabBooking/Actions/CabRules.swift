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

    var window: Int { scope.timing.windowMinutes }

    /// Applies `action` to `world`; false, with `world` unchanged, when its guard does not hold.
    public func apply(_ action: CabAction, to world: inout CabWorld) -> Bool {
        switch action {
        case .register(let p, let email, let mobile, let confirmed): return register(p, email, mobile, confirmed, &world)
        case .changePassword(let p, let right): return changePassword(p, right, &world)
        case .forgotPassword(let p):
            // UC04 (D2): the password is mailed to the registered address; an unknown mobile M12.
            world.lastMessage = world.passengers[p].registered ? .passwordMailed : .unknownMobile
        case .addFavourite(let p, let place): return addFavourite(p, place, &world)
        case .retryRefill(let p):
            // A retried confirmation of a credited refill credits nothing (the gateway's request id).
            guard world.passengers[p].session, world.passengers[p].refillCredited else { return false }
            world.lastMessage = .walletRefilled
        case .login(let p, let right): return login(p, right, &world)
        case .logout(let p):
            guard world.passengers[p].session else { return false }
            world.passengers[p].session = false
            world.lastMessage = .loggedOut
        case .chooseCabType(let p, let type):
            guard world.passengers[p].session else { return false }
            world.passengers[p].selectedType = type
            world.lastMessage = .cabTypeChosen
        case .bookNow(let p, let pickup, let promo): return bookNow(p, pickup, promo, &world)
        case .bookLater(let p, let pickup, let lead, let promo): return bookLater(p, pickup, lead, promo, &world)
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
                  !booking.isLater || Int(world.now) >= Int(booking.pickupAt) - scope.timing.noticeMinutes else { return false }
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
        case .advance(let minutes): return advance(minutes, &world)
        }
        return true
    }

    /// UC01: the confirmation must match (3b, M03); the e-mail (6a, M04) and the mobile number
    /// (D1, M04b) must be new; then the passenger is registered, without a session or a wallet.
    func register(_ p: Int, _ email: Int, _ mobile: Int, _ confirmed: Bool, _ world: inout CabWorld) -> Bool {
        guard !world.passengers[p].registered else { return false }
        let others = (0..<scope.passengers).filter { $0 != p && world.passengers[$0].registered }
        if !confirmed {
            world.lastMessage = .passwordsDiffer
        } else if others.contains(where: { Int(world.passengers[$0].email) == email }) {
            world.lastMessage = .emailTaken
        } else if others.contains(where: { Int(world.passengers[$0].mobile) == mobile }) {
            world.lastMessage = .mobileTaken
        } else {
            world.passengers[p].registered = true
            world.passengers[p].email = UInt8(email)
            world.passengers[p].mobile = UInt8(mobile)
            world.lastMessage = .registered
        }
        return true
    }

    /// UC03, with or without a session (D5): a suspended account is refused (M09); a wrong
    /// current password counts as a failed login, the third suspending (6a.3, 6e.2; D3); the
    /// right one changes the password, clears the count and ends the session (D5).
    func changePassword(_ p: Int, _ right: Bool, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].registered else { return false }
        if world.passengers[p].isSuspended {
            world.lastMessage = .suspendedOnChange
        } else if right {
            world.passengers[p].passwordVersion ^= 1
            world.passengers[p].failures = 0
            world.passengers[p].session = false
            world.lastMessage = .passwordChanged
        } else if countFailure(p, &world) {
            world.lastMessage = .suspendedOnChange
        } else {
            world.lastMessage = .passwordWrong
        }
        return true
    }

    /// A failed authentication: the third in a row suspends for a day, clears the count and
    /// ends any session (UC02 6e.2, UC03 6e.2; D3). True when it suspended.
    func countFailure(_ p: Int, _ world: inout CabWorld) -> Bool {
        guard Int(world.passengers[p].failures) + 1 >= 3 else {
            world.passengers[p].failures += 1
            return false
        }
        world.passengers[p].failures = 0
        world.passengers[p].session = false
        world.passengers[p].suspendedUntil = world.now + UInt8(scope.timing.dayMinutes)
        return true
    }

    /// UC20: a place already saved M30; within the radius of a saved one M31 (11a, D24); past
    /// the limit M32 (BR1, D23); else saved (M29). Only with a session.
    func addFavourite(_ p: Int, _ place: Int, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].session else { return false }
        let saved = world.passengers[p].favourites
        let places = (0..<scope.favouriteOffsets.count).filter { saved & (1 << $0) != 0 }
        if saved & (1 << place) != 0 {
            world.lastMessage = .favouriteNameTaken
        } else if places.contains(where: { abs(scope.favouriteOffsets[$0] - scope.favouriteOffsets[place]) <= scope.favouriteRadiusMetres }) {
            world.lastMessage = .favouriteTooClose
        } else if places.count >= scope.favouriteLimit {
            world.lastMessage = .favouriteLimit
        } else {
            world.passengers[p].favourites |= 1 << place
            world.lastMessage = .favouriteSaved
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
        } else {
            world.lastMessage = countFailure(p, &world) ? .suspended : .invalidLogin
        }
        return true
    }

    /// UC06: outside the area M33; within the clash window of a live booking of his M16 (D10);
    /// no free cab of the type that arrives within the bound M14; else the fastest, ties to the
    /// lowest cab (BR1, D14).
    func bookNow(_ p: Int, _ pickup: Int, _ promo: Bool, _ world: inout CabWorld) -> Bool {
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
        booking.promo = promo
        world.bookings[slot] = booking
        world.cabs[cab].booking = UInt8(slot)
        world.lastMessage = .bookingConfirmed
        return true
    }

    /// UC07: a lead of 30 minutes or less M15 (7b, across midnight too: D8); more than three
    /// days M18 (BR1, D9); a clash M16 (7c, D10); no cab of the type to count on then M17 (7d,
    /// D11); outside the area M33; else scheduled, its cab chosen 20 minutes before pickup.
    func bookLater(_ p: Int, _ pickup: Int, _ lead: Int, _ promo: Bool, _ world: inout CabWorld) -> Bool {
        guard world.passengers[p].session, let slot = world.freeSlot(below: scope.bookings) else { return false }
        let now = Int(world.now), at = now + lead
        if lead <= window { world.lastMessage = .tooSoon; return true }
        if lead > scope.timing.maximumLeadMinutes { world.lastMessage = .tooFarAhead; return true }
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
        booking.promo = promo
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
            world.passengers[p].refillCredited = true
            world.lastMessage = .walletRefilled
        }
        return true
    }

    /// UC13: the fare from the chart (D18), the waiting charge when the driver chooses it
    /// (UC06 BR3, D17), less 10% on the passenger's first travel when he booked it with the
    /// promo code (UC01 BR7, D19), paid from the wallet when it holds the whole fare, else in
    /// cash (D21). The first travel spends the promo whether it was used or not.
    func endTravel(_ b: Int, _ drop: Int, _ chargeWaiting: Bool, _ world: inout CabWorld) -> Bool {
        let booking = world.bookings[b]
        guard booking.status == .onTrip, drop < scope.pointsInArea else { return false }
        let p = Int(booking.owner)
        let (fare, discounted) = charged(booking, drop: drop, chargeWaiting: chargeWaiting, in: world)
        world.passengers[p].promoAvailable = false
        world.bookings[b].promoApplied = discounted
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

    /// What a travel ending at `drop` costs its passenger: the chart's fare, the waiting charge
    /// when the driver chooses it, less the promo's 10% when he booked with the code and the
    /// promo is still his; and whether the promo applied.
    func charged(_ booking: BookingRecord, drop: Int, chargeWaiting: Bool, in world: CabWorld)
        -> (fare: Int, promoApplied: Bool) {
        let waited = Int(booking.boardedAt) - Int(booking.arrivedAt)
        let gross = fare(booking, drop: drop) + (chargeWaiting ? waitingCharge(minutes: waited) : 0)
        let discounted = booking.promo && world.passengers[Int(booking.owner)].promoAvailable
        return (gross - (discounted ? promoDiscount(gross) : 0), discounted)
    }

    /// The welcome promo's 10% of a fare, rounded half up to the paisa (UC01 BR7).
    public func promoDiscount(_ gross: Int) -> Int { (gross * 10 + 50) / 100 }

    /// The chart's fare for the distance, rounded half up to the paisa.
    func fare(_ booking: BookingRecord, drop: Int) -> Int {
        let type = Int(booking.type.rawValue)
        return scope.baseFare[type] + (scope.perKilometre[type] * scope.metres[Int(booking.pickup)][drop] + 500) / 1000
    }

    /// Free for the first ten minutes, then INR 50 for each started half hour (D17).
    public func waitingCharge(minutes: Int) -> Int {
        let free = scope.timing.freeWaitingMinutes
        return minutes <= free ? 0 : (minutes - free + window - 1) / window * 5_000
    }

    /// The clock moves on minute by minute; at each minute, in order: expired suspensions lift
    /// (D4); later bookings reaching pickup − 20 minutes get their cab, by pickup time then
    /// creation, or are unserved (UC07 BR2, D16); cabs whose ETA is up arrive. The Spec walks
    /// every minute so that it says plainly what a jump of several minutes must do.
    func advance(_ minutes: Int, _ world: inout CabWorld) -> Bool {
        guard minutes >= 1, Int(world.now) + minutes <= scope.horizon else { return false }
        for _ in 0..<minutes {
            world.now += 1
            runJobs(&world)
        }
        world.lastMessage = .none
        return true
    }

    func runJobs(_ world: inout CabWorld) {
        let now = Int(world.now)
        for p in 0..<scope.passengers where world.passengers[p].isSuspended && Int(world.passengers[p].suspendedUntil) <= now {
            world.passengers[p].suspendedUntil = 0
            world.passengers[p].failures = 0
        }
        let isDue = { (b: Int) in world.bookings[b].status == .scheduled && Int(world.bookings[b].pickupAt) - scope.timing.noticeMinutes <= now }
        guard (0..<scope.bookings).contains(where: isDue) else { return arrive(&world) }
        let due = (0..<scope.bookings).filter(isDue).sorted { (world.bookings[$0].pickupAt, world.bookings[$0].createdAt, $0) < (world.bookings[$1].pickupAt, world.bookings[$1].createdAt, $1) }
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
        arrive(&world)
    }

    /// Cabs whose ETA is up arrive at the pickup.
    func arrive(_ world: inout CabWorld) {
        let now = Int(world.now)
        for b in 0..<scope.bookings where world.bookings[b].status == .designated && Int(world.bookings[b].cabDueAt) <= now {
            world.bookings[b].status = .cabArrived
            world.bookings[b].arrivedAt = world.bookings[b].cabDueAt
            world.cabs[Int(world.bookings[b].cab)].location = world.bookings[b].pickup
        }
    }

    /// The moves of the clock worth trying, in minutes: to one minute before, at and after every
    /// moment that matters ahead (a suspension's end, a later booking's notice, a cab's arrival,
    /// the end of free waiting and of the first surcharge block), within the horizon; and a plain
    /// step when nothing is due, so that time passes.
    public func clockMoves(in world: CabWorld, _ body: (Int) -> Void) {
        let now = Int(world.now), free = scope.timing.freeWaitingMinutes
        var moments: [Int] = []
        for p in 0..<scope.passengers where world.passengers[p].isSuspended { moments.append(Int(world.passengers[p].suspendedUntil)) }
        for b in 0..<scope.bookings {
            let booking = world.bookings[b]
            switch booking.status {
            case .scheduled: moments.append(Int(booking.pickupAt) - scope.timing.noticeMinutes)
            case .designated: moments.append(Int(booking.cabDueAt))
            case .cabArrived: moments += [Int(booking.arrivedAt) + free, Int(booking.arrivedAt) + free + window]
            default: break
            }
        }
        var targets = moments.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 > now && $0 <= scope.horizon }
        if targets.isEmpty { targets = [min(now + scope.timing.idleStepMinutes, scope.horizon)].filter { $0 > now } }
        for target in Set(targets).sorted() { body(target - now) }
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
