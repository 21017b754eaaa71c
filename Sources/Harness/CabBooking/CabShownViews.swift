import CabBookingReference
import CabBookingSpec
import Checker

/// The passengers' Pending and Previous bookings as the Reference lists them (UC23, UC24), in
/// the Spec's terms (`CabBookingModel.shown`): slots for ids, points for coordinates.
extension CabAbstraction {
    public func shown(in system: CabSystem) -> [ShownView<BookingRow>] {
        let service = system.service, issued = service.bookingIDs.issued, ids = passengers(in: service)
        func slot(_ id: BookingID) -> ShownName<BookingSlot> {
            issued.firstIndex(of: id).map { .slot(BookingSlot($0)) } ?? .unmapped("b?\(id)")
        }
        return (0..<scope.passengers).flatMap { p -> [ShownView<BookingRow>] in
            let id = ids[p]
            return [
                ShownView(CabBookingModel.pendingTitles[p], service.pendingBookings(of: id).map { booking in
                    .pending(slot(booking.id), type(booking.type), at: point(of: booking.pickup),
                             minute(booking.pickupAt), status(booking.status))
                }),
                ShownView(CabBookingModel.previousTitles[p], service.previousBookings(of: id).map { booking in
                    let receipt = booking.receipt
                    let payment = receipt.map { $0.payment == .wallet ? PaymentState.wallet : .cash } ?? .unpaid
                    let fare = UInt32(clamping: receipt?.fare ?? 0)
                    return .previous(slot(booking.id), at: minute(booking.pickupAt), fare: fare, payment,
                                     promo: booking.promo)
                }),
            ]
        }
    }
}
