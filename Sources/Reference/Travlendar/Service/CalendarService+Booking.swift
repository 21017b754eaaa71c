/// Buying the day's tickets (seed 003 R18-R19, UC Booking phase).
extension CalendarService {
    /// Buys the running schedule's bus tickets, all or none: with no seats nothing is charged.
    public mutating func bookTickets(_ id: ScheduleID, seatsAvailable: Bool) throws(CalendarError) {
        guard let schedule = schedules[id] else { throw .unknownSchedule(id) }
        guard schedule.state == .running else { throw .scheduleNotRunning(id) }
        guard schedule.tickets != .booked else { throw .alreadyBooked(id) }
        guard schedule.itinerary.contains(where: { $0.mode == .bus }) else { throw .noTicketsNeeded(id) }
        if fault == .bookingRefusedUntilReviewed, schedule.needsReview { throw .scheduleNotRunning(id) }
        if seatsAvailable {
            schedules[id]!.tickets = .booked
            schedules[id]!.payments += 1
            outbox.append(send(.ticketsBooked, id, "Your tickets for \(id) are booked"))
        } else {
            schedules[id]!.tickets = .failed
            if fault == .failedBookingCharges { schedules[id]!.payments += 1 }
            outbox.append(send(.bookingFailed, id, "No seats left for \(id): nothing was charged"))
        }
    }

    /// The provider's confirmation of a purchase, which may arrive again after a timeout: the
    /// purchase is paid once.
    public mutating func confirmPurchase(_ id: ScheduleID) throws(CalendarError) {
        guard let schedule = schedules[id] else { throw .unknownSchedule(id) }
        guard schedule.tickets == .booked else { throw .notBooked(id) }
        if fault == .confirmationChargesAgain { schedules[id]!.payments += 1 }
        if fault == .confirmationNotifiesAgain {
            outbox.append(send(.ticketsBooked, id, "Your tickets for \(id) are booked"))
        }
    }
}
