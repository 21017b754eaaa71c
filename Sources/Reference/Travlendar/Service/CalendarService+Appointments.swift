/// Creating, editing and cancelling appointments (seed 003 R2-R5, UC Appointment creation and
/// editing, §2.1.2).
extension CalendarService {
    @discardableResult
    public mutating func createAppointment(_ draft: AppointmentDraft) throws(CalendarError) -> AppointmentID {
        try validate(draft)
        let id = AppointmentID(nextAppointment)
        nextAppointment += 1
        appointments[id] = Appointment(id: id, draft: draft, day: 0, state: .unscheduled, occurrencesDone: 0)
        return id
    }

    /// Changes an open appointment; every live schedule that holds it is discarded, as its plan
    /// was made for the old appointment.
    public mutating func editAppointment(_ id: AppointmentID, _ draft: AppointmentDraft) throws(CalendarError) {
        try open(id)
        try validate(draft)
        appointments[id]!.draft = draft
        appointments[id]!.state = .unscheduled
        discardSchedules(holding: id)
    }

    public mutating func cancelAppointment(_ id: AppointmentID) throws(CalendarError) {
        try open(id)
        appointments[id]!.state = .cancelled
        discardSchedules(holding: id)
    }

    func open(_ id: AppointmentID) throws(CalendarError) {
        guard let appointment = appointments[id] else { throw .unknownAppointment(id) }
        guard appointment.state == .unscheduled || appointment.state == .scheduled else { throw .appointmentClosed(id) }
    }

    func validate(_ draft: AppointmentDraft) throws(CalendarError) {
        guard region.contains(draft.place) else { throw .outsideRegion(draft.place) }
        guard !draft.title.isEmpty else { throw .invalidAppointment("it has no title") }
        guard draft.minutes > 0 else { throw .invalidAppointment("it lasts no time") }
        guard draft.latestEnd - draft.earliestStart >= draft.minutes else { throw .invalidAppointment("it does not fit in its window") }
    }

    mutating func discardSchedules(holding id: AppointmentID) {
        for (sid, schedule) in schedules where schedule.isLive && schedule.holds(id) {
            if fault == .editKeepsSavedSchedules && schedule.state == .saved { continue }
            schedules[sid]!.state = .discarded(.appointmentChanged)
        }
        refreshStates()
    }
}
