/// An operation of the cab booking service, or of its environment (the driver, the clock).
/// Passengers, bookings, cabs and points are numbered from 0. "Attempt" marks an action the
/// passenger may always try: its effect may be only the message he is shown (design note §1.12).
public enum CabAction: Hashable, Sendable, CustomStringConvertible {
    /// Attempt: log in with the right or a wrong password (UC02).
    case login(passenger: Int, rightPassword: Bool)
    case logout(passenger: Int)
    case chooseCabType(passenger: Int, CabType)
    /// Attempt: book a cab of the selected type now (UC06).
    case bookNow(passenger: Int, pickup: Int)
    /// Attempt: book a cab `lead` ticks ahead (UC07).
    case bookLater(passenger: Int, pickup: Int, lead: Int)
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
    /// The clock moves one tick and every job that fell due runs.
    case tick

    public var kind: CabActionKind {
        switch self {
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
        case .tick: .tick
        }
    }

    public var description: String {
        switch self {
        case .login(let p, let right): "login(passenger: p\(p + 1), password: \(right ? "right" : "wrong"))"
        case .logout(let p): "logout(passenger: p\(p + 1))"
        case .chooseCabType(let p, let type): "chooseCabType(passenger: p\(p + 1), type: \(type))"
        case .bookNow(let p, let pickup): "bookNow(passenger: p\(p + 1), pickup: L\(pickup))"
        case .bookLater(let p, let pickup, let lead): "bookLater(passenger: p\(p + 1), pickup: L\(pickup), lead: \(lead))"
        case .cancel(let p, let b): "cancel(passenger: p\(p + 1), booking: b\(b + 1))"
        case .track(let p, let b): "track(passenger: p\(p + 1), booking: b\(b + 1))"
        case .refill(let p, let approved): "refill(passenger: p\(p + 1), approved: \(approved))"
        case .board(let b): "board(booking: b\(b + 1))"
        case .endTravel(let b, let drop, let charge): "endTravel(booking: b\(b + 1), drop: L\(drop), chargeWaiting: \(charge))"
        case .repeatTravelEnd(let b): "repeatTravelEnd(booking: b\(b + 1))"
        case .sendFeedback(let p, let b): "sendFeedback(passenger: p\(p + 1), booking: b\(b + 1))"
        case .tick: "tick"
        }
    }
}

/// The kinds of action, with their sources in seed 004.
public enum CabActionKind: Int, Sendable, CaseIterable {
    case login, logout, chooseCabType, bookNow, bookLater, cancel, track, refill, board, endTravel, repeatTravelEnd, sendFeedback, tick

    public var name: String { "\(self)" }

    public var source: String {
        switch self {
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
        case .tick: "model: the timing abstraction (design note §1.9)"
        }
    }
}
