import Checker
import ModelKit

/// The bounds of a check of the cab booking model: how many passengers, cabs, points and
/// bookings, the clock's horizon, and the seed's numbers in minutes.
///
/// Time is counted in minutes, as the Reference counts it. The clock does not tick: it jumps
/// to the moments that matter (a job falling due, a waiting threshold, a suspension ending),
/// landing one minute before, at, or one minute after each, so that every window is tried one
/// minute inside and one minute outside and a jump passes over every edge (`advance`). The
/// compressed profile keeps the order and the equalities of the thresholds (free waiting <
/// notice < the 30-minute rules < a day < three days) with a day of 40 minutes, so a search
/// meets every ordering of threshold crossings at small depth (design note §4).
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
    /// Minutes: the clock never moves past it. At most `maximumHorizon`, so that every time the
    /// state keeps (a pickup up to three compressed days ahead) fits a byte.
    public var horizon: Int
    public var depth: Int?
    public var timing: CabTiming
    /// Leads offered to book-later, in minutes.
    public var leads: [Int]
    /// ETA in minutes between points, `eta[from][to]`, the outside point last.
    public var eta: [[Int]]
    /// Distance in metres between points, for fares.
    public var metres: [[Int]]
    /// The fare chart in paise, by cab type (the seed gives no figures: decision D18).
    public var baseFare: [Int]
    public var perKilometre: [Int]
    /// Whether every passenger starts registered, logged in and enrolled in the wallet; if not,
    /// nobody is registered and the scope's e-mails and mobile numbers are offered to register.
    public var startsLoggedIn = true
    public var emails = 1
    public var mobiles = 1
    /// Favourite places, each as metres north of L0, and how many a passenger may save (the
    /// seed's 20, compressed: decision D23). Two places at most `favouriteRadiusMetres` apart
    /// are the same place (UC20 BR4, D24).
    public var favouriteOffsets: [Int] = []
    public var favouriteLimit = 20
    public var favouriteRadiusMetres = 150
    public var startingBalance: Int
    /// Each passenger's own starting balance, where passengers start with different ones;
    /// empty: every passenger starts with `startingBalance`.
    public var startingBalances: [Int] = []
    public var refillAmount: Int
    public var walletLimit: Int

    public var outsidePoint: Int { pointsInArea }
    public var points: Int { pointsInArea + 1 }
    public var cabs: Int { cabTypes.count }
    public func startingBalance(of p: Int) -> Int { p < startingBalances.count ? startingBalances[p] : startingBalance }
    /// Passengers who start without a wallet, and pay in cash.
    public var withoutWallet: [Int] = []
    public func startsWithWallet(_ p: Int) -> Bool { !withoutWallet.contains(p) }
    /// Bookings are tried with the welcome promo code as well as without (UC01 BR7).
    public var offersPromo = false
    /// Book-later is tried only where its notice falls within the horizon, so that no later
    /// booking is still waiting for its cab when the clock stops (`CabLiveness`).
    public var laterNoticesWithinHorizon = false
    /// The scope's graph decides the liveness properties: no depth bound cuts the Spec's graph
    /// where an obligation is pending, and every obligation is met or starved before the horizon.
    public var decidesLiveness = false

    public static let maximumHorizon = 120

    /// One passenger with INR 100 in his wallet (less than any fare), a Nano at point 0, a Nano
    /// and a Sedan at point 1, two bookings, 80 minutes. Leads of 30 and 31 minutes (too soon, the
    /// first accepted) and of 3 compressed days and one minute more. The ETA from L0 to L1 is 30
    /// minutes, the arrival bound, and from L1 to L0 one minute more: one-way streets.
    public static let ci = CabScope(
        name: "ci", passengers: 1, cabTypes: [.nano, .nano, .sedan], cabPoints: [0, 1, 1], pointsInArea: 2, bookings: 2,
        horizon: 80, depth: 7, timing: .compressed, leads: [30, 31, 120, 121],
        eta: [[0, 30, 30], [31, 0, 30], [30, 30, 0]], metres: [[0, 4_000, 9_000], [4_000, 0, 9_000], [9_000, 9_000, 0]],
        baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
        startingBalance: 10_000, refillAmount: 50_000, walletLimit: 100_000)

    /// Two passengers not yet registered, two e-mails and two mobile numbers (so that each can
    /// be taken by the other), the lockout with a day of 40 minutes, and favourites at the
    /// radius and one metre either side: F1 149 m from F0 (the same place), F2 150 m from F1
    /// (the same place) and 299 m from F0, F3 151 m from F2 (another place), two allowed.
    public static let accounts: CabScope = {
        var scope = CabScope(
            name: "accounts", passengers: 2, cabTypes: [.nano], cabPoints: [0], pointsInArea: 1, bookings: 0,
            horizon: 50, depth: 8, timing: .compressed, leads: [], eta: [[0, 30], [30, 0]], metres: [[0, 9_000], [9_000, 0]],
            baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500], startingBalance: 0, refillAmount: 50_000, walletLimit: 100_000)
        scope.startsLoggedIn = false
        scope.emails = 2
        scope.mobiles = 2
        scope.favouriteOffsets = [0, 149, 299, 450]
        scope.favouriteLimit = 2
        return scope
    }()

    /// For seeded walks, which follow every path without merging the Reference's states that
    /// share an abstraction: three passengers competing for three cabs, two Nanos and a Sedan,
    /// none of the third type (one more passenger than the rule on the last free cab of a type
    /// needs to bite),
    /// three bookings, the whole compressed three days, and leads one minute either side of
    /// both limits and at them. A search cannot go deep here (3 steps, the depth an exhaustive
    /// check of it takes); walks of 40 steps can. A cab from L0 reaches L1 in 29 minutes, one
    /// under the arrival bound (`ci` has it at 30 and 31). The money sits at the payment's
    /// threshold: a Nano costs a paisa a metre over its base, L0 to L1 is 4,000 m and L1 to L0
    /// 4,001 m (one-way streets), and p1 holds exactly the Nano's L0-L1 fare, p2 a paisa more;
    /// p3 has no wallet. Four bookings can hold all three cabs and ask for one more, which finds
    /// none free. Every booking may carry the welcome promo code.
    public static let day: CabScope = {
        var scope = CabScope(
            name: "day", passengers: 3, cabTypes: [.nano, .nano, .sedan], cabPoints: [0, 1, 1],
            pointsInArea: 2, bookings: 4,
            horizon: 120, depth: 3, timing: .compressed, leads: [29, 30, 31, 119, 120, 121],
            eta: [[0, 29, 30], [31, 0, 30], [30, 30, 0]],
            metres: [[0, 4_000, 9_000], [4_001, 0, 9_000], [9_000, 9_000, 0]],
            baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
            startingBalance: 16_000, refillAmount: 50_000, walletLimit: 100_000)
        scope.startingBalances = [16_000, 16_001]
        scope.withoutWallet = [2]
        scope.offersPromo = true
        return scope
    }()

    /// The wallet limit at the paisa: three passengers holding INR 499.99, 500.00 and 500.01
    /// refill INR 500 against a limit of INR 1,000, so that one lands a paisa under the limit,
    /// one on it and one a paisa over (D20: the seed names no figure).
    public static let wallet: CabScope = {
        var scope = CabScope(
            name: "wallet", passengers: 3, cabTypes: [.nano], cabPoints: [0], pointsInArea: 1, bookings: 0,
            horizon: 10, depth: 3, timing: .compressed, leads: [], eta: [[0, 30], [30, 0]],
            metres: [[0, 9_000], [9_000, 0]],
            baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
            startingBalance: 50_000, refillAmount: 50_000, walletLimit: 100_000)
        scope.startingBalances = [49_999, 50_000, 50_001]
        return scope
    }()

    /// The whole fleet busy, searched: three passengers for a Nano and a Sedan at L0, three
    /// bookings, 4 steps: two bookings take both cabs and a third finds none of any type free.
    /// Walks offer that booking (`day`) but judge only the steps they take, and rarely take it.
    public static let fleet = CabScope(
        name: "fleet", passengers: 3, cabTypes: [.nano, .sedan], cabPoints: [0, 0], pointsInArea: 1, bookings: 3,
        horizon: 10, depth: 4, timing: .compressed, leads: [], eta: [[0, 30], [30, 0]],
        metres: [[0, 9_000], [9_000, 0]],
        baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
        startingBalance: 0, refillAmount: 50_000, walletLimit: 100_000)

    /// The liveness properties' scope (`CabLiveness`): one passenger with INR 100 in his wallet
    /// (less than any fare, so that a travel is paid in cash unless he refills), one Nano at L0,
    /// one booking, 40 minutes (a compressed day: a suspension outlasts it). A booking at L0 has
    /// its cab at once (an ETA of 0), so a later one's cab arrives at its notice, 20 minutes
    /// before the pickup. No depth bound: the graph ends at 17 steps, the Reference's too (one
    /// booking sends finitely many messages).
    public static let liveness: CabScope = {
        var scope = CabScope(
            name: "liveness", passengers: 1, cabTypes: [.nano], cabPoints: [0], pointsInArea: 1, bookings: 1,
            horizon: 40, depth: nil, timing: .compressed, leads: [31], eta: [[0, 30], [30, 0]],
            metres: [[0, 9_000], [9_000, 0]],
            baseFare: [12_000, 15_000, 20_000], perKilometre: [1_000, 1_200, 1_500],
            startingBalance: 10_000, refillAmount: 50_000, walletLimit: 100_000)
        scope.laterNoticesWithinHorizon = true
        scope.decidesLiveness = true
        return scope
    }()

    public static let named: [CabScope] = [.ci, .accounts, .day, .wallet, .fleet, .liveness]
}

