import Checker

/// The thresholds the cab booking rules compare with, each measured where its rule decides a
/// passenger's attempt or the clock's move, in the seed's unit; the default suite must reach
/// each one unit inside, at the value and one unit outside (`verify list --boundaries`).
/// Times are the scope's compressed ones (design note §4), which keep the seed's order and
/// equalities; the favourite limit is the scope's (20 in the seed, D23).
extension CabBookingModel: CoverageDeclaring {
    public var boundaries: [Boundary<CabBookingModel>] { CabBoundaries.all(scope: scope, rules: rules) }
}

enum CabBoundaries {
    static func all(scope: CabScope, rules: CabRules) -> [Boundary<CabBookingModel>] {
        let window = scope.timing.windowMinutes, maximumLead = scope.timing.maximumLeadMinutes
        /// The attempt's slot and session, which every booking rule needs before it decides.
        @Sendable func canBook(_ p: Int, _ world: CabWorld) -> Bool {
            world.passengers[p].session && world.freeSlot(below: scope.bookings) != nil
        }
        /// Minutes from `time` to each live booking of the passenger's pickup.
        @Sendable func clashDistances(_ p: Int, at time: Int, _ world: CabWorld) -> [Int] {
            (0..<scope.bookings).filter { world.bookings[$0].owner == p && world.bookings[$0].status.isLive }
                .map { abs(Int(world.bookings[$0].pickupAt) - time) }
        }
        /// The minutes the cab waited, where the driver asks for the waiting charge.
        @Sendable func waited(_ action: CabAction, _ world: CabWorld) -> [Int] {
            guard case .endTravel(let b, let drop, true) = action, world.bookings[b].status == .onTrip,
                  drop < scope.pointsInArea else { return [] }
            return [Int(world.bookings[b].boardedAt) - Int(world.bookings[b].arrivedAt)]
        }
        /// The places passenger p has saved.
        @Sendable func saved(_ p: Int, _ world: CabWorld) -> [Int] {
            (0..<scope.favouriteOffsets.count).filter { world.passengers[p].favourites & (1 << $0) != 0 }
        }
        @Sendable func metres(_ a: Int, _ b: Int) -> Int { abs(scope.favouriteOffsets[a] - scope.favouriteOffsets[b]) }
        return [
            Boundary("tooSoon",
                     "A later booking must be more than 30 minutes ahead: 30 is too soon.",
                     source: "004 UC07 7b (decision D8)", unit: "min", threshold: window) { world, action in
                guard case .bookLater(let p, _, let lead, _) = action, canBook(p, world) else { return [] }
                return [lead]
            },
            Boundary("threeDaysAhead",
                     "A later booking may be at most three days ahead (compressed: 120 minutes); 120 is taken.",
                     source: "004 UC07 BR1 (decision D9)", unit: "min", threshold: maximumLead) { world, action in
                guard case .bookLater(let p, _, let lead, _) = action, canBook(p, world), lead > window else {
                    return []
                }
                return [lead]
            },
            Boundary("clashWindow",
                     "Two live bookings of one passenger 30 minutes apart or less clash: 30 clashes.",
                     source: "004 UC07 7c (decision D10)", unit: "min apart", threshold: window) { world, action in
                switch action {
                case .bookNow(let p, let pickup, _) where canBook(p, world) && pickup < scope.pointsInArea:
                    return clashDistances(p, at: Int(world.now), world)
                case .bookLater(let p, _, let lead, _) where canBook(p, world) && lead > window && lead <= maximumLead:
                    return clashDistances(p, at: Int(world.now) + lead, world)
                default: return []
                }
            },
            Boundary("arrivalBound",
                     "A cab booked now must be able to arrive within 30 minutes: an ETA of 30 is in time.",
                     source: "004 UC06 BR2 (decision D15)", unit: "min ETA", threshold: window) { world, action in
                guard case .bookNow(let p, let pickup, _) = action, canBook(p, world), pickup < scope.pointsInArea,
                      !rules.clashes(p, at: Int(world.now), world) else { return [] }
                let type = world.passengers[p].selectedType
                return (0..<scope.cabs)
                    .filter { world.cabs[$0].type == type && world.cabs[$0].booking == CabWorld.none }
                    .map { scope.eta[Int(world.cabs[$0].location)][pickup] }
            },
            Boundary("notice",
                     "A later booking gets its cab 20 minutes before pickup: a clock landing then designates it.",
                     source: "004 UC07 BR2, UC11 pre", unit: "min before pickup",
                     threshold: scope.timing.noticeMinutes) { world, action in
                guard case .advance(let minutes) = action else { return [] }
                let landing = Int(world.now) + minutes
                return (0..<scope.bookings).filter { world.bookings[$0].status == .scheduled }
                    .map { Int(world.bookings[$0].pickupAt) - landing }
            },
            Boundary("freeWaiting",
                     "Waiting is free for the first 10 minutes: 10 minutes cost nothing.",
                     source: "004 UC06 BR3, UC07 BR4 (decision D17)", unit: "min waited",
                     threshold: scope.timing.freeWaitingMinutes) { world, action in
                waited(action, world)
            },
            Boundary("firstSurchargeBlock",
                     "Each started 30 minutes past the first 10 costs INR 50: 40 minutes cost one block.",
                     source: "004 UC06 BR3, UC07 BR4 (decision D17)", unit: "min waited",
                     threshold: scope.timing.freeWaitingMinutes + window) { world, action in
                waited(action, world)
            },
            Boundary("lockout",
                     "The third wrong password in a row suspends; one more while suspended counts as the fourth.",
                     source: "004 UC02 6a.3, 6e.2; UC03 6e.2 (decision D3)", unit: "failures",
                     threshold: 3) { world, action in
                switch action {
                case .login(let p, false) where world.passengers[p].registered && !world.passengers[p].session,
                     .changePassword(let p, false) where world.passengers[p].session:
                    return [world.passengers[p].isSuspended ? 4 : Int(world.passengers[p].failures) + 1]
                default: return []
                }
            },
            Boundary("favouriteRadius",
                     "Two places 150 m apart or less are the same place: 150 m is refused.",
                     source: "004 UC20 BR4, 11a (decision D24)", unit: "m",
                     threshold: scope.favouriteRadiusMetres) { world, action in
                guard case .addFavourite(let p, let place) = action, world.passengers[p].session,
                      !saved(p, world).contains(place) else { return [] }
                return saved(p, world).map { metres($0, place) }
            },
            Boundary("favouriteLimit",
                     "At most the limit of favourites (20 in the seed, 2 in the scopes): the limit's own is saved.",
                     source: "004 UC20 BR1 (decision D23)", unit: "favourites",
                     threshold: scope.favouriteLimit) { world, action in
                guard case .addFavourite(let p, let place) = action, world.passengers[p].session else { return [] }
                let places = saved(p, world)
                let tooClose = places.contains { metres($0, place) <= scope.favouriteRadiusMetres }
                guard !places.contains(place), !tooClose else { return [] }
                return [places.count + 1]
            },
            Boundary("walletPaysWholeFare",
                     "The wallet pays a travel when it holds the whole fare: a balance equal to the fare pays.",
                     source: "004 UC13 steps 5-6, 5a (decision D21)", unit: "paise over the fare",
                     threshold: 0) { world, action in
                guard case .endTravel(let b, let drop, let charge) = action, world.bookings[b].status == .onTrip,
                      drop < scope.pointsInArea else { return [] }
                let booking = world.bookings[b]
                let fare = rules.charged(booking, drop: drop, chargeWaiting: charge, in: world).fare
                return [Int(world.passengers[Int(booking.owner)].balance) - fare]
            },
            Boundary("walletLimit",
                     "A refill is credited when the wallet then holds at most the limit: landing on it is credited.",
                     source: "004 UC12 BR4 (decision D20)", unit: "paise over the limit",
                     threshold: 0) { world, action in
                guard case .refill(let p, true) = action, world.passengers[p].session,
                      world.passengers[p].walletEnrolled else { return [] }
                return [Int(world.passengers[p].balance) + scope.refillAmount - scope.walletLimit]
            },
        ]
    }
}
