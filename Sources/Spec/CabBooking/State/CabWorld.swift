import Checker

/// A passenger's account, wallet, session and favourites (seed 004 UC01-UC04, UC12, UC20).
/// Sixteen bytes, no padding: the balance first, then one byte a field.
public struct PassengerRecord: Sendable, Hashable {
    public init() {}

    /// Paise.
    public var balance: UInt32 = 0
    /// Consecutive authentication failures (decision D3).
    public var failures: UInt8 = 0
    /// The minute the suspension ends; 0 when not suspended (a suspension always ends after minute 0).
    public var suspendedUntil: UInt8 = 0
    public var session = false
    public var selectedType = CabType.nano
    public var walletEnrolled = false
    public var promoAvailable = true
    public var registered = false
    /// The scope's e-mail and mobile number the passenger registered with (indices).
    public var email: UInt8 = 0
    public var mobile: UInt8 = 0
    /// Which of the passenger's two passwords is current: a change always picks the other.
    public var passwordVersion: UInt8 = 0
    /// The scope's favourite places he saved, as a bit set (bit i: place i).
    public var favourites: UInt8 = 0
    /// His last refill was credited: the gateway may send its confirmation again (a retry).
    public var refillCredited = false

    public var isSuspended: Bool { suspendedUntil != 0 }
}

/// Where a booking is in its life; `unused` for a slot no booking has taken yet.
public enum BookingStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case unused, scheduled, designated, cabArrived, onTrip, completed, cancelled, unserved
    public var description: String {
        switch self {
        case .unused: "UNUSED"
        case .scheduled: "SCHEDULED"
        case .designated: "DESIGNATED"
        case .cabArrived: "CAB_ARRIVED"
        case .onTrip: "ON_TRIP"
        case .completed: "COMPLETED"
        case .cancelled: "CANCELLED"
        case .unserved: "UNSERVED"
        }
    }
    /// Pending in the passenger's list (UC23): not yet travelled and paid.
    public var isLive: Bool { [.scheduled, .designated, .cabArrived, .onTrip].contains(self) }
}

/// How a travel was paid (UC13).
public enum PaymentState: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case unpaid, wallet, cash
    public var description: String {
        switch self {
        case .unpaid: "unpaid"
        case .wallet: "wallet"
        case .cash: "cash"
        }
    }
}

/// A booking slot, numbered in creation order and never reused (decision D7). Twenty bytes.
public struct BookingRecord: Sendable, Hashable {
    public init() {}

    /// Paise, once the travel ended.
    public var fare: UInt32 = 0
    public var status = BookingStatus.unused
    public var owner: UInt8 = 0
    public var isLater = false
    public var type = CabType.nano
    public var pickup: UInt8 = 0
    /// Minutes, as every time here: when the passenger is to be picked up (the booking minute for a booking made now).
    public var pickupAt: UInt8 = 0
    public var createdAt: UInt8 = 0
    /// The designated cab, `CabWorld.none` when none.
    public var cab: UInt8 = CabWorld.none
    public var cabDueAt: UInt8 = 0
    public var arrivedAt: UInt8 = 0
    public var boardedAt: UInt8 = 0
    public var payment = PaymentState.unpaid
    public var feedback = false
    /// Booked with the welcome promo code (UC01 BR7).
    public var promo = false
    /// The travel's fare took the promo's 10% off: the passenger's first, booked with the code (D19).
    public var promoApplied = false
    var spare2: UInt8 = 0
}

/// A cab of the fleet: its type, where it is, and the booking it serves.
public struct CabRecord: Sendable, Hashable {
    public init() {}

    public var type = CabType.nano
    public var location: UInt8 = 0
    public var booking: UInt8 = CabWorld.none
}

