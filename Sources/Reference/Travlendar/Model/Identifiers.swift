/// A minute of the day, counted from midnight (07:30 is 450).
public typealias MinuteOfDay = Int

public struct AppointmentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
    public var description: String { "appointment #\(value)" }
}

public struct ScheduleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
    public var description: String { "schedule #\(value)" }
}

/// A place the user goes to; the service knows which places lie in its region.
public struct PlaceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
    public var description: String { "place \(value)" }
}

/// How the user travels. The order is the tie-break's order among equally good plans.
public enum TravelMode: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case walking, ownBike, bus, sharedBike
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { ["walking", "own bike", "bus", "shared bike"][rawValue] }
    var isBike: Bool { self == .ownBike || self == .sharedBike }
    /// Emissions count the metres on motorised road vehicles.
    var pollutes: Bool { self == .bus }
}

/// The criteria a user ranks (R7).
public enum Criterion: Int, Sendable, CaseIterable {
    case travelTime, price, emissions
}