/// The seed's three cab types (UC09 BR1); Nano is the default (UC02 step 12).
public enum CabType: UInt8, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case nano, hatchback, sedan
    /// A switch, not an array literal: a literal is allocated on every call, and the views
    /// name a booking's type on every step.
    public var description: String {
        switch self {
        case .nano: "Nano"
        case .hatchback: "Hatchback"
        case .sedan: "Sedan"
        }
    }
}

/// The seed's thresholds in minutes.
public struct CabTiming: Sendable, Equatable {
    public var freeWaitingMinutes: Int
    public var noticeMinutes: Int
    /// Too soon, the clash window, the arrival bound and the waiting surcharge block: 30 minutes.
    public var windowMinutes: Int
    public var dayMinutes: Int
    public var maximumLeadMinutes: Int
    /// How far the clock moves when no moment that matters lies ahead.
    public var idleStepMinutes: Int

    public static let seeds = CabTiming(freeWaitingMinutes: 10, noticeMinutes: 20, windowMinutes: 30, dayMinutes: 1_440, maximumLeadMinutes: 4_320, idleStepMinutes: 10)
    public static let compressed = CabTiming(freeWaitingMinutes: 10, noticeMinutes: 20, windowMinutes: 30, dayMinutes: 40, maximumLeadMinutes: 120, idleStepMinutes: 10)
}

extension CabScope: DeclaredScope {
    /// The keys `--set key=value` accepts, with their valid ranges.
    public static var keys: [ScopeKey<CabScope>] {
        [ScopeKey("passengers", 1...CabWorld.passengerCapacity, \.passengers),
         ScopeKey("bookings", 0...CabWorld.bookingCapacity, \.bookings),
         ScopeKey("horizon", 0...maximumHorizon, \.horizon), .depth]
    }
}
