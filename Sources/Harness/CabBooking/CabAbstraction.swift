import CabBookingReference
import CabBookingSpec
import Checker

/// The correspondence between the Reference's values and the Spec's: passenger slot p is
/// passenger p + 1, cab slot c is cab c + 1, booking slot b is the (b + 1)th id the service
/// issued (cancelled bookings included: the ledger keeps them), point i a fixed coordinate;
/// minutes are minutes on both sides. A value the Spec has no name for (a coordinate off the
/// table, a time past a byte) maps to an impossible one, so conformance reports it rather than
/// hides it.
public struct CabAbstraction: Sendable {
    public let scope: CabScope

    public init(scope: CabScope) {
        self.scope = scope
    }

    /// The service's id of passenger slot p: the account registered under his name, in
    /// whatever order the passengers registered; an id no account has when he has none.
    public func passenger(_ p: Int, in service: CabBookingService) -> CabBookingReference.PassengerID {
        service.passengers.first { service.account($0)?.name == Self.name(p) } ?? .init(10_000 + p)
    }

    /// The service's id of every passenger slot, found in one pass over its accounts: the
    /// views and the abstraction ask on every step.
    public func passengers(in service: CabBookingService) -> [CabBookingReference.PassengerID] {
        var ids = (0..<scope.passengers).map { CabBookingReference.PassengerID(10_000 + $0) }
        for id in service.passengers {
            guard let name = service.account(id)?.name, let p = Self.names.firstIndex(of: name), p < ids.count,
                  ids[p].value >= 10_000 else { continue }
            ids[p] = id
        }
        return ids
    }

    /// What passenger p types: his name, the scope's e-mail and mobile number i, his two passwords.
    public static func name(_ p: Int) -> String { p < names.count ? names[p] : "Passenger \(p + 1)" }
    static let names = (0..<CabWorld.passengerCapacity).map { "Passenger \($0 + 1)" }
    public static func email(_ i: Int) -> String { "e\(i)@example.com" }
    public static func mobile(_ i: Int) -> String { "98765432\(10 + i)" }
    public static func password(_ p: Int, version: UInt8) -> String { version == 0 ? "abcd123\(p)" : "wxyz987\(p)" }

    /// The values the harness types where the Spec says only "wrong" or "none": a password
    /// that is not the passenger's, a confirmation that differs from the password, the mobile
    /// number of someone with no account, and the new password such a person would ask for.
    static let wrongPassword = "wrong123"
    static let mistypedConfirmation = "zzzz9999"
    static let mobileOfNoAccount = "9999999999"
    static let newPasswordOfNoAccount = "qrst5555"
    /// The rating every feedback gives (the Spec records only that feedback was sent).
    static let feedbackRating = 5

    /// The name favourite place i is saved under.
    static func favouriteName(_ place: Int) -> String { "F\(place)" }

    /// The gateway request id of passenger p's nth credited refill (from 1): a new refill asks
    /// with the next one, a retry of the last credited one with the same id again. Each
    /// passenger's ids are his own, so the service alone says which refill the gateway may
    /// confirm again.
    static func refillRequest(_ p: Int, _ n: Int) -> String { "refill p\(p + 1) #\(n)" }

    /// How many of passenger p's refills the service credited, by their request ids.
    static func creditedRefills(of p: Int, in service: CabBookingService) -> Int {
        var n = 0
        while service.isCredited(request: refillRequest(p, n + 1)) { n += 1 }
        return n
    }

    /// The Reference's policy for the scope's timing: the same thresholds.
    public static func policy(for scope: CabScope) -> CabPolicy {
        let timing = scope.timing
        var policy = CabPolicy.standard
        policy.arrivalBoundMinutes = timing.windowMinutes
        policy.minimumLeadMinutes = timing.windowMinutes
        policy.clashWindowMinutes = timing.windowMinutes
        policy.waitingBlockMinutes = timing.windowMinutes
        policy.noticeMinutes = timing.noticeMinutes
        policy.freeWaitingMinutes = timing.freeWaitingMinutes
        policy.maximumLeadMinutes = timing.maximumLeadMinutes
        policy.suspensionMinutes = timing.dayMinutes
        policy.walletLimit = scope.walletLimit
        policy.maximumFavourites = scope.favouriteLimit
        policy.favouriteRadiusMetres = scope.favouriteRadiusMetres
        return policy
    }

    /// Favourite place i: its offset in metres north of L0 (9 micro-degrees of latitude a metre).
    public func favourite(_ i: Int) -> Coordinate {
        Coordinate(latitudeMicro: 12_900_000 + scope.favouriteOffsets[i] * 9, longitudeMicro: 77_500_000)
    }
    public func cab(_ c: Int) -> CabID { .init(c + 1) }
    /// Point i of the scope, inside the area for i < pointsInArea; the last one far outside.
    public func coordinate(_ point: Int) -> Coordinate {
        point < scope.pointsInArea ? Coordinate(latitudeMicro: 12_900_000 + point * 10_000, longitudeMicro: 77_500_000)
            : Coordinate(latitudeMicro: 20_000_000 + point, longitudeMicro: 70_000_000)
    }

