/// Planning, choosing and discarding schedules (seed 003 R6-R13, UC Schedule appointments,
/// UC Schedule selection, §2.1.3).
extension CalendarService {
    /// Plans the selected appointments: a saved schedule, or, when no plan keeps every rule, a
    /// discarded one and a warning. Either way the schedule is kept, under a new id.
    @discardableResult
    public mutating func requestSchedule(_ ids: [AppointmentID], preferences: TravelPreferences, ranking: [Criterion]) throws(CalendarError) -> ScheduleID {
        guard !ids.isEmpty else { throw .nothingSelected }
        var members: [Appointment] = []
        for id in Set(ids).sorted() {
            guard let appointment = appointments[id] else { throw .unknownAppointment(id) }
            let latest = appointment.draft.latestStart + (fault == .requestAfterLatestStart ? 1 : 0)
            guard appointment.state == .unscheduled || appointment.state == .scheduled, appointment.day == 0, latest >= now else {
                throw .appointmentNotSelectable(id)
            }
            members.append(appointment)
        }
        let leaveFrom = max(wakeUp, now)
        let outcome = Scheduler(options: options, fault: fault).plan(Scheduler.Request(appointments: members, preferences: preferences, ranking: ranking,
                                                                                       conditions: conditions, leaveFrom: leaveFrom, home: home))
        let id = ScheduleID(nextSchedule)
        nextSchedule += 1
        let drafts = Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.draft) })
        switch outcome {
        case .planned(let visits):
            schedules[id] = Schedule(id: id, members: members.map(\.id), plannedDrafts: drafts, preferences: preferences, ranking: ranking,
                                     conditions: conditions, leaveFrom: leaveFrom, itinerary: visits, state: .saved)
        case .noValidPlan:
            schedules[id] = Schedule(id: id, members: members.map(\.id), plannedDrafts: drafts, preferences: preferences, ranking: ranking,
                                     conditions: conditions, leaveFrom: leaveFrom, itinerary: [], state: .discarded(.noValidPlan))
            outbox.append(send(.noValidSchedule, id, "No schedule keeps all your appointments and constraints"))
        }
        refreshStates()
        return id
    }

    /// Makes a saved schedule the day's, if its first leg has not left; the one running before
    /// is replaced.
    public mutating func runSchedule(_ id: ScheduleID) throws(CalendarError) {
        guard let schedule = schedules[id] else { throw .unknownSchedule(id) }
        guard schedule.state == .saved else { throw .scheduleNotSaved(id) }
        guard schedule.itinerary.allSatisfy({ $0.departure >= now }) else { throw .planAlreadyUnderway(id) }
        if fault != .runKeepsPreviousRunning, let running = runningSchedule { schedules[running]!.state = .discarded(.replaced) }
        schedules[id]!.state = .running
        refreshStates()
    }

    public mutating func discardSchedule(_ id: ScheduleID) throws(CalendarError) {
        guard let schedule = schedules[id] else { throw .unknownSchedule(id) }
        guard schedule.state == .saved else { throw .scheduleNotSaved(id) }
        if fault == .discardRefusedOnceConditionsChanged, schedule.conditions != conditions {
            throw .planAlreadyUnderway(id)
        }
        if fault == .discardRefusedOnceUnderway, !schedule.itinerary.allSatisfy({ $0.departure >= now }) {
            throw .planAlreadyUnderway(id)
        }
        schedules[id]!.state = .discarded(.byUser)
        refreshStates()
    }

    public var runningSchedule: ScheduleID? { schedules.keys.sorted().first { schedules[$0]!.state == .running } }
}
