/// The clock and the jobs it runs (UC02 6e.2, UC07 BR2, UC10).
extension CabBookingService {
    /// Moves the clock to `minute`, running every job that falls due on the way, in time order
    /// and each at its own minute: a jump of several minutes misses none. At a minute, lifted
    /// suspensions come first, then later bookings reaching their notice (by pickup time, then
    /// creation), then arrivals.
    public mutating func advanceClock(to minute: Minute) throws(CabServiceError) {
        guard minute >= now else { throw .clockWentBack(now: now, asked: minute) }
        if fault == .jobsRunAtClockTarget {
            now = minute
            runJobs(at: minute)
            return
        }
        while let due = nextJob(upTo: minute) {
            now = due
            runJobs(at: due)
        }
        now = minute
    }

    /// The earliest minute, from now up to `limit`, at which a job is due.
    func nextJob(upTo limit: Minute) -> Minute? {
        var times: [Minute] = accounts.values.compactMap(\.suspendedUntil)
        for booking in bookings.values {
            if booking.status == .scheduled { times.append(booking.pickupAt - noticeMinutes) }
            if booking.status == .designated, let due = booking.cabDueAt { times.append(due) }
        }
        return times.filter { $0 <= limit }.min().map { max($0, now) }
    }

    mutating func runJobs(at minute: Minute) {
        for (id, account) in accounts {
            if let until = account.suspendedUntil, until <= minute {
                accounts[id]!.suspendedUntil = nil
                accounts[id]!.failures = 0
            }
        }
        // Ties go to the booking made first. Its id is no guide to that: ids wrap from 999999
        // to 100000, so the second booking of a day may hold the lower id.
        var madeAs: [BookingID: Int] = [:]
        for (index, id) in bookingIDs.issued.enumerated() {
            madeAs[id] = fault == .designationTiesByBookingId ? id.value : index
        }
        let noticed = bookings.values.filter { $0.status == .scheduled && $0.pickupAt - noticeMinutes <= minute }
            .sorted { a, b in
                (a.pickupAt, a.createdAt, madeAs[a.id] ?? 0) < (b.pickupAt, b.createdAt, madeAs[b.id] ?? 0)
            }
        for booking in noticed { designate(booking.id) }
        for booking in bookings.values where booking.status == .designated {
            if let due = booking.cabDueAt, due <= minute {
                bookings[booking.id]!.status = .cabArrived
                bookings[booking.id]!.arrivedAt = due
                cabs[booking.cab!]!.location = booking.pickup
            }
        }
    }

    /// How long before pickup a later booking gets its cab.
    var noticeMinutes: Minute {
        switch fault {
        case .designationAtPickupTime: 0
        case .noticeOneMinuteLate: policy.noticeMinutes - 1
        default: policy.noticeMinutes
        }
    }

    /// Gives a later booking its cab, 20 minutes before pickup, and tells the passenger; with
    /// no cab of its type able to come by its deadline, it is unserved (decision D16).
    mutating func designate(_ id: BookingID) {
        let booking = bookings[id]!
        let account = accounts[booking.owner]!
        guard let (cab, eta) = fastestCab(of: booking.type, to: booking.pickup, by: booking.arrivalDeadline(policy), at: now) else {
            bookings[id]!.status = .unserved
            send(.sms, to: account.mobile, .bookingUnserved, booking: id, "Sorry: no cab is available for your \(id)")
            return
        }
        bookings[id]!.status = .designated
        bookings[id]!.cab = cab
        bookings[id]!.cabDueAt = now + eta
        cabs[cab]!.booking = id
        send(.sms, to: account.mobile, .cabDetails, booking: id, "Your \(cab) is on its way for \(id)")
    }
}