/// What happened at the last step, as the passenger was told: the design note's message ids
/// (the seed's table of messages was an image). Every step overwrites it.
public enum CabMessage: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case none, registered = 1, passwordsDiffer = 3, emailTaken = 4, mobileTaken = 44, passwordWrong = 8, suspendedOnChange = 9,
         passwordChanged = 10, passwordMailed = 11, unknownMobile = 12, favouriteSaved = 29, favouriteNameTaken = 30, favouriteTooClose = 31, favouriteLimit = 32,
         loggedIn = 5, invalidLogin = 6, suspended = 7, noCab = 14, tooSoon = 15, clash = 16, noCabThen = 17, tooFarAhead = 18,
         cancelled = 20, walletRefilled = 21, transactionError = 22, paidByWallet = 25, paidInCash = 26, feedbackSent = 28,
         outsideArea = 33, bookingConfirmed = 13, travelStarted = 40, cabTypeChosen = 41, loggedOut = 42, walletLimit = 37
    /// The design note's id ("M13", "M04b"; "-" for none), as trace files record it.
    public var code: String {
        switch self {
        case .none: "-"
        case .mobileTaken: "M04b"
        default: "M\(rawValue < 10 ? "0" : "")\(rawValue)"
        }
    }

    /// The id and what the passenger reads, as reports show it: "M13 booking confirmed".
    public var description: String { self == .none ? code : "\(code) \(words)" }

    /// What the passenger reads, in a few words: the design note's table (§1.12), the seed's
    /// words where it quotes them; M40-M42 are ours (steps the seed gives no message for).
    public var words: String {
        switch self {
        case .none: ""
        case .registered: "registered"
        case .passwordsDiffer: "passwords differ"
        case .emailTaken: "e-mail already registered"
        case .mobileTaken: "mobile number already registered"
        case .loggedIn: "logged in"
        case .invalidLogin: "invalid details"
        case .suspended: "login failed, suspended for a day"
        case .passwordWrong: "invalid login details"
        case .suspendedOnChange: "login failed, account suspended"
        case .passwordChanged: "password changed"
        case .passwordMailed: "password sent by e-mail"
        case .unknownMobile: "invalid mobile number"
        case .bookingConfirmed: "booking confirmed"
        case .noCab: "no cab of the type"
        case .tooSoon: "too soon"
        case .clash: "a booking exists then"
        case .noCabThen: "no cab then"
        case .tooFarAhead: "more than three days ahead"
        case .cancelled: "booking deleted"
        case .walletRefilled: "wallet refilled"
        case .transactionError: "error in transaction"
        case .paidByWallet: "paid through the wallet"
        case .paidInCash: "insufficient balance, pay by cash"
        case .feedbackSent: "feedback sent"
        case .favouriteSaved: "favourite added"
        case .favouriteNameTaken: "name already present"
        case .favouriteTooClose: "location already saved"
        case .favouriteLimit: "favourite limit reached"
        case .outsideArea: "not in the service area"
        case .walletLimit: "over the wallet limit"
        case .travelStarted: "travel started"
        case .cabTypeChosen: "cab type chosen"
        case .loggedOut: "logged out"
        }
    }
}

/// The cab booking model's state: plain data, compared, hashed and fingerprinted as its bytes.
public struct CabWorld: PlainDataState {
    public static let none: UInt8 = 0xFF
    public static let passengerCapacity = 3, bookingCapacity = 4, cabCapacity = 4

    public var passengers: InlineArray<3, PassengerRecord>
    public var bookings: InlineArray<4, BookingRecord>
    public var cabs: InlineArray<4, CabRecord>
    /// The clock, in minutes.
    public var now: UInt8 = 0
    public var lastMessage = CabMessage.none

    public init(passengers: InlineArray<3, PassengerRecord> = .init(repeating: PassengerRecord()),
                bookings: InlineArray<4, BookingRecord> = .init(repeating: BookingRecord()),
                cabs: InlineArray<4, CabRecord> = .init(repeating: CabRecord())) {
        self.passengers = passengers
        self.bookings = bookings
        self.cabs = cabs
    }

    /// The first booking slot no booking has taken, if any within the scope.
    func freeSlot(below count: Int) -> Int? { (0..<count).first { bookings[$0].status == .unused } }
}
