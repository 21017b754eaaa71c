/// When an appointment may take place: at a fixed minute, or anywhere in a window it must fit
/// in whole.
public enum AppointmentTiming: Sendable, Equatable {
    case fixed(start: MinuteOfDay)
    case flexible(earliest: MinuteOfDay, latestEnd: MinuteOfDay)
}

/// What the user types to create or edit an appointment.
public struct AppointmentDraft: Sendable, Equatable {
    public var title: String
    public var place: PlaceID
    public var timing: AppointmentTiming
    public var minutes: Int
    public var repeatsDaily: Bool
    /// A mode the user does not want to arrive by.
    public var excludedMode: TravelMode?

    public init(title: String, place: PlaceID, timing: AppointmentTiming, minutes: Int, repeatsDaily: Bool = false, excludedMode: TravelMode? = nil) {
        self.title = title
        self.place = place
        self.timing = timing
        self.minutes = minutes
        self.repeatsDaily = repeatsDaily
        self.excludedMode = excludedMode
    }

    var earliestStart: MinuteOfDay {
        switch timing {
        case .fixed(let start): start
        case .flexible(let earliest, _): earliest
        }
    }

    var latestEnd: MinuteOfDay {
        switch timing {
        case .fixed(let start): start + minutes
        case .flexible(_, let latestEnd): latestEnd
        }
    }

    var latestStart: MinuteOfDay { latestEnd - minutes }
}

public enum AppointmentState: Sendable, Equatable {
    case unscheduled, scheduled, archived, cancelled
}

public struct Appointment: Sendable, Equatable {
    public let id: AppointmentID
    public internal(set) var draft: AppointmentDraft
    /// 0 is today.
    public internal(set) var day: Int
    public internal(set) var state: AppointmentState
    public internal(set) var occurrencesDone: Int
}

/// The user's travel preferences for a request (§2.1.4).
public struct TravelPreferences: Sendable, Equatable {
    public var maxWalkMetres: Int
    public var maxBikeMetres: Int
    public var bikeInRain: Bool
    /// When the bus may be used: both departure and arrival inside.
    public var busFrom: MinuteOfDay
    public var busUntil: MinuteOfDay

    public init(maxWalkMetres: Int, maxBikeMetres: Int, bikeInRain: Bool, busFrom: MinuteOfDay, busUntil: MinuteOfDay) {
        self.maxWalkMetres = maxWalkMetres
        self.maxBikeMetres = maxBikeMetres
        self.bikeInRain = bikeInRain
        self.busFrom = busFrom
        self.busUntil = busUntil
    }
}

/// What the user does not control.
public struct Conditions: Sendable, Equatable {
    /// Rain from this minute to the end of the day, if forecast.
    public var rainFrom: MinuteOfDay?
    public var strike: Bool
    public var sharedBikes: Set<PlaceID>
    public var ownsBike: Bool

    public init(rainFrom: MinuteOfDay? = nil, strike: Bool = false, sharedBikes: Set<PlaceID> = [], ownsBike: Bool = true) {
        self.rainFrom = rainFrom
        self.strike = strike
        self.sharedBikes = sharedBikes
        self.ownsBike = ownsBike
    }
}

/// One visit of an itinerary: the appointment, how the user gets there and when.
public struct Visit: Sendable, Equatable {
    public let appointment: AppointmentID
    public let mode: TravelMode
    public let departure: MinuteOfDay
    public let start: MinuteOfDay
}

public enum ScheduleState: Sendable, Equatable {
    case saved, running, discarded(DiscardCause), archived
}

public enum DiscardCause: Sendable, Equatable {
    case noValidPlan, appointmentChanged, replaced, byUser
}

public enum TicketState: Sendable, Equatable {
    case notBooked, booked, failed
}

public struct Schedule: Sendable, Equatable {
    public let id: ScheduleID
    public let members: [AppointmentID]
    /// The appointments as they were when planned: a daily one may change after it was done.
    public let plannedDrafts: [AppointmentID: AppointmentDraft]
    public let preferences: TravelPreferences
    public let ranking: [Criterion]
    public let conditions: Conditions
    public let leaveFrom: MinuteOfDay
    public let itinerary: [Visit]
    public internal(set) var state: ScheduleState
    public internal(set) var done: Set<AppointmentID> = []
    public internal(set) var tickets = TicketState.notBooked
    public internal(set) var payments = 0
    public internal(set) var needsReview = false

    var isLive: Bool { state == .saved || state == .running }
    func holds(_ id: AppointmentID) -> Bool { members.contains(id) && !done.contains(id) }
}

/// A message the service sends the user.
public struct Notice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case noValidSchedule, ticketsBooked, bookingFailed, planNeedsReview }
    public let kind: Kind
    public let schedule: ScheduleID
    public let text: String
}
