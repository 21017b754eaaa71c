/// Identifiers as the service hands them out. Accounts, taxis and zones are numbered by the
/// registry that created them; routes, rides and cards by this service, in creation order.
/// Each kind is its own type, so a driver's number can never be passed as a zone's.
public struct Identifier<Kind: IdentifierKind>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int
    public init(_ number: Int) { self.number = number }
    /// "driver 3": how messages name it.
    public var description: String { "\(Kind.noun) \(number)" }
    public static func < (a: Self, b: Self) -> Bool { a.number < b.number }
}

public protocol IdentifierKind: Sendable { static var noun: String { get } }

public enum ClientKind: IdentifierKind { public static let noun = "client" }
public enum DriverKind: IdentifierKind { public static let noun = "driver" }
public enum TaxiKind: IdentifierKind { public static let noun = "taxi" }
public enum ZoneKind: IdentifierKind { public static let noun = "zone" }
public enum RouteKind: IdentifierKind { public static let noun = "route" }
public enum RideKind: IdentifierKind { public static let noun = "ride" }
public enum CardKind: IdentifierKind { public static let noun = "card" }

public typealias ClientID = Identifier<ClientKind>
public typealias DriverID = Identifier<DriverKind>
/// A taxi's code, which the client is told (000 PF17).
public typealias TaxiCode = Identifier<TaxiKind>
public typealias ZoneID = Identifier<ZoneKind>
public typealias RouteID = Identifier<RouteKind>
public typealias RideID = Identifier<RideKind>
public typealias CardID = Identifier<CardKind>
