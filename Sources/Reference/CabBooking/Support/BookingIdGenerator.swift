/// Issues six-digit booking ids in turn from a first id, wrapping from 999999 to 100000 and
/// passing over every id ever issued: a cancelled booking is deleted, but its id went out by
/// SMS and e-mail and is never issued again (decision D7).
public struct BookingIdGenerator: Sendable, Equatable {
    var next: Int
    /// Every id issued, in order.
    public private(set) var issued: [BookingID] = []
    private var used: Set<Int> = []

    public init(first: Int = BookingID.range.lowerBound) {
        precondition(BookingID.range.contains(first), "a booking id has six digits")
        next = first
    }

    mutating func issue(fault: CabFault? = nil) throws(CabServiceError) -> BookingID {
        guard used.count < BookingID.range.count else { throw .bookingIdsExhausted }
        if fault == .bookingIdPastSixDigits && next == BookingID.range.upperBound + 1 || fault == .bookingIdPastSixDigits && next > BookingID.range.upperBound {
            let id = BookingID(next)
            issued.append(id)
            next += 1
            return id
        }
        while used.contains(next) { next = next == BookingID.range.upperBound ? BookingID.range.lowerBound : next + 1 }
        let id = BookingID(next)
        used.insert(next)
        issued.append(id)
        next = next == BookingID.range.upperBound && fault != .bookingIdPastSixDigits ? BookingID.range.lowerBound : next + 1
        return id
    }

    /// What the fault `refusedBookingDrawsId` does on a booking refused after its id was drawn:
    /// the counter moves on, as a draw does, but without the wrap.
    mutating func drop() { next += 1 }

    /// Gives `id` back to be issued next: what the fault `cancelledIdReissued` does on a cancellation.
    mutating func reissue(_ id: BookingID) {
        used.remove(id.value)
        next = id.value
    }
}
