import Checker

/// Where an appointment is in its life (§2.1.2); `unused` for a free slot.
public enum AppointmentStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case unused, unscheduled, scheduled, archived, cancelled
    public var description: String { ["UNUSED", "UNSCHEDULED", "SCHEDULED", "ARCHIVED", "CANCELLED"][Int(rawValue)] }
    /// Open: it can be edited, cancelled or selected (DT18).
    public var isOpen: Bool { self == .unscheduled || self == .scheduled }
}

/// An appointment slot: its template, the day of this occurrence (0 is today), and how many
/// occurrences were fulfilled before it.
public struct AppointmentRecord: Sendable, Hashable {
    public init() {}
    public var status = AppointmentStatus.unused
    public var template: UInt8 = 0
    public var day: UInt8 = 0
    public var occurrences: UInt8 = 0
}

/// Where a schedule is in its life (§2.1.3); `unused` for a free slot.
public enum ScheduleStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case unused, saved, running, discarded, archived
    public var description: String { ["UNUSED", "SAVED", "RUNNING", "DISCARDED", "ARCHIVED"][Int(rawValue)] }
    public var isLive: Bool { self == .saved || self == .running }
}

/// Why a schedule was discarded.
public enum DiscardReason: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case none, infeasible, edited, superseded, user
    public var description: String { ["-", "infeasible", "edited", "superseded", "user"][Int(rawValue)] }
}

/// The booking of a schedule's tickets (UC Booking phase, DT14).
public enum BookingState: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case none, booked, failed
    public var description: String { ["none", "booked", "failed"][Int(rawValue)] }
}

/// One stop of a plan, kept at its appointment's slot: the appointment as it was when planned
/// (a recurring one may be edited after it was fulfilled), when it starts, and the leg into it
/// (its mean and departure; it arrives after the option's minutes).
public struct PlanStop: Sendable, Hashable {
    public init() {}
    public var template: UInt8 = 0
    public var start: UInt8 = 0
    public var mean = TravelMean.walk
    public var departure: UInt8 = 0
}

/// A schedule slot: the request (selection, profile, criteria order, and what the world was
/// when it was planned) and its plan. Plain bytes, no padding.
public struct ScheduleRecord: Sendable {
    public init() {}
    public var status = ScheduleStatus.unused
    public var reason = DiscardReason.none
    /// Bit a: appointment slot a is in the schedule.
    public var selection: UInt8 = 0
    /// Bit a: appointment a was fulfilled while the schedule ran.
    public var fulfilled: UInt8 = 0
    public var profile: UInt8 = 0
    public var criteria: UInt8 = 0
    /// The earliest departure from home: the wake-up time, or the request's minute if later.
    public var readyAt: UInt8 = 0
    /// The environment the plan was made in.
    public var rain = false
    public var strike = false
    public var sharedBikes: UInt8 = 0
    public var hasBike = true
    public var booking = BookingState.none
    public var charges: UInt8 = 0
    /// The world changed under the running plan: a leg no longer keeps the rules (DT27).
    public var stale = false
    /// The user was warned that the request has no valid schedule.
    public var warned = false
    public var plan = InlineArray<3, PlanStop>(repeating: PlanStop())

    public var environment: TravEnvironment { TravEnvironment(rain: rain, strike: strike, sharedBikes: sharedBikes, hasBike: hasBike) }

    public func contains(_ a: Int) -> Bool { selection & (1 << a) != 0 }
    /// In the schedule and not yet fulfilled.
    public func holds(_ a: Int) -> Bool { contains(a) && fulfilled & (1 << a) == 0 }
}

/// The Travlendar+ model's state: plain data, compared, hashed and fingerprinted as its bytes.
public struct TravWorld: PlainDataState {
    public static let appointmentCapacity = 3, scheduleCapacity = 2

    public var appointments = InlineArray<3, AppointmentRecord>(repeating: AppointmentRecord())
    public var schedules = InlineArray<2, ScheduleRecord>(repeating: ScheduleRecord())
    /// The clock, in minutes from 07:30 today.
    public var now: UInt8 = 0
    public var rain = false
    public var strike = false
    public var sharedBikes: UInt8 = 0
    public var hasBike = true

    public init() {}

    public var environment: TravEnvironment { TravEnvironment(rain: rain, strike: strike, sharedBikes: sharedBikes, hasBike: hasBike) }

    /// The running schedule's slot, if any.
    public var running: Int? { (0..<Self.scheduleCapacity).first { schedules[$0].status == .running } }
}
