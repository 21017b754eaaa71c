/// The bounds of a check of the cab booking model: how many passengers, cabs, points and
/// bookings, the clock's horizon, and the seed's numbers in ticks of ten minutes.
///
/// Time: a tick is 10 minutes, so every threshold of seed 004 is a whole number of ticks. The
/// compressed profile keeps the order and the equalities of the thresholds (free waiting <
/// notice < the 30-minute rules < a day < three days) with a shorter day, so a search meets
/// every ordering of threshold crossings at small depth (design note §4).
public struct CabScope: Sendable, Equatable {
    public var name: String
    /// Passengers, registered, logged in and enrolled in the wallet.
    public var passengers: Int
    /// The fleet, cab by cab: its type and its starting point.
    public var cabTypes: [CabType]
    public var cabPoints: [Int]
    /// Points 0..<pointsInArea lie inside the service area; the next one, outside it, is offered
    /// only as a near miss.
    public var pointsInArea: Int
    /// Booking slots: bookings are numbered in creation order and never reused.
    public var bookings: Int
    public var horizon: Int
    public var depth: Int?
    public var timing: CabTiming
    /// Leads offered to book-later, in ticks.
    public var leads: [Int]
    /// ETA in ticks between points, `eta[from][to]`, the outside point last.
    public var eta: [[Int]]
    /// Distance in metres between points, for fares.
    public var metres: [[Int]]
    /// The fare chart in paise, by cab type (the seed gives no figures: decision D18).
    public var baseFare: [Int]
    public var perKilometre: [Int]
    public var startingBalance: Int
    public var refillAmount: Int
    public var walletLimit: Int

    public var outsidePoint: Int { pointsInArea }
    public var points: Int { pointsInArea + 1 }
    public var cabs: Int { cabTypes.count }

    /// One passenger with INR 100 in his wallet (less than any fare), a Nano at point 0, a Nano
    /// and a Sedan at point 1, two bookings, leads {3, 4, 12, 13}: too soon, the first accepted,
    /// the longest and one past it.
    public static let ci = CabScope(
        name: "ci", passengers: 1, cabTypes: [.nano, .nano, .sedan], cabPoints: [0, 1, 1], pointsInArea: 2, bookings: 2,
        horizon: 8, depth: 8, timing: .compressed, leads: [3, 4, 12, 13],
        eta: [[0, 1, 3], [1, 0, 3], [3, 3, 0]], metres: [[0, 4_000, 9_000], [4_000, 0, 9_000], [9_000, 9_000, 0]],
        baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
        startingBalance: 10_000, refillAmount: 50_000, walletLimit: 100_000)

    public static let named: [CabScope] = [.ci]
}

/// The seed's three cab types (UC09 BR1); Nano is the default (UC02 step 12).
public enum CabType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case nano, hatchback, sedan
    public var description: String { ["Nano", "Hatchback", "Sedan"][Int(rawValue)] }
}

/// The seed's thresholds in ticks.
public struct CabTiming: Sendable, Equatable {
    public var minutesPerTick: Int
    public var freeWaitingTicks: Int
    public var noticeTicks: Int
    /// Too soon, the clash window, the arrival bound and the waiting surcharge block: 30 minutes.
    public var windowTicks: Int
    public var dayTicks: Int
    public var maximumLeadTicks: Int

    public static let seeds = CabTiming(minutesPerTick: 10, freeWaitingTicks: 1, noticeTicks: 2, windowTicks: 3, dayTicks: 144, maximumLeadTicks: 432)
    public static let compressed = CabTiming(minutesPerTick: 10, freeWaitingTicks: 1, noticeTicks: 2, windowTicks: 3, dayTicks: 4, maximumLeadTicks: 12)
}
