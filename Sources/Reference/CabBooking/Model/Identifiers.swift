/// An id of one kind of record: a passenger's, a booking's or a cab's, never mixed up.
public struct Identifier<Kind: IdentifierKind>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: Identifier, b: Identifier) -> Bool { a.value < b.value }
    public var description: String { "\(Kind.label) \(value)" }
}

public protocol IdentifierKind: Sendable { static var label: String { get } }

public enum PassengerKind: IdentifierKind { public static let label = "passenger" }
public enum BookingKind: IdentifierKind { public static let label = "booking" }
public enum CabKind: IdentifierKind { public static let label = "cab" }

/// A passenger's account number, given at registration in order: 1, 2, 3...
public typealias PassengerID = Identifier<PassengerKind>
/// A booking's id as the passenger sees it: six digits, 100000 to 999999, never issued twice
/// (seed 004 UC06 BR4, UC07 BR5).
public typealias BookingID = Identifier<BookingKind>
/// A cab of the fleet (one driver per cab).
public typealias CabID = Identifier<CabKind>

extension Identifier where Kind == BookingKind {
    /// The six-digit ids.
    public static var range: ClosedRange<Int> { 100_000...999_999 }
}

/// The seed's three cab types (UC09 BR1); Nano is the default (UC02 step 12).
public enum CabType: String, Sendable, CaseIterable, Comparable {
    case nano, hatchback, sedan
    public static func < (a: CabType, b: CabType) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// Money in paise: never floating point.
public typealias Paise = Int

/// The service's clock: minutes since it started.
public typealias Minute = Int

/// A point on the map, in micro-degrees so that equal positions compare equal exactly.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Int
    public let longitude: Int
    public init(latitudeMicro: Int, longitudeMicro: Int) {
        latitude = latitudeMicro
        longitude = longitudeMicro
    }
    public var description: String { "(\(Double(latitude) / 1e6), \(Double(longitude) / 1e6))" }
}
