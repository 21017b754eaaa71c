/// The actions tried in a world, in a fixed order: a trace stores each step as its action's
/// position in this list.
extension CabRules {
    /// Every action of the scope worth trying in `world`, enabled or not, in the order the
    /// model lists them; the clock's moves depend on what is due in `world`.
    public func candidates(in world: CabWorld, _ body: (CabAction) -> Void) {
        for p in 0..<scope.passengers {
            if !scope.startsLoggedIn {
                for email in 0..<scope.emails { for mobile in 0..<scope.mobiles { body(.register(passenger: p, email: email, mobile: mobile, confirmed: true)) } }
                body(.register(passenger: p, email: 0, mobile: 0, confirmed: false))
                body(.changePassword(passenger: p, rightCurrent: true))
                body(.changePassword(passenger: p, rightCurrent: false))
                body(.forgotPassword(passenger: p))
            }
            for place in scope.favouriteOffsets.indices { body(.addFavourite(passenger: p, place: place)) }
            body(.login(passenger: p, rightPassword: true))
            body(.login(passenger: p, rightPassword: false))
            body(.logout(passenger: p))
            for type in fleetTypes { body(.chooseCabType(passenger: p, type: type)) }
            // The point outside the area is tried too: the attempt ends in the message M33.
            // The promo code is tried only in scopes that offer it: elsewhere a booking's list of
            // actions, and so every stored trace, stays as it was.
            let codes = scope.offersPromo ? [false, true] : [false]
            for pickup in 0..<scope.points {
                for promo in codes { body(.bookNow(passenger: p, pickup: pickup, promo: promo)) }
            }
            for pickup in 0..<scope.points {
                for lead in scope.leads where !scope.laterNoticesWithinHorizon
                    || Int(world.now) + lead - scope.timing.noticeMinutes <= scope.horizon
                {
                    for promo in codes { body(.bookLater(passenger: p, pickup: pickup, lead: lead, promo: promo)) }
                }
            }
            for b in 0..<scope.bookings {
                body(.cancel(passenger: p, booking: b))
                body(.track(passenger: p, booking: b))
                body(.sendFeedback(passenger: p, booking: b))
            }
            body(.refill(passenger: p, approved: true))
            body(.refill(passenger: p, approved: false))
            body(.retryRefill(passenger: p))
        }
        for b in 0..<scope.bookings {
            body(.board(booking: b))
            for drop in 0..<scope.pointsInArea { for charge in [true, false] { body(.endTravel(booking: b, drop: drop, chargeWaiting: charge)) } }
            body(.repeatTravelEnd(booking: b))
        }
        clockMoves(in: world) { body(.advance(minutes: $0)) }
    }

    /// The world every behaviour starts in: each passenger registered, logged in, enrolled in
    /// the wallet with his starting balance (but those the scope leaves without a wallet); the
    /// fleet at its points; the clock at 0.
    public var initialWorld: CabWorld {
        var world = CabWorld()
        for p in 0..<scope.passengers where scope.startsLoggedIn {
            world.passengers[p].registered = true
            world.passengers[p].email = UInt8(p)
            world.passengers[p].mobile = UInt8(p)
            world.passengers[p].session = true
            guard scope.startsWithWallet(p) else { continue }
            world.passengers[p].walletEnrolled = true
            world.passengers[p].balance = UInt32(scope.startingBalance(of: p))
        }
        for cab in 0..<scope.cabs {
            world.cabs[cab].type = scope.cabTypes[cab]
            world.cabs[cab].location = UInt8(scope.cabPoints[cab])
        }
        return world
    }
}
