/// Booking now and for later, cancelling, tracking (seed 004 UC05-UC07, UC10-UC11, UC19).
extension CabBookingService {
    /// Books a cab of the passenger's chosen type now (UC06): the free cab of that type that
    /// can reach the pickup soonest, within the arrival bound (BR1, BR2; ties to the lowest
    /// cab id, D14). Refused outside the service area (M33), within the clash window of another
    /// live booking of his (D10), or when no cab can come in time (M14).
    @discardableResult
    public mutating func bookNow(_ passenger: PassengerID, pickup: Coordinate, destination: Coordinate? = nil, promo: Bool = false) throws(CabServiceError) -> BookingID {
        let account = try loggedIn(passenger)
        do { try checkArea(pickup, destination) } catch {
            if fault == .refusedBookingDrawsId { bookingIDs.drop() }
            throw error
        }
        if fault != .clashCheckedForLaterBookingsOnly { try checkClash(passenger, at: now) }
        guard let (cab, eta) = fastestCab(of: account.selectedType, to: pickup, by: now + policy.arrivalBoundMinutes, at: now) else {
            if fault == .busyFleetKeepsBooking, cabs.values.allSatisfy({ $0.booking != nil }) {
                let id = try bookingIDs.issue(fault: fault)
                bookings[id] = Booking(id: id, owner: passenger, type: account.selectedType, pickup: pickup,
                                       destination: destination, createdAt: now, pickupAt: now, isLater: false,
                                       promo: promo, status: .scheduled)
                confirm(id, to: account)
                return id
            }
            throw .noCabAvailable(account.selectedType)
        }
        let id = try bookingIDs.issue(fault: fault)
        bookings[id] = Booking(id: id, owner: passenger, type: account.selectedType, pickup: pickup, destination: destination, createdAt: now,
                               pickupAt: now, isLater: false, promo: promo, status: .designated, cab: cab, cabDueAt: now + eta)
        cabs[cab]!.booking = id
        confirm(id, to: account)
        return id
    }

    /// Books a cab for `pickupAt` (UC07): more than 30 minutes ahead (7b, across midnight too:
    /// D8) and at most three days (BR1, D9), not within 30 minutes of another live booking of
    /// his (7c, D10), and only when a cab of the type can be counted on then (7d, D11). Its cab
    /// is chosen 20 minutes before pickup (BR2), by `advanceClock`.
    @discardableResult
    public mutating func bookLater(_ passenger: PassengerID, pickup: Coordinate, destination: Coordinate? = nil, at pickupAt: Minute,
                                   promo: Bool = false) throws(CabServiceError) -> BookingID {
        let account = try loggedIn(passenger)
        let ahead = pickupAt - now
        guard ahead > policy.minimumLeadMinutes || (fault == .laterBookingAtThirtyMinutesAccepted && ahead == policy.minimumLeadMinutes) else { throw .tooSoon(minutesAhead: ahead, minimum: policy.minimumLeadMinutes) }
        guard ahead <= policy.maximumLeadMinutes || (fault == .leadPastThreeDaysAccepted && ahead <= policy.maximumLeadMinutes + 10) else { throw .tooFarAhead(minutesAhead: ahead, maximum: policy.maximumLeadMinutes) }
        try checkClash(passenger, at: pickupAt)
        let type = account.selectedType
        let competing = bookings.values.filter { $0.isLater && $0.isLive && $0.type == type && abs($0.pickupAt - pickupAt) <= policy.clashWindowMinutes }
        guard competing.count < cabs.values.filter({ $0.type == type }).count else { throw .cabUnavailableAtTime(type) }
        try checkArea(pickup, destination)
        let id = try bookingIDs.issue(fault: fault)
        bookings[id] = Booking(id: id, owner: passenger, type: type, pickup: pickup, destination: destination, createdAt: now,
                               pickupAt: pickupAt, isLater: true, promo: promo, status: .scheduled)
        confirm(id, to: account)
        return id
    }

    /// Cancels a booking of the passenger's before he boards (UC19; no fee and a notice, D12):
    /// it leaves his lists, its cab is free where it is, and its id is never issued again.
    public mutating func cancel(_ passenger: PassengerID, _ id: BookingID) throws(CabServiceError) {
        _ = try loggedIn(passenger)
        let booking = try owned(id, by: passenger)
        let cancellable: [BookingStatus] = fault == .cancelAfterBoarding ? [.scheduled, .designated, .cabArrived, .onTrip] : [.scheduled, .designated, .cabArrived]
        guard cancellable.contains(booking.status) else { throw .notCancellable(id, booking.status) }
        if let cab = booking.cab, fault != .cancelKeepsCab { cabs[cab]!.booking = nil }
        bookings[id]!.status = .cancelled
        bookings[id]!.cab = nil
        send(.email, to: accounts[passenger]!.email, .cancelled, booking: id, "Your \(id) has been cancelled")
        if fault == .cancelledIdReissued { bookingIDs.reissue(id) }
    }

    /// Where the cab of a booking is and when it is due (UC11): only for a designated booking
    /// whose cab has not arrived, and for a later one from 20 minutes before pickup.
    public func track(_ passenger: PassengerID, _ id: BookingID) throws(CabServiceError) -> (cab: Coordinate, dueAt: Minute) {
        _ = try loggedIn(passenger)
        let booking = try owned(id, by: passenger)
        if fault == .trackingBeforeNotice, booking.status == .scheduled { return (booking.pickup, booking.pickupAt) }
        guard booking.status == .designated, let cab = booking.cab, let due = booking.cabDueAt,
              !booking.isLater || now >= booking.pickupAt - policy.noticeMinutes else { throw .trackingNotOpen(id) }
        return (cabs[cab]!.location, due)
    }

    // MARK: Helpers

    func checkArea(_ pickup: Coordinate, _ destination: Coordinate?) throws(CabServiceError) {
        guard area(containing: pickup) != nil else { throw .outsideServiceArea(pickup) }
        if let destination, area(containing: destination) == nil { throw .outsideServiceArea(destination) }
    }

    /// Refuses a booking at `time` within the clash window of a live booking of the passenger's
    /// ("within 30 minutes" includes 30).
    func checkClash(_ passenger: PassengerID, at time: Minute) throws(CabServiceError) {
        let window = fault == .clashWindowExclusive ? policy.clashWindowMinutes - 1 : policy.clashWindowMinutes
        let clash = bookings.values.filter { $0.owner == passenger && $0.isLive && abs($0.pickupAt - time) <= window }
            .min { $0.id < $1.id }
        if let clash { throw .bookingClash(with: clash.id) }
    }

    /// The free cab of `type` that reaches `point` soonest from `time`, arriving by `deadline`.
    func fastestCab(of type: CabType, to point: Coordinate, by deadline: Minute, at time: Minute) -> (CabID, Int)? {
        let candidates = cabs.values.filter { ($0.type == type || fault == .cabOfAnyType) && $0.booking == nil }
            .map { ($0.id, router.minutes(from: $0.location, to: point)) }
            .filter { time + $0.1 <= deadline }
        if fault == .bookNowTakesFirstFreeCab { return candidates.min { $0.0 < $1.0 } }
        return candidates.min { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    mutating func confirm(_ id: BookingID, to account: Account) {
        let text = "Your \(id) is confirmed"
        send(.email, to: account.email, .bookingConfirmed, booking: id, text)
        send(.sms, to: account.mobile, .bookingConfirmed, booking: id, text)
    }
}
