import Checker

/// The environments and contention the cab booking rules must meet before a suite can claim
/// it checked them (`verify list --environments`, `--contention`), each counted where its
/// action is offered.
extension CabBookingModel {
    public var situations: [Situation<CabBookingModel>] { CabSituations.all(scope: scope, rules: rules) }
}

enum CabSituations {
    static func all(scope: CabScope, rules: CabRules) -> [Situation<CabBookingModel>] {
        /// The type asked for by a booking now that the fleet decides: a session, a slot, a
        /// pickup in the area, no clash with another booking of his (refused before any cab is
        /// looked for).
        @Sendable func typeAsked(_ action: CabAction, _ world: CabWorld) -> CabType? {
            guard case .bookNow(let p, let pickup, _) = action, world.passengers[p].session,
                  world.freeSlot(below: scope.bookings) != nil, pickup < scope.pointsInArea,
                  !rules.clashes(p, at: Int(world.now), world) else { return nil }
            return world.passengers[p].selectedType
        }
        @Sendable func freeCabs(_ world: CabWorld, _ matching: (CabType) -> Bool) -> Int {
            (0..<scope.cabTypes.count).count { cab in
                world.cabs[cab].booking == CabWorld.none && matching(world.cabs[cab].type)
            }
        }
        return [
            .environment("bookNowFleet",
                         "A booking now gets the fastest free cab of the type chosen; "
                            + "a free cab of another type does not stand in.",
                         source: "004 UC06 steps 4-6, UC09 BR1 (D12)",
                         dimensions: [["a free cab of the type", "none of the type free"],
                                      ["a free cab of another type", "none of another type free"]]) { world, action in
                guard let type = typeAsked(action, world) else { return nil }
                return [freeCabs(world) { $0 == type } > 0 ? 0 : 1, freeCabs(world) { $0 != type } > 0 ? 0 : 1]
            },
            Situation(id: "payment", kind: .environment,
                      statement: "The end of a travel is paid from the wallet when it holds the whole fare, "
                        + "else in cash.",
                      source: "004 UC13 steps 3-5, UC12 (D18)",
                      cases: ["no wallet", "a wallet that holds the fare", "a wallet short of the fare"]) {
                world, action in
                guard case .endTravel(let b, let drop, let chargeWaiting) = action, world.bookings[b].status == .onTrip,
                      drop < scope.pointsInArea else { return nil }
                let booking = world.bookings[b], passenger = world.passengers[Int(booking.owner)]
                guard passenger.walletEnrolled else { return 0 }
                let fare = rules.charged(booking, drop: drop, chargeWaiting: chargeWaiting, in: world).fare
                return Int(passenger.balance) >= fare ? 1 : 2
            },
            .contention("lastCabOfType",
                        "Passengers who chose one type compete for its last free cab: one gets it, "
                            + "the others are told none is free.",
                        source: "004 UC06 step 6, 6a (M14)", actors: "passengers for the last free cab",
                        needs: 2) { world, action in
                guard let type = typeAsked(action, world), freeCabs(world, { $0 == type }) == 1 else {
                    return nil
                }
                return (0..<scope.passengers).count { p in
                    world.passengers[p].session && world.passengers[p].selectedType == type
                }
            },
        ]
    }
}
