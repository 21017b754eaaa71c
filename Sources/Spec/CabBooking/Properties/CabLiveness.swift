import Checker

/// The cab booking model's liveness properties, each about every booking slot, and the
/// fairness they assume. Seed 004 states none as a property; each is what its use cases
/// promise the passenger, read as "leads to":
///
/// - `ArrivedCabBoarded` and `TravelEnds` assume only that the passenger boards the cab that
///   waits for him and that the driver ends the travel while he can (weak fairness of `board`
///   and `endTravel`, per booking). Decision: neither assumes that the clock moves, so a
///   service that stops offering the step is caught while time stands still, and a behaviour
///   at the horizon still decides them.
/// - `LaterBookingAnswered` assumes that the clock moves (weak fairness of `advance`, the
///   model's fairness): the designation job is the clock's. A later booking whose notice falls
///   past the horizon would leave it undecided (`boundStops`), so the scope that decides it
///   tries only book-later requests whose notice falls within the horizon
///   (`CabScope.laterNoticesWithinHorizon`).
/// - Not promised: that a booking is served. A passenger may cancel, and the fleet may be busy
///   (UC07 BR2: unserved).
public enum CabLiveness {
    public static func declarations(scope: CabScope) -> Liveness<CabBookingModel> {
        let name: @Sendable (Int) -> String = { "booking b\($0 + 1)" }
        let board = Fairness<CabBookingModel>.weak("board(b)") {
            if case .board(let b) = $0 { b } else { nil }
        }
        let endTravel = Fairness<CabBookingModel>.weak("endTravel(b)") {
            if case .endTravel(let b, _, _) = $0 { b } else { nil }
        }
        let clock = Fairness<CabBookingModel>.perKind(.weak, "advance") {
            if case .advance = $0 { true } else { false }
        }
        // A scope without booking slots has no obligation to state: one slot that never fills.
        let slots = max(scope.bookings, 1)
        let properties: [LeadsTo<CabBookingModel>] = [
            LeadsTo.forEach(
                slots, id: "LaterBookingAnswered",
                statement: "A later booking is answered as the clock reaches its notice: a cab is designated, "
                    + "or the booking is unserved, unless the passenger cancels it first.",
                source: "004 UC07 BR2 (\"the cab is designated 20 minutes before the pickup time\"); D16",
                named: name,
                trigger: { world, b in world.bookings[b].status == .scheduled },
                goal: { world, b in world.bookings[b].status != .scheduled }),
            LeadsTo.forEach(
                slots, id: "ArrivedCabBoarded",
                statement: "A passenger whose cab has arrived can board it: the travel starts, unless he "
                    + "cancels the booking first.",
                source: "004 UC06 BR3, UC13 (waiting is charged, never refused); UC11",
                named: name,
                trigger: { world, b in world.bookings[b].status == .cabArrived },
                goal: { world, b in world.bookings[b].status != .cabArrived }
            ).assuming([board]),
            LeadsTo.forEach(
                slots, id: "TravelEnds",
                statement: "A travel that started ends: the driver ends it and it is paid, through the wallet "
                    + "or in cash.",
                source: "004 UC13 (\"insufficient balance: pay by cash\"), UC14; D21",
                named: name,
                trigger: { world, b in world.bookings[b].status == .onTrip },
                goal: { world, b in world.bookings[b].status != .onTrip }
            ).assuming([endTravel]),
        ]
        let horizon = scope.horizon
        var liveness = Liveness(properties: properties, fairness: [clock], boundStops: { Int($0.now) >= horizon })
        liveness.checkedByDefault = scope.decidesLiveness
        return liveness
    }
}
