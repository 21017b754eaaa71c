/// The passenger side of a cab booking service (seed 004, Mobile Cab Booking), as a team would
/// write it: accounts with enciphered passwords and a lockout, sessions, cab types, booking now
/// and for later, dispatch to the fastest cab, tracking, a wallet in paise with idempotent
/// refills and payments, a fare chart per city, feedback, favourite places, and an outbox of
/// SMS, e-mail and driver notices.
///
/// A value: copy it to try an operation and keep the old one. Every operation validates all it
/// needs before it changes anything, so a refused operation (a thrown `CabServiceError`) leaves
/// the service as it was; the one exception is the seed's: a wrong password is refused and
/// counted. The clock moves only through `advanceClock(to:)`, which runs every job that fell
/// due on the way, each at its own minute.
public struct CabBookingService: Sendable, Equatable {
    public let policy: CabPolicy
    public let areas: [ServiceArea]
    public let router: Router
    /// A bug planted on purpose (`CabFault`), or nil.
    public let fault: CabFault?
    public internal(set) var now: Minute = 0

    var accounts: [PassengerID: Account] = [:]
    var passengerByEmail: [String: PassengerID] = [:]
    var passengerByMobile: [String: PassengerID] = [:]
    var cabs: [CabID: Cab] = [:]
    var bookings: [BookingID: Booking] = [:]
    public internal(set) var bookingIDs: BookingIdGenerator
    var balances: [PassengerID: Paise] = [:]
    /// Refills already credited, by the gateway's request id: a retried refill credits once.
    var creditedRefills: [String: Paise] = [:]
    var favourites: [PassengerID: [Favourite]] = [:]
    var nextFavouriteID = 1
    /// The id the next favourite place will get.
    public var nextFavourite: Int { nextFavouriteID }
    public internal(set) var outbox: [OutboxMessage] = []

    public init(policy: CabPolicy = .standard, areas: [ServiceArea], router: Router = Router(), firstBookingID: Int = BookingID.range.lowerBound,
                fault: CabFault? = nil) {
        self.policy = policy
        self.fault = fault
        self.areas = areas
        self.router = router
        bookingIDs = BookingIdGenerator(first: firstBookingID)
    }

    // MARK: Reading

    public func account(_ id: PassengerID) -> Account? { accounts[id] }
    public var passengers: [PassengerID] { accounts.keys.sorted() }
    public func booking(_ id: BookingID) -> Booking? { bookings[id] }
    public func cab(_ id: CabID) -> Cab? { cabs[id] }
    public var fleet: [Cab] { cabs.values.sorted { $0.id < $1.id } }
    public func balance(of id: PassengerID) -> Paise? { accounts[id]?.walletEnrolled == true ? balances[id, default: 0] : nil }
    public func favourites(of id: PassengerID) -> [Favourite] { favourites[id] ?? [] }

    /// The area (and city) that holds `point`, if any.
    public func area(containing point: Coordinate) -> ServiceArea? { areas.first { $0.contains(point) } }

    // MARK: The fleet

    /// Adds a cab to the fleet, free, at `location` (the operator's side, not the passenger's).
    public mutating func addCab(_ id: CabID, type: CabType, at location: Coordinate) {
        precondition(cabs[id] == nil, "\(id) is already in the fleet")
        cabs[id] = Cab(id: id, type: type, location: location, booking: nil)
    }

    // MARK: Shared checks

    func loggedIn(_ id: PassengerID) throws(CabServiceError) -> Account {
        guard let account = accounts[id] else { throw .unknownPassenger(id) }
        guard account.loggedIn else { throw .notLoggedIn(id) }
        return account
    }

    func owned(_ id: BookingID, by passenger: PassengerID) throws(CabServiceError) -> Booking {
        guard let booking = bookings[id] else { throw .unknownBooking(id) }
        guard booking.owner == passenger else { throw .notYourBooking(id) }
        return booking
    }

    mutating func send(_ channel: OutboxMessage.Channel, to recipient: String, _ kind: OutboxMessage.Kind, booking: BookingID? = nil, _ text: String) {
        outbox.append(OutboxMessage(channel: channel, recipient: recipient, kind: kind, booking: booking, text: text))
    }
}
