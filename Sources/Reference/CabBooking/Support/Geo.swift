import Foundation

/// Distances on the earth and travel between two points.
public enum Geo {
    /// The great-circle distance in metres (haversine).
    public static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radius = 6_371_000.0
        func radians(_ micro: Int) -> Double { Double(micro) / 1e6 * .pi / 180 }
        let dLat = radians(b.latitude - a.latitude), dLon = radians(b.longitude - a.longitude)
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(radians(a.latitude)) * cos(radians(b.latitude)) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }
}

/// How long a cab takes between two points and how far it drives: the service asks a router,
/// as it would ask a maps API. `StraightLineRouter` drives the straight line at a fixed speed;
/// a table router answers known pairs exactly (tests and harnesses).
public struct Router: Sendable, Equatable {
    /// Known legs: minutes and metres, keyed by (from, to).
    public var legs: [Leg: (minutes: Int, metres: Int)]
    /// Speed for a leg not in the table, in km/h.
    public var speedKmh: Int

    public struct Leg: Hashable, Sendable {
        public let from: Coordinate
        public let to: Coordinate
        public init(_ from: Coordinate, _ to: Coordinate) {
            self.from = from
            self.to = to
        }
    }

    public init(speedKmh: Int = 30, legs: [Leg: (minutes: Int, metres: Int)] = [:]) {
        self.speedKmh = speedKmh
        self.legs = legs
    }

    public func minutes(from: Coordinate, to: Coordinate) -> Int {
        if from == to { return 0 }
        if let leg = legs[Leg(from, to)] { return leg.minutes }
        return Int((Geo.metres(from, to) / 1000 / Double(speedKmh) * 60).rounded(.up))
    }

    public func metres(from: Coordinate, to: Coordinate) -> Int {
        if from == to { return 0 }
        if let leg = legs[Leg(from, to)] { return leg.metres }
        return Int(Geo.metres(from, to).rounded())
    }

    public static func == (a: Router, b: Router) -> Bool {
        a.speedKmh == b.speedKmh && a.legs.count == b.legs.count
            && a.legs.allSatisfy { key, value in b.legs[key].map { $0 == value } ?? false }
    }
}
