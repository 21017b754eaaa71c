/// Why the service refused an operation, in words the user understands. A refused operation
/// changes nothing.
public enum CalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    case outsideRegion(PlaceID)
    case invalidAppointment(String)
    case unknownAppointment(AppointmentID)
    case appointmentClosed(AppointmentID)
    case unknownSchedule(ScheduleID)
    case nothingSelected
    case appointmentNotSelectable(AppointmentID)
    case scheduleNotSaved(ScheduleID)
    case planAlreadyUnderway(ScheduleID)
    case scheduleNotRunning(ScheduleID)
    case alreadyBooked(ScheduleID)
    case noTicketsNeeded(ScheduleID)
    case notBooked(ScheduleID)
    case strikeAlreadyKnown
    case clockWentBack(now: MinuteOfDay, asked: MinuteOfDay)

    public var description: String {
        switch self {
        case .outsideRegion(let place): "\(place) is outside the region the service covers"
        case .invalidAppointment(let why): "the appointment is not valid: \(why)"
        case .unknownAppointment(let id): "there is no \(id)"
        case .appointmentClosed(let id): "\(id) is archived or cancelled and can no longer change"
        case .unknownSchedule(let id): "there is no \(id)"
        case .nothingSelected: "select at least one appointment"
        case .appointmentNotSelectable(let id): "\(id) cannot be scheduled today any more"
        case .scheduleNotSaved(let id): "\(id) is not a saved schedule"
        case .planAlreadyUnderway(let id): "\(id)'s first departure has passed"
        case .scheduleNotRunning(let id): "\(id) is not the schedule of the day"
        case .alreadyBooked(let id): "\(id)'s tickets are booked already"
        case .noTicketsNeeded(let id): "\(id) needs no tickets"
        case .notBooked(let id): "\(id) has no booking to confirm"
        case .strikeAlreadyKnown: "the strike is known already"
        case .clockWentBack(let now, let asked): "the clock cannot go back from minute \(now) to \(asked)"
        }
    }
}
