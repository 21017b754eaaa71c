/// An operation of Travlendar+ or of its environment. Appointments and schedules are slots
/// numbered from 0; templates, profiles and criteria orders index the scope's palettes.
public enum TravAction: Hashable, Sendable, Codable, CustomStringConvertible {
    case createAppointment(template: Int)
    case editAppointment(appointment: Int, template: Int)
    case cancelAppointment(appointment: Int)
    /// Ask for a schedule of the selected appointments (bit a: slot a) under a profile and a
    /// criteria order; the scheduler answers with a plan or discards the request.
    case requestSchedule(selection: Int, profile: Int, criteria: Int)
    /// Choose a saved schedule for today (UC Schedule selection).
    case runSchedule(schedule: Int)
    case discardSchedule(schedule: Int)
    /// Buy the running schedule's tickets; the provider has seats or not (UC Booking phase).
    case bookTravel(schedule: Int, seats: Bool)
    /// The provider's confirmation of a purchase again, a retry after a timeout (DT14).
    case repeatBookingConfirmation(schedule: Int)
    case weatherChanges
    case strikeAnnounced
    /// A shared bike comes to or leaves place `place`.
    case sharedBikeMoves(place: Int)
    /// The clock moves on; every due event runs at its own minute.
    case advance(minutes: Int)

    public var kind: TravActionKind {
        switch self {
        case .createAppointment: .createAppointment
        case .editAppointment: .editAppointment
        case .cancelAppointment: .cancelAppointment
        case .requestSchedule: .requestSchedule
        case .runSchedule: .runSchedule
        case .discardSchedule: .discardSchedule
        case .bookTravel: .bookTravel
        case .repeatBookingConfirmation: .repeatBookingConfirmation
        case .weatherChanges: .weatherChanges
        case .strikeAnnounced: .strikeAnnounced
        case .sharedBikeMoves: .sharedBikeMoves
        case .advance: .advance
        }
    }

    public var description: String {
        switch self {
        case .createAppointment(let t): "createAppointment(template: T\(t))"
        case .editAppointment(let a, let t): "editAppointment(a\(a + 1), template: T\(t))"
        case .cancelAppointment(let a): "cancelAppointment(a\(a + 1))"
        case .requestSchedule(let selection, let p, let c):
            "requestSchedule(selection: \((0..<8).filter { selection & (1 << $0) != 0 }.map { "a\($0 + 1)" }.joined(separator: "+")), profile: P\(p), criteria: C\(c))"
        case .runSchedule(let s): "runSchedule(s\(s + 1))"
        case .discardSchedule(let s): "discardSchedule(s\(s + 1))"
        case .bookTravel(let s, let seats): "bookTravel(s\(s + 1), seats: \(seats))"
        case .repeatBookingConfirmation(let s): "repeatBookingConfirmation(s\(s + 1))"
        case .weatherChanges: "weatherChanges"
        case .strikeAnnounced: "strikeAnnounced"
        case .sharedBikeMoves(let place): "sharedBikeMoves(place: L\(place))"
        case .advance(let minutes): "advance(minutes: \(minutes))"
        }
    }
}

/// The kinds of action, with their sources in seed 003.
public enum TravActionKind: Int, Sendable, CaseIterable {
    case createAppointment, editAppointment, cancelAppointment, requestSchedule, runSchedule, discardSchedule, bookTravel,
         repeatBookingConfirmation, weatherChanges, strikeAnnounced, sharedBikeMoves, advance

    public var name: String { "\(self)" }

    public var source: String {
        switch self {
        case .createAppointment: "003 R2-R3; UC Appointment creation"
        case .editAppointment: "003 R4-R5; UC Appointment editing; §2.1.2-2.1.3 (DT4)"
        case .cancelAppointment: "003 §2.1.2 \"cancel an appointment in every moment\" (DT18)"
        case .requestSchedule: "003 R6-R11; UC Schedule appointments; Def 1.3.7-1.3.8 (DT3, DT5, DT20)"
        case .runSchedule: "003 R13; UC Schedule selection; §2.1.3 (DT16)"
        case .discardSchedule: "003 §2.1.3; UC Schedule selection (the user keeps one of the saved)"
        case .bookTravel: "003 R18-R19; UC Booking phase (DT14)"
        case .repeatBookingConfirmation: "003 UC Booking phase steps 3-5 (DT14)"
        case .weatherChanges: "003 §1.2 \"Weather conditions can change during the day\" (DT27)"
        case .strikeAnnounced: "003 §1.2.2, R9 (DT15, DT27)"
        case .sharedBikeMoves: "003 §1.2.2 \"Shared travel mean moves / is not available anymore\" (DT27)"
        case .advance: "model: time in minutes, moved to the moments that matter"
        }
    }
}
