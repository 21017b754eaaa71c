/// An operation of the cab booking service, or of its environment (the driver, the clock).
/// Passengers, bookings, cabs and points are numbered from 0. "Attempt" marks an action the
/// passenger may always try: its effect may be only the message he is shown (design note §1.12).
public enum CabAction: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Attempt: register with the scope's e-mail and mobile number of these indices, the
    /// password confirmed or not (UC01).
    case register(passenger: Int, email: Int, mobile: Int, confirmed: Bool)
    /// Attempt: change the password, giving the current one right or wrong (UC03).
    case changePassword(passenger: Int, rightCurrent: Bool)
    /// Attempt: ask for the password to be mailed (UC04).
    case forgotPassword(passenger: Int)
    /// Attempt: save the scope's favourite place of this index (UC20).
    case addFavourite(passenger: Int, place: Int)
    /// The gateway's confirmation of the last credited refill again, a retry after a timeout.
    case retryRefill(passenger: Int)
    /// Attempt: log in with the right or a wrong password (UC02).
    case login(passenger: Int, rightPassword: Bool)
    case logout(passenger: Int)
    case chooseCabType(passenger: Int, type: CabType)
    /// Attempt: book a cab of the selected type now (UC06), with the welcome promo code
    /// entered or not (UC01 BR7).
    case bookNow(passenger: Int, pickup: Int, promo: Bool = false)
    /// Attempt: book a cab `lead` minutes ahead (UC07), with the promo code or not.
    case bookLater(passenger: Int, pickup: Int, lead: Int, promo: Bool = false)
    case cancel(passenger: Int, booking: Int)
    /// A query whose guard is the rule (UC11): the state does not change.
    case track(passenger: Int, booking: Int)
    /// Attempt: refill the wallet; the gateway approves or not (UC12).
    case refill(passenger: Int, approved: Bool)
    /// The passenger gets into the cab that arrived (environment).
    case board(booking: Int)
    /// The driver ends the travel at `drop` and chooses whether to charge the waiting (UC13).
    case endTravel(booking: Int, drop: Int, chargeWaiting: Bool)
    /// The travel-end message again, a retry after a timeout (decision D22).
    case repeatTravelEnd(booking: Int)
    case sendFeedback(passenger: Int, booking: Int)
    /// The clock moves on by `minutes`, and every job that falls due on the way runs at its own
    /// minute. The moves offered land one minute before, at and after each moment that matters.
    case advance(minutes: Int)

    public var kind: CabActionKind {
        switch self {
        case .register: .register
        case .changePassword: .changePassword
        case .forgotPassword: .forgotPassword
        case .addFavourite: .addFavourite
        case .retryRefill: .retryRefill
        case .login: .login
        case .logout: .logout
        case .chooseCabType: .chooseCabType
        case .bookNow: .bookNow
        case .bookLater: .bookLater
        case .cancel: .cancel
        case .track: .track
        case .refill: .refill
        case .board: .board
        case .endTravel: .endTravel
        case .repeatTravelEnd: .repeatTravelEnd
        case .sendFeedback: .sendFeedback
        case .advance: .advance
        }
    }

    public var description: String {
        switch self {
        case .register(let p, let e, let m, let confirmed): "register(passenger: p\(p + 1), email: e\(e), mobile: m\(m), confirmed: \(confirmed))"
        case .changePassword(let p, let right): "changePassword(passenger: p\(p + 1), current: \(right ? "right" : "wrong"))"
        case .forgotPassword(let p): "forgotPassword(passenger: p\(p + 1))"
        case .addFavourite(let p, let place): "addFavourite(passenger: p\(p + 1), place: F\(place))"
        case .retryRefill(let p): "retryRefill(passenger: p\(p + 1))"
        case .login(let p, let right): "login(passenger: p\(p + 1), password: \(right ? "right" : "wrong"))"
        case .logout(let p): "logout(passenger: p\(p + 1))"
        case .chooseCabType(let p, let type): "chooseCabType(passenger: p\(p + 1), type: \(type))"
        case .bookNow(let p, let pickup, let promo):
            "bookNow(passenger: p\(p + 1), pickup: L\(pickup)\(promo ? ", promo" : ""))"
        case .bookLater(let p, let pickup, let lead, let promo):
            "bookLater(passenger: p\(p + 1), pickup: L\(pickup), lead: \(lead)\(promo ? ", promo" : ""))"
        case .cancel(let p, let b): "cancel(passenger: p\(p + 1), booking: b\(b + 1))"
        case .track(let p, let b): "track(passenger: p\(p + 1), booking: b\(b + 1))"
        case .refill(let p, let approved): "refill(passenger: p\(p + 1), approved: \(approved))"
        case .board(let b): "board(booking: b\(b + 1))"
        case .endTravel(let b, let drop, let charge): "endTravel(booking: b\(b + 1), drop: L\(drop), chargeWaiting: \(charge))"
        case .repeatTravelEnd(let b): "repeatTravelEnd(booking: b\(b + 1))"
        case .sendFeedback(let p, let b): "sendFeedback(passenger: p\(p + 1), booking: b\(b + 1))"
        case .advance(let minutes): "advance(minutes: \(minutes))"
        }
    }
}

/// The kinds of action, with their sources in seed 004.
public enum CabActionKind: Int, Sendable, CaseIterable {
    case register, login, logout, changePassword, forgotPassword, chooseCabType, bookNow, bookLater, cancel, track, refill, retryRefill, addFavourite, board, endTravel, repeatTravelEnd, sendFeedback, advance

    public var name: String { "\(self)" }

    public var source: String {
        switch self {
        case .register: "004 UC01 steps 1-12, 3b, 6a; D1"
        case .changePassword: "004 UC03 steps 1-17, 6a, 6e (decisions D3, D5)"
        case .forgotPassword: "004 UC04 steps 1-10, 6a (decision D2)"
        case .addFavourite: "004 UC20 steps 1-15, 11a, BR1, BR4 (decisions D23, D24)"
        case .retryRefill: "004 UC12 (a gateway retry after a timeout; decision D22 for payments)"
        case .login: "004 UC02 steps 1-19, 6a, 6e"
        case .logout: "004 UC06 2e.1"
        case .chooseCabType: "004 UC16; UC05 4a"
        case .bookNow: "004 UC05, UC06"
        case .bookLater: "004 UC07"
        case .cancel: "004 UC19; UC23 4a"
        case .track: "004 UC11, UC10"
        case .refill: "004 UC12"
        case .board: "none: the seed never describes boarding; the waiting charge (UC06 BR3) needs it"
        case .endTravel: "004 UC13 steps 1-8; UC14"
        case .repeatTravelEnd: "004 UC13 7a (decision D22)"
        case .sendFeedback: "004 UC15; UC24 4a"
        case .advance: "model: time in minutes, moved to the moments that matter (design note §1.9, §4)"
        }
    }
}
