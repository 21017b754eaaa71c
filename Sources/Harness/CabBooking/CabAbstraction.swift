import CabBookingReference
import CabBookingSpec
import Checker

/// The correspondence between the Reference's values and the Spec's: passenger slot p is
/// passenger p + 1, cab slot c is cab c + 1, booking slot b is the (b + 1)th id the service
/// issued (cancelled bookings included: the ledger keeps them), point i a fixed coordinate, and
/// a tick ten minutes. A value the Spec has no name for (a coordinate off the table, a minute
/// between ticks) maps to an impossible one, so conformance reports it rather than hides it.
public struct CabAbstraction: Sendable {
    public let scope: CabScope
    public let minutesPerTick: Int

    public init(scope: CabScope) {
        self.scope = scope
        minutesPerTick = scope.timing.minutesPerTick
    }

    public func passenger(_ p: Int) -> CabBookingReference.PassengerID { .init(p + 1) }
    public func cab(_ c: Int) -> CabID { .init(c + 1) }
    /// Point i of the scope, inside the area for i < pointsInArea; the last one far outside.
    public func coordinate(_ point: Int) -> Coordinate {
        point < scope.pointsInArea ? Coordinate(latitudeMicro: 12_900_000 + point * 10_000, longitudeMicro: 77_500_000)
            : Coordinate(latitudeMicro: 20_000_000 + point, longitudeMicro: 70_000_000)
    }

    func point(of coordinate: Coordinate) -> UInt8 {
        (0..<scope.points).first { self.coordinate($0) == coordinate }.map(UInt8.init) ?? CabWorld.none
    }

    func ticks(_ minutes: Int) -> UInt8 {
        minutes % minutesPerTick == 0 && minutes / minutesPerTick < 255 ? UInt8(minutes / minutesPerTick) : 254
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

    /// The world the service stands for; `message` is what the passenger was last told.
    public func world(of service: CabBookingService, message: CabMessage) -> CabWorld {
        var world = CabWorld()
        for p in 0..<scope.passengers {
            guard let account = service.account(passenger(p)) else { continue }
            world.passengers[p].registered = true
            world.passengers[p].session = account.loggedIn
            world.passengers[p].failures = UInt8(min(account.failures, 250))
            world.passengers[p].suspendedUntil = account.suspendedUntil.map(ticks) ?? 0
            world.passengers[p].selectedType = type(account.selectedType)
            world.passengers[p].walletEnrolled = account.walletEnrolled
            world.passengers[p].promoAvailable = account.promoAvailable
            world.passengers[p].balance = UInt32(max(0, service.balance(of: passenger(p)) ?? 0))
        }
        let issued = service.bookingIDs.issued
        func slot(_ id: BookingID?) -> UInt8 { id.flatMap { issued.firstIndex(of: $0) }.map(UInt8.init) ?? CabWorld.none }
        for (b, id) in issued.prefix(scope.bookings).enumerated() {
            guard let booking = service.booking(id) else { continue }
            var record = BookingRecord()
            record.status = status(booking.status)
            record.owner = UInt8(booking.owner.value - 1)
            record.isLater = booking.isLater
            record.type = type(booking.type)
            record.pickup = point(of: booking.pickup)
            record.pickupAt = ticks(booking.pickupAt)
            record.createdAt = ticks(booking.createdAt)
            record.cab = booking.cab.map { UInt8($0.value - 1) } ?? CabWorld.none
            record.cabDueAt = booking.cabDueAt.map(ticks) ?? 0
            record.arrivedAt = booking.arrivedAt.map(ticks) ?? 0
            record.boardedAt = booking.boardedAt.map(ticks) ?? 0
            record.fare = UInt32(booking.receipt?.fare ?? 0)
            record.payment = booking.receipt.map { $0.payment == .wallet ? .wallet : .cash } ?? .unpaid
            record.feedback = booking.feedback != nil
            record.promo = booking.promo
            world.bookings[b] = record
        }
        for c in 0..<scope.cabs {
            guard let record = service.cab(cab(c)) else { continue }
            world.cabs[c].type = type(record.type)
            world.cabs[c].location = point(of: record.location)
            world.cabs[c].booking = slot(record.booking)
        }
        world.now = ticks(service.now)
        world.lastMessage = message
        return world
    }
}
