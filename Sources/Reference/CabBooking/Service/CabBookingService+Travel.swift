/// Boarding, the end of a travel, its fare and its payment (seed 004 UC13, UC14, UC06 BR3).
extension CabBookingService {
    /// The passenger gets into the cab that arrived (the seed never describes it; the waiting
    /// charge needs the moment).
    public mutating func board(_ id: BookingID) throws(CabServiceError) {
        guard let booking = bookings[id] else { throw .unknownBooking(id) }
        guard booking.status == .cabArrived else { throw .cabNotArrived(id) }
        if fault == .noShowClosesBoarding, let arrived = booking.arrivedAt, now - arrived > policy.freeWaitingMinutes {
            throw .cabNotArrived(id)
        }
        if fault == .earlyCabNeverBoarded, booking.isLater, let arrived = booking.arrivedAt,
            arrived < booking.pickupAt
        {
            throw .cabNotArrived(id)
        }
        bookings[id]!.status = .onTrip
        bookings[id]!.boardedAt = now
    }

    /// The driver ends the travel at `drop` (UC13): the fare from the chart of the pickup's
    /// city, the waiting charge and the toll when the driver chose them, less the promo on the
    /// passenger's first travel booked with it (D18, D19); paid from the wallet when it holds
    /// the whole fare, else in cash (D21). The travel-end message may come twice (a retry after
    /// a timeout): a travel already ended answers its receipt again and charges nothing.
    @discardableResult
    public mutating func endTravel(_ id: BookingID, drop: Coordinate, chargeWaiting: Bool = true, toll: Paise = 0) throws(CabServiceError) -> Receipt {
        guard let booking = bookings[id] else { throw .unknownBooking(id) }
        if booking.status == .completed, let receipt = booking.receipt {
            if fault == .travelEndChargesTwice, receipt.payment == .wallet { balances[booking.owner, default: 0] -= receipt.fare }
            return receipt
        }
        guard booking.status == .onTrip, let cabID = booking.cab else { throw .notOnTrip(id) }
        guard toll >= 0 else { throw .invalidField("toll") }
        guard let area = area(containing: booking.pickup), let fare = area.fares[booking.type] else { throw .outsideServiceArea(booking.pickup) }
        let account = accounts[booking.owner]!
        let metres = router.metres(from: booking.pickup, to: drop)
        // Half a paisa and up rounds up.
        let distanceCharge = (fare.perKilometre * metres + 500) / 1000
        let waited = (booking.boardedAt ?? now) - (booking.arrivedAt ?? now)
        let waiting = chargeWaiting ? waitingCharge(minutes: waited) : 0
        let gross = fare.base + distanceCharge + waiting + toll
        let promo = booking.promo && account.promoAvailable
        let discount = promo ? (gross * policy.promoPercent + 50) / 100 : 0
        let total = gross - discount
        let balance = balances[booking.owner, default: 0]
        let enough = fault == .walletNeedsMoreThanFare ? balance > total : balance >= total
        if fault == .travelEndWaitsForWallet, account.walletEnrolled, !enough { throw .insufficientFunds }
        let payment: Payment = account.walletEnrolled && enough ? .wallet : .cash
        let receipt = Receipt(booking: id, fare: total, discount: discount, waitingCharge: waiting, toll: toll, payment: payment)
        if payment == .wallet { balances[booking.owner] = balance - total }
        if payment == .cash, account.walletEnrolled, fault == .partialWalletDebit { balances[booking.owner] = 0 }
        // D19: the first completed travel spends the promo, used or not.
        if promo || fault != .promoKeptUntilUsed { accounts[booking.owner]!.promoAvailable = false }
        bookings[id]!.status = .completed
        bookings[id]!.receipt = receipt
        bookings[id]!.cab = nil
        cabs[cabID]!.booking = nil
        cabs[cabID]!.location = drop
        switch payment {
        case .wallet:
            send(.sms, to: account.mobile, .walletPayment, booking: id, "Successful payment of \(total) paise through the wallet")
            send(.email, to: account.email, .walletPayment, booking: id, "Invoice for \(id): \(total) paise")
            send(.driverTab, to: "\(cabID)", .walletPayment, booking: id, "Fare of \(total) paise credited")
        case .cash:
            send(.sms, to: account.mobile, .cashPayment, booking: id, "Insufficient balance in the wallet: please pay \(total) paise in cash")
            send(.driverTab, to: "\(cabID)", .cashPayment, booking: id, "Collect \(total) paise in cash")
        }
        return receipt
    }

    /// The waiting surcharge: free for the first minutes, then a fixed charge for each
    /// started block (UC06 BR3; D17).
    public func waitingCharge(minutes: Int) -> Paise {
        guard minutes > policy.freeWaitingMinutes else { return 0 }
        let started = fault == .waitingChargedPerCompletedBlock ? 0 : policy.waitingBlockMinutes - 1
        let blocks = (minutes - policy.freeWaitingMinutes + started) / policy.waitingBlockMinutes
        return blocks * policy.waitingSurcharge
    }

    /// The fare chart of the city that holds `point`, by cab type (UC14), or M27 outside every area.
    public func fareChart(at point: Coordinate) throws(CabServiceError) -> [(CabType, Fare)] {
        guard let area = area(containing: point) else { throw .outsideServiceArea(point) }
        return area.fares.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Feedback on one of the passenger's completed travels, once (UC15, UC24).
    public mutating func sendFeedback(_ passenger: PassengerID, _ id: BookingID, rating: Int, comment: String = "") throws(CabServiceError) {
        _ = try loggedIn(passenger)
        let booking = try owned(id, by: passenger)
        guard booking.status == .completed else { throw .feedbackNotAllowed(id) }
        guard booking.feedback == nil || fault == .feedbackTwice else { throw .feedbackAlreadyGiven(id) }
        guard (1...5).contains(rating) else { throw .invalidField("rating") }
        bookings[id]!.feedback = Feedback(rating: rating, comment: comment)
    }

    /// The passenger's pending bookings (not yet travelled and paid), latest first (UC23).
    public func pendingBookings(of passenger: PassengerID) -> [Booking] {
        latestFirst(bookings.values.filter { booking in
            let listed = booking.isLive || fault == .pendingListsUnserved && booking.status == .unserved
            return booking.owner == passenger && listed
        })
    }

    /// The passenger's previous bookings (travelled and paid), latest first (UC24).
    public func previousBookings(of passenger: PassengerID) -> [Booking] {
        latestFirst(bookings.values.filter { $0.owner == passenger && $0.status == .completed })
    }

    /// Latest pickup first; of two picked up at one minute, the one made later. Not by id:
    /// ids wrap from 999999 to 100000, so a later booking can hold the smaller id.
    private func latestFirst(_ list: [Booking]) -> [Booking] {
        let order = bookingIDs.issued
        func made(_ booking: Booking) -> Int { order.firstIndex(of: booking.id) ?? order.count }
        return list.sorted { ($0.pickupAt, made($0)) > ($1.pickupAt, made($1)) }
    }
}
