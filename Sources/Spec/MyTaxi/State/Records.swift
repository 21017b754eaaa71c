/// Alloy's TaxiDriverStatus.
public enum DriverStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case offline = 0, available, busy
    public var description: String {
        switch self {
        case .offline: return "OFFLINE"
        case .available: return "AVAILABLE"
        case .busy: return "BUSY"
        }
    }
}

/// Alloy's RouteStatus, plus `unused` for an empty slot and `cancelled` for a route the
/// client or driver withdrew. Alloy has no cancelled routes; the literal facts see a
/// cancelled or unused route as absent.
public enum RouteStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case unused = 0, notAllocated, waiting, onBoard, completed, cancelled
    public var description: String {
        switch self {
        case .unused: return "UNUSED"
        case .notAllocated: return "NOT_ALLOCATED"
        case .waiting: return "WAITING"
        case .onBoard: return "ON_BOARD"
        case .completed: return "COMPLETED"
        case .cancelled: return "CANCELLED"
        }
    }
    /// Alloy's Route set: the statuses the seed model knows.
    public var isInAlloyModel: Bool { self != .unused && self != .cancelled }
    /// WAITING or ON_BOARD: the route is being served now.
    public var isCurrent: Bool { self == .waiting || self == .onBoard }
    /// Requested, reserved, waiting or on board: the client's open business.
    public var isOpen: Bool { self == .notAllocated || self == .waiting || self == .onBoard }
}

/// One taxi driver (Alloy TaxiDriver) plus what a running system needs.
public struct DriverRecord: Sendable {
    public var emailConfirmed: Bool = false
    /// An administrator approved the account (seed 001, use case 4.3.8).
    public var activated: Bool = false
    public var statusRaw: UInt8 = DriverStatus.offline.rawValue
    /// The zone he is in while working; none while offline.
    public var zoneRaw: UInt8 = noEntity
    /// The taxi he works with now; none while offline.
    public var taxiRaw: UInt8 = noEntity
    /// Consecutive refusals (declines and answer timeouts); reset only by accepting a call.
    public var refusals: UInt8 = 0
    public var suspended: Bool = false

    public init() {}
    public var status: DriverStatus {
        @inline(__always) get { DriverStatus(rawValue: statusRaw)! }
        set { statusRaw = newValue.rawValue }
    }
    public var zone: ZoneID? {
        get { zoneRaw == noEntity ? nil : ZoneID(raw: zoneRaw) }
        set { zoneRaw = newValue?.raw ?? noEntity }
    }
    public var taxi: TaxiID? {
        get { taxiRaw == noEntity ? nil : TaxiID(raw: taxiRaw) }
        set { taxiRaw = newValue?.raw ?? noEntity }
    }
}

/// One client (Alloy Client) with the number of credit cards he has stored.
public struct ClientRecord: Sendable {
    public var emailConfirmed: Bool = false
    public var cards: UInt8 = 0
    public init() {}
}

/// One route (Alloy Route): a client's request or reservation.
public struct RouteRecord: Sendable {
    public var statusRaw: UInt8 = RouteStatus.unused.rawValue
    public var zoneRaw: UInt8 = noEntity
    public var passengers: UInt8 = 0
    public var isShared: Bool = false
    public var isReserved: Bool = false
    /// The tick the client wants to be picked up (reservations) or asked (requests).
    public var pickupAt: UInt8 = 0
    /// The driver the request is offered to right now.
    public var offeredToRaw: UInt8 = noEntity
    /// Alloy's Route.ride.
    public var rideRaw: UInt8 = noEntity
    /// For a route that joined a shared ride not yet allocated: the route that created it.
    public var joinedRaw: UInt8 = noEntity
    public var paid: Bool = false

    public init() {}
    public var status: RouteStatus {
        @inline(__always) get { RouteStatus(rawValue: statusRaw)! }
        set { statusRaw = newValue.rawValue }
    }
    public var zone: ZoneID { ZoneID(raw: zoneRaw) }
    public var offeredTo: DriverID? {
        get { offeredToRaw == noEntity ? nil : DriverID(raw: offeredToRaw) }
        set { offeredToRaw = newValue?.raw ?? noEntity }
    }
    public var ride: RideID? {
        get { rideRaw == noEntity ? nil : RideID(raw: rideRaw) }
        set { rideRaw = newValue?.raw ?? noEntity }
    }
    public var joined: RouteID? {
        get { joinedRaw == noEntity ? nil : RouteID(raw: joinedRaw) }
        set { joinedRaw = newValue?.raw ?? noEntity }
    }
}

/// One ride (Alloy Ride): driver, taxi and routes. Slot i is the ride created when route i
/// was accepted; completed rides stay, as history.
public struct RideRecord: Sendable {
    public var driverRaw: UInt8 = noEntity
    public var taxiRaw: UInt8 = noEntity
    public var acceptedAt: UInt8 = 0
    /// Alloy's Ride.routes, as a bit set over route indices.
    public var routeMask: UInt8 = 0

    public init() {}
    public var exists: Bool { driverRaw != noEntity }
    public var driver: DriverID { DriverID(raw: driverRaw) }
    public var taxi: TaxiID { TaxiID(raw: taxiRaw) }
    public func contains(_ route: RouteID) -> Bool { routeMask & (1 << route.raw) != 0 }
}
