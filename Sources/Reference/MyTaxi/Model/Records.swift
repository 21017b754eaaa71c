public enum DriverStatus: String, Sendable, Equatable { case offline = "OFFLINE", available = "AVAILABLE", busy = "BUSY" }

public struct ClientAccount: Sendable, Equatable {
    public let id: ClientID
    public var emailConfirmed = false
    /// Stored cards, oldest first.
    public var cards: [CardID] = []
    /// Every route the client created, oldest first.
    public var routes: [RouteID] = []
}

public struct DriverAccount: Sendable, Equatable {
    public let id: DriverID
    public var emailConfirmed = false
    public var activated = false
    public var status = DriverStatus.offline
    /// Where he is while working.
    public var zone: ZoneID?
    public var taxi: TaxiCode?
    /// Refusals in a row; accepting a call starts the count again.
    public var refusalsInARow = 0
    public var suspended = false
}

public struct Taxi: Sendable, Equatable {
    public let code: TaxiCode
    /// The drivers who registered it (000 PF07).
    public var owners: Set<DriverID> = []
}

public enum RouteState: String, Sendable, Equatable {
    case requested = "NOT_ALLOCATED", waiting = "WAITING", onBoard = "ON_BOARD", completed = "COMPLETED", cancelled = "CANCELLED"
    var isOpen: Bool { self == .requested || self == .waiting || self == .onBoard }
}

public enum PaymentMethod: String, Sendable, Equatable { case card, cash }

/// A client's trip: a request for now or a reservation, alone or shared.
public struct Route: Sendable, Equatable {
    public let id: RouteID
    public let client: ClientID
    public var origin: ZoneID
    public var destination: ZoneID
    public var passengers: Int
    public var shared: Bool
    public let isReservation: Bool
    /// The minute the client wants to be picked up: the reserved time, or the time of the
    /// request; a route that joins a group takes the group's.
    public var pickupAt: Int
    public var state = RouteState.requested
    public var offeredTo: DriverID?
    public var ride: RideID?
    /// For a route that joined a shared request not yet accepted: the route that leads it.
    public var joinedGroupOf: RouteID?
    public var payment: PaymentMethod?
    /// The fare share agreed at acceptance, in cents.
    public var fareCents: Int?
}

public enum RideState: String, Sendable, Equatable { case active, finished, cancelled }

public struct Ride: Sendable, Equatable {
    public let id: RideID
    public let driver: DriverID
    public let taxi: TaxiCode
    /// The route whose offer the driver accepted.
    public let leadRoute: RouteID
    public let acceptedAt: Int
    public var routes: [RouteID]
    public var state = RideState.active
    public var totalFareCents = 0
}

/// What the service tells people.
public enum Notification: Sendable, Equatable {
    /// 000 PF13: a call offered to a driver.
    case offer(driver: DriverID, route: RouteID, pickup: ZoneID, destination: ZoneID, passengers: Int)
    /// 000 PF17: the client's confirmation with the taxi code, waiting time and fare.
    case confirmation(client: ClientID, route: RouteID, taxi: TaxiCode, waitingMinutes: Int, fareCents: Int)
    /// 000 PF23, PF22: the ride will not come.
    case cancellation(client: ClientID, route: RouteID, reason: String)
}