    func point(of coordinate: Coordinate) -> UInt8 {
        (0..<scope.points).first { self.coordinate($0) == coordinate }.map(UInt8.init) ?? CabWorld.none
    }

    func minute(_ minutes: Int) -> UInt8 {
        (0..<255).contains(minutes) ? UInt8(minutes) : 254
    }

    func referenceType(_ type: CabBookingSpec.CabType) -> CabBookingReference.CabType {
        switch type {
        case .nano: .nano
        case .hatchback: .hatchback
        case .sedan: .sedan
        }
    }

    func type(_ type: CabBookingReference.CabType) -> CabBookingSpec.CabType {
        switch type {
        case .nano: .nano
        case .hatchback: .hatchback
        case .sedan: .sedan
        }
    }

    func status(_ status: CabBookingReference.BookingStatus) -> CabBookingSpec.BookingStatus {
        switch status {
        case .scheduled: .scheduled
        case .designated: .designated
        case .cabArrived: .cabArrived
        case .onTrip: .onTrip
        case .completed: .completed
        case .cancelled: .cancelled
        case .unserved: .unserved
        }
    }

    /// The world the system stands for: the service (which refill the gateway may confirm
    /// again among it), what the passenger was last told, and each passenger's current
    /// password.
    public func world(of system: CabSystem) -> CabWorld {
        let service = system.service
        var world = CabWorld()
        let ids = passengers(in: service)
        for p in 0..<scope.passengers {
            let id = ids[p]
            guard let account = service.account(id) else { continue }
            world.passengers[p].registered = true
            world.passengers[p].email = UInt8(clamping: (0..<255).first { Self.email($0) == account.email } ?? 255)
            world.passengers[p].mobile = UInt8(clamping: (0..<255).first { Self.mobile($0) == account.mobile } ?? 255)
            world.passengers[p].passwordVersion = system.passwordVersions[p]
            world.passengers[p].refillCredited = Self.creditedRefills(of: p, in: service) > 0
            for favourite in service.favourites(of: id) {
                guard let place = scope.favouriteOffsets.indices.first(where: {
                    Self.favouriteName($0) == favourite.name && self.favourite($0) == favourite.location
                }) else {
                    world.passengers[p].favourites |= 0x80
                    continue
                }
                world.passengers[p].favourites |= 1 << place
            }
            world.passengers[p].session = account.loggedIn
            world.passengers[p].failures = UInt8(min(account.failures, 250))
            world.passengers[p].suspendedUntil = account.suspendedUntil.map(minute) ?? 0
            world.passengers[p].selectedType = type(account.selectedType)
            world.passengers[p].walletEnrolled = account.walletEnrolled
            world.passengers[p].promoAvailable = account.promoAvailable
            world.passengers[p].balance = UInt32(max(0, service.balance(of: id) ?? 0))
        }
        let issued = service.bookingIDs.issued
        func slot(_ id: BookingID?) -> UInt8 { id.flatMap { issued.firstIndex(of: $0) }.map(UInt8.init) ?? CabWorld.none }
        for (b, id) in issued.prefix(scope.bookings).enumerated() {
            guard let booking = service.booking(id) else { continue }
            var record = BookingRecord()
            record.status = status(booking.status)
            record.owner = UInt8(ids.firstIndex(of: booking.owner) ?? 254)
            record.isLater = booking.isLater
            record.type = type(booking.type)
            record.pickup = point(of: booking.pickup)
            record.pickupAt = minute(booking.pickupAt)
            record.createdAt = minute(booking.createdAt)
            record.cab = booking.cab.map { UInt8($0.value - 1) } ?? CabWorld.none
            record.cabDueAt = booking.cabDueAt.map(minute) ?? 0
            record.arrivedAt = booking.arrivedAt.map(minute) ?? 0
            record.boardedAt = booking.boardedAt.map(minute) ?? 0
            record.fare = UInt32(booking.receipt?.fare ?? 0)
            record.payment = booking.receipt.map { $0.payment == .wallet ? .wallet : .cash } ?? .unpaid
            record.feedback = booking.feedback != nil
            record.promo = booking.promo
            record.promoApplied = (booking.receipt?.discount ?? 0) > 0
            world.bookings[b] = record
        }
        for c in 0..<scope.cabs {
            guard let record = service.cab(cab(c)) else { continue }
            world.cabs[c].type = type(record.type)
            world.cabs[c].location = point(of: record.location)
            world.cabs[c].booking = slot(record.booking)
        }
        world.now = minute(service.now)
        world.lastMessage = system.message
        return world
    }
}
