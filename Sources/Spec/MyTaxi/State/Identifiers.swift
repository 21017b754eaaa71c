/// Entities are dense small integers wrapped in distinct types, so a driver can never be
/// passed where a zone is expected. `raw` indexes the state's arrays; `none` (0xFF) stands
/// for "no such entity" inside the state, which keeps the state free of optionals and
/// padding (it is hashed and compared as raw bytes). An id is coded as its index, so that an
/// action's parameters are plain numbers to its declaration (`TaxiAction+Vocabulary`).
public protocol EntityID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    var raw: UInt8 { get }
    init(raw: UInt8)
    static var prefix: String { get }
}

extension EntityID {
    public init(_ index: Int) { self.init(raw: UInt8(index)) }
    public var index: Int { Int(raw) }
    /// People read ids from 1: d1 is index 0.
    public var description: String { "\(Self.prefix)\(index + 1)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    public init(from decoder: any Decoder) throws {
        self.init(raw: try decoder.singleValueContainer().decode(UInt8.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

public struct ZoneID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "z" }
public struct DriverID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "d" }
public struct TaxiID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "t" }
public struct ClientID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "c" }
/// A route is one client's request or reservation; route slots are per client and used in
/// creation order, never reused (a cancelled route keeps its slot).
public struct RouteID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "r" }
/// A ride is named after the route whose acceptance created it.
public struct RideID: EntityID { public let raw: UInt8; public init(raw: UInt8) { self.raw = raw }; public static let prefix = "ride" }

/// The byte that means "none" in an id field.
public let noEntity: UInt8 = 0xFF

/// The compile-time capacity of the state. A scope may use less, never more: `Scope`
/// validates against these.
public enum Capacity {
    public static let zones = 3
    public static let drivers = 4
    public static let taxis = 4
    public static let clients = 4
    public static let routes = 8
    public static let maxPassengersPerTaxi = 4
}
