/// The weather, strikes, shared bikes and the clock (seed 003 §1.2, §1.2.2, §2.1.2).
extension CalendarService {
    public mutating func setRain(_ raining: Bool) {
        conditions.rainFrom = raining ? rainStartsAt : nil
        if fault != .changeNotReviewed { review() }
    }

    public mutating func announceStrike() throws(CalendarError) {
        guard !conditions.strike else { throw .strikeAlreadyKnown }
        conditions.strike = true
        review()
    }

    public mutating func moveSharedBike(at place: PlaceID) throws(CalendarError) {
        guard region.contains(place) else { throw .outsideRegion(place) }
        if conditions.sharedBikes.contains(place) { conditions.sharedBikes.remove(place) } else { conditions.sharedBikes.insert(place) }
        review()
    }

    /// Flags the running schedule when a leg still to leave no longer keeps the rules of the
    /// world as it is, and warns the user; it keeps running until he plans again.
    mutating func review() {
        guard let id = runningSchedule, !schedules[id]!.needsReview else { return }
        let schedule = schedules[id]!
        var place = home
        for visit in schedule.itinerary {
            let destination = schedule.plannedDrafts[visit.appointment]!.place
            defer { place = destination }
            guard schedule.holds(visit.appointment), visit.departure >= now, let quote = options.quote(from: place, to: destination, by: visit.mode) else { continue }
            let rained = visit.mode.isBike && !schedule.preferences.bikeInRain && conditions.rainFrom.map { visit.departure + quote.minutes > $0 } == true
            let needsOwnBike = fault == .reviewTakesSharedBikeForOwn ? visit.mode.isBike : visit.mode == .ownBike
            let broken = rained || (needsOwnBike && !conditions.ownsBike) || (visit.mode == .bus && conditions.strike)
                || (visit.mode == .sharedBike && !conditions.sharedBikes.contains(place))
            if broken {
                schedules[id]!.needsReview = true
                outbox.append(send(.planNeedsReview, id, "Your plan for today needs a look: the \(visit.mode) leg to \(visit.appointment) is no longer possible"))
                return
            }
        }
    }

    /// Moves the clock to `minute`, fulfilling every appointment of the running schedule that
    /// ends on the way, each at its own minute.
    public mutating func advanceClock(to minute: MinuteOfDay) throws(CalendarError) {
        guard minute >= now else { throw .clockWentBack(now: now, asked: minute) }
        while let due = nextFulfilment(upTo: minute) {
            now = max(now, due)
            fulfil(at: now)
        }
        now = minute
    }

    func fulfilmentTime(of visit: Visit, in schedule: Schedule) -> MinuteOfDay {
        let minutes = schedule.plannedDrafts[visit.appointment]!.minutes
        switch fault {
        case .archivedAtStart: return visit.start
        case .fulfilmentOneMinuteLate: return visit.start + minutes + 1
        default: return visit.start + minutes
        }
    }

    func nextFulfilment(upTo limit: MinuteOfDay) -> MinuteOfDay? {
        guard let id = runningSchedule else { return nil }
        let schedule = schedules[id]!
        return schedule.itinerary.filter { schedule.holds($0.appointment) }.map { fulfilmentTime(of: $0, in: schedule) }.filter { $0 <= limit }.min()
    }

    /// The appointments of the running schedule that ended by `minute` are done: archived, or,
    /// repeating daily, back unscheduled for tomorrow; saved schedules holding them are replaced.
    mutating func fulfil(at minute: MinuteOfDay) {
        guard let id = runningSchedule else { return }
        for visit in schedules[id]!.itinerary where schedules[id]!.holds(visit.appointment) && fulfilmentTime(of: visit, in: schedules[id]!) <= minute {
            schedules[id]!.done.insert(visit.appointment)
            var appointment = appointments[visit.appointment]!
            if appointment.draft.repeatsDaily && fault != .recurrenceDropped {
                appointment.state = .unscheduled
                appointment.day += 1
                appointment.occurrencesDone += 1
            } else {
                appointment.state = .archived
            }
            appointments[visit.appointment] = appointment
            for (other, schedule) in schedules where schedule.state == .saved && schedule.members.contains(visit.appointment) {
                schedules[other]!.state = .discarded(.replaced)
            }
        }
        if schedules[id]!.done.count == schedules[id]!.members.count { schedules[id]!.state = .archived }
        refreshStates()
    }
}
