/// A passenger's account. The password is stored enciphered (UC01 BR6), reversibly because
/// forgot-password mails it back (UC04 step 9): a defect of the seed, kept (decision D2).
public struct Account: Sendable, Equatable {
    public let id: PassengerID
    public let name: String
    public let email: String
    public let mobile: String
    var storedPassword: String
    /// Consecutive authentication failures, login and change-password together (D3).
    public internal(set) var failures = 0
    public internal(set) var suspendedUntil: Minute?
    public internal(set) var loggedIn = false
    public internal(set) var selectedType = CabType.nano
    public internal(set) var walletEnrolled = false
    /// The welcome promo code, until the first travel booked with it is completed (D19).
    public internal(set) var promoAvailable = true
}

/// Where a booking is in its life.
public enum BookingStatus: String, Sendable {
    case scheduled, designated, cabArrived = "cab arrived", onTrip = "on trip", completed, cancelled, unserved
}

/// How a completed travel was paid.
public enum Payment: String, Sendable {
    case wallet, cash
}

/// What the passenger was charged for a travel.
public struct Receipt: Sendable, Equatable {
    public let booking: BookingID
    public let fare: Paise
    public let discount: Paise
    public let waitingCharge: Paise
    public let toll: Paise
    public let payment: Payment
}

public struct Booking: Sendable, Equatable {
    public let id: BookingID
    public let owner: PassengerID
    public let type: CabType
    public let pickup: Coordinate
    public let destination: Coordinate?
    public let createdAt: Minute
    /// When the passenger asked to be picked up: the booking time for a booking made now.
    public let pickupAt: Minute
    public let isLater: Bool
    public let promo: Bool
    public internal(set) var status: BookingStatus
    public internal(set) var cab: CabID?
    /// When the designated cab is due at the pickup, as its ETA said.
    public internal(set) var cabDueAt: Minute?
    public internal(set) var arrivedAt: Minute?
    public internal(set) var boardedAt: Minute?
    public internal(set) var receipt: Receipt?
    public internal(set) var feedback: Feedback?

    /// The latest the cab may arrive (decision D15).
    func arrivalDeadline(_ policy: CabPolicy) -> Minute { (isLater ? pickupAt : createdAt) + policy.arrivalBoundMinutes }
    var isLive: Bool { [.scheduled, .designated, .cabArrived, .onTrip].contains(status) }
}

public struct Feedback: Sendable, Equatable {
    public let rating: Int
    public let comment: String
}

public struct Cab: Sendable, Equatable {
    public let id: CabID
    public let type: CabType
    public internal(set) var location: Coordinate
    public internal(set) var booking: BookingID?
}

public struct Favourite: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let location: Coordinate
}

/// A city's service area, a latitude and longitude box, and its fare chart.
public struct ServiceArea: Sendable, Equatable {
    public let city: String
    public let southWest: Coordinate
    public let northEast: Coordinate
    public let fares: [CabType: Fare]

    public init(city: String, southWest: Coordinate, northEast: Coordinate, fares: [CabType: Fare]) {
        self.city = city
        self.southWest = southWest
        self.northEast = northEast
        self.fares = fares
    }

    public func contains(_ point: Coordinate) -> Bool {
        (southWest.latitude...northEast.latitude).contains(point.latitude) && (southWest.longitude...northEast.longitude).contains(point.longitude)
    }
}

/// A line of the fare chart: a base fare and a rate per kilometre.
public struct Fare: Sendable, Equatable {
    public let base: Paise
    public let perKilometre: Paise
    public init(base: Paise, perKilometre: Paise) {
        self.base = base
        self.perKilometre = perKilometre
    }
}

/// A message the service sent, kept in its outbox: an SMS or e-mail to a passenger, or a
/// notice on a driver's tab.
public struct OutboxMessage: Sendable, Equatable {
    public enum Channel: String, Sendable { case sms, email, driverTab }
    public enum Kind: String, Sendable {
        case welcome, bookingConfirmed, cabDetails, bookingUnserved, cancelled, passwordReminder, walletPayment, cashPayment
    }
    public let channel: Channel
    public let recipient: String
    public let kind: Kind
    public let booking: BookingID?
    public let text: String
}
