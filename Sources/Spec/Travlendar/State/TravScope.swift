/// A travel mean of seed 003 (§1.2): walking, the user's own bike, the bus (public, on strike
/// some days) and a shared bike (found at a place, booked through the user's linked account).
public enum TravelMean: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case walk, bike, bus, sharedBike
    public var description: String { ["walk", "bike", "bus", "sharedBike"][Int(rawValue)] }
    /// Carbon counts the kilometres on polluting means (§2.1.3, decision DT6).
    public var isPolluting: Bool { self == .bus }
    /// A bike, own or shared, is barred in the rain unless the profile allows it (§2.1.4).
    public var isBike: Bool { self == .bike || self == .sharedBike }
}

/// The three optimisation criteria (§2.1.3, R7), ranked by the user.
public enum Criterion: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case time, money, carbon
    public var description: String { ["time", "money", "carbon"][Int(rawValue)] }
}

/// One way of covering a leg: minutes, cost units, metres. Independent of the departure
/// (decision DT21).
public struct TravelOption: Sendable, Hashable {
    public var minutes: Int
    public var cost: Int
    public var metres: Int
    public init(_ minutes: Int, cost: Int, metres: Int) {
        self.minutes = minutes
        self.cost = cost
        self.metres = metres
    }
}

/// An appointment as the user enters it (§2.1.2): a place, a fixed start or an interval the
/// whole appointment must fit in (DT11), a duration, whether it recurs daily, and a mean the
/// user deactivated for the leg into it (DT10). Minutes count from the start of the day.
public struct AppointmentTemplate: Sendable, Equatable {
    public var name: String
    public var location: Int
    public var fixedStart: Int?
    public var earliest: Int
    public var latestEnd: Int
    public var duration: Int
    public var recurrent = false
    public var deactivated: TravelMean?

    public static func fixed(_ name: String, at location: Int, start: Int, duration: Int, deactivated: TravelMean? = nil, recurrent: Bool = false) -> Self {
        AppointmentTemplate(name: name, location: location, fixedStart: start, earliest: start, latestEnd: start + duration, duration: duration,
                            recurrent: recurrent, deactivated: deactivated)
    }

    public static func interval(_ name: String, at location: Int, from earliest: Int, to latestEnd: Int, duration: Int,
                                deactivated: TravelMean? = nil, recurrent: Bool = false) -> Self {
        AppointmentTemplate(name: name, location: location, fixedStart: nil, earliest: earliest, latestEnd: latestEnd, duration: duration,
                            recurrent: recurrent, deactivated: deactivated)
    }

    /// The latest minute it can start: a request after it is too late (Def 1.3.12).
    public var latestStart: Int { fixedStart ?? latestEnd - duration }
}

/// The user's constraints on travel (§2.1.4, Fig 3.7): the longest walk and ride, whether a
/// bike may be used in the rain, and the time slot of the bus (departure and arrival inside:
/// DT9).
public struct TravelProfile: Sendable, Equatable {
    public var walkMaxMetres: Int
    public var bikeMaxMetres: Int
    public var bikeInRain: Bool
    public var busFrom: Int
    public var busUntil: Int
}

/// The bounds of a check of the Travlendar+ model and its fixed world: places (the last one
/// outside the region), the travel-option table, the palettes of appointments, profiles and
/// criteria orders the user picks from, and time in minutes from 07:30.
///
/// Time: minutes, as the Reference counts them. The clock jumps to one minute before, at and
/// after each moment that matters (an appointment's end or latest start, a leg's departure),
/// or by `idleStepMinutes` when nothing is due.
public struct TravScope: Sendable, Equatable {
    public var name: String
    /// Appointment and schedule slots used.
    public var appointments: Int
    public var schedules: Int
    public var horizon: Int
    public var depth: Int?
    public var idleStepMinutes = 15
    /// Places 0..<placesInRegion; place 0 is home. The place after them is outside the region.
    public var placesInRegion: Int
    public var wakeUp: Int
    /// Rain, when forecast, falls from this minute to the end of the day.
    public var rainFrom: Int
    /// `options[from][to][mean]`, nil where the mean does not go.
    public var options: [[[TravelOption?]]]
    public var templates: [AppointmentTemplate]
    public var profiles: [TravelProfile]
    public var criteriaOrders: [[Criterion]]
    /// The environments every check starts from: one initial state each.
    public var environments: [TravEnvironment]
    /// The appointments every check starts with, as templates by slot: one initial state for
    /// each list and each environment. The scheduler scopes start with the palette's
    /// appointments already entered, so that depth 1 meets every input of the palette.
    public var startingAppointments: [[Int]] = [[]]
    /// The lifecycle actions are offered; the scheduler scopes offer requests only.
    public var lifecycle = true
    /// The scope's graph decides the liveness properties (no depth bound cuts it where one is
    /// pending): a check with no `--property` checks them here, and only here.
    public var decidesLiveness = false

    public var outsidePlace: Int { placesInRegion }

    public func option(from: Int, to: Int, by mean: TravelMean) -> TravelOption? { options[from][to][Int(mean.rawValue)] }
}

/// What the user does not choose: weather, strikes, where shared bikes stand, his own bike.
public struct TravEnvironment: Sendable, Equatable, Hashable {
    public var rain = false
    public var strike = false
    /// Bit i: a shared bike stands at place i.
    public var sharedBikes: UInt8 = 0
    public var hasBike = true
    public init(rain: Bool = false, strike: Bool = false, sharedBikes: UInt8 = 0, hasBike: Bool = true) {
        self.rain = rain
        self.strike = strike
        self.sharedBikes = sharedBikes
        self.hasBike = hasBike
    }
}
