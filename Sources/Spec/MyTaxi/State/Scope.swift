import Checker
import ModelKit

/// The time windows of the seeds, in ticks of `minutesPerTick` minutes.
///
/// The abstraction: a tick is the smallest step of time the model sees. An offer's answer
/// timeout (30 s in 000 2.5, 1 min in 002 3.2.4) is shorter than a tick, so it is not
/// counted: an outstanding offer is answered, or times out, before the clock moves. What
/// the rules compare are durations against thresholds, and untimed actions take no time,
/// so a profile that keeps the thresholds in the same order (fake-request wait ≤ allocation
/// lead < minimum reservation lead ≤ maximum lead) explores the same orderings of
/// threshold crossings as the real one. The `compressed` profile does that in a few ticks;
/// what it loses is the quantity: how much else happens in two real hours.
public struct Timing: Sendable, Equatable {
    public var minutesPerTick: Int
    /// 001 #13: a driver may signal a fake request after waiting 5 minutes.
    public var fakeWaitTicks: Int
    /// 000 2.5 and 002 3.2.6 #8: a reservation is allocated 10 minutes before pickup, and
    /// can be changed or cancelled until then (000 PF21 R3, PF22 R2).
    public var allocationLeadTicks: Int
    /// 000 PF10 R3: at least 2 hours ahead.
    public var minimumLeadTicks: Int
    /// 002 3.2.6 #7: at most 48 hours ahead (chosen over 004's 3 days: 004 is another product).
    public var maximumLeadTicks: Int

    /// The seeds' windows with 5-minute ticks.
    public static let seeds = Timing(minutesPerTick: 5, fakeWaitTicks: 1, allocationLeadTicks: 2,
                                     minimumLeadTicks: 24, maximumLeadTicks: 576)
    /// The same order of thresholds in few ticks, for exhaustive search.
    public static let compressed = Timing(minutesPerTick: 5, fakeWaitTicks: 1, allocationLeadTicks: 2,
                                          minimumLeadTicks: 3, maximumLeadTicks: 4)
    /// Ticks of one minute: the seeds' 5- and 10-minute windows at the minute itself and one
    /// minute either side, where the 5-minute ticks see only multiples of 5 (a rule that
    /// counts the wait in 5-minute periods of the clock passes them all). The leads stay
    /// compressed, in the same order, to 12 and 13 minutes.
    public static let minutes = Timing(minutesPerTick: 1, fakeWaitTicks: 5, allocationLeadTicks: 10,
                                       minimumLeadTicks: 12, maximumLeadTicks: 13)
}

/// The bounds of a check: how many of each entity, how far the clock runs, and which
/// parameter values the actions explore.
public struct Scope: Sendable, Equatable {
    /// The name, as the command line and the reports spell it.
    public var name: String {
        get { label.description }
        set { label = ScopeName(newValue) }
    }
    /// The name, interned: a scope is plain data, so passing and copying it into every rule
    /// and predicate costs no reference counting (which two workers would contend for).
    var label: ScopeName
    public var zones: Int
    public var drivers: Int
    public var taxis: Int
    public var clients: Int
    public var routesPerClient: Int
    /// The clock stops at this tick.
    public var horizon: Int
    public var maxCards: Int
    /// Passenger counts a request may carry (000 PF09 R2: 1 to 4).
    public var passengerChoices: SmallInts
    public var timing: Timing
    /// Start with every account confirmed and activated, driver i owning taxi i and every
    /// client holding one card; otherwise start with nobody registered.
    public var onboarded: Bool
    /// The deepest level explored; nil for none.
    public var depth: Int?
    /// The run the search starts after (none for most scopes).
    public var prelude: Prelude

    public init(
        name: String, zones: Int, drivers: Int, taxis: Int, clients: Int, routesPerClient: Int, horizon: Int,
        maxCards: Int, passengerChoices: SmallInts, timing: Timing, onboarded: Bool, depth: Int?, prelude: Prelude = .none
    ) {
        label = ScopeName(name)
        self.zones = zones
        self.drivers = drivers
        self.taxis = taxis
        self.clients = clients
        self.routesPerClient = routesPerClient
        self.horizon = horizon
        self.maxCards = maxCards
        self.passengerChoices = passengerChoices
        self.timing = timing
        self.onboarded = onboarded
        self.depth = depth
        self.prelude = prelude
    }

    public var routes: Int { clients * routesPerClient }

    /// Leads (in ticks) a reservation or modification may choose: the two ends of the window.
    public var reservationLeads: SmallInts {
        // Appended, not an array literal: a literal would allocate an array on every call.
        var leads = SmallInts()
        leads.append(timing.minimumLeadTicks)
        if timing.maximumLeadTicks != timing.minimumLeadTicks { leads.append(timing.maximumLeadTicks) }
        return leads
    }

    /// The small default scope a CI run checks in seconds: every behaviour of up to 9 steps
    /// (183,372 states), enough for a ride from request to completion.
    public static let ci = Scope(
        name: "ci", zones: 2, drivers: 2, taxis: 2, clients: 1, routesPerClient: 1, horizon: 4,
        maxCards: 1, passengerChoices: [1, 3], timing: .compressed, onboarded: true, depth: 9)
    /// Two clients, one driver: shared rides, joining, the 4-passenger limit.
    public static let sharing = Scope(
        name: "sharing", zones: 1, drivers: 1, taxis: 1, clients: 2, routesPerClient: 1, horizon: 4,
        maxCards: 1, passengerChoices: [1, 3], timing: .compressed, onboarded: true, depth: 9)
    /// Accounts from nothing: registration, activation, cards and taxis.
    public static let accounts = Scope(
        name: "accounts", zones: 1, drivers: 1, taxis: 2, clients: 1, routesPerClient: 1, horizon: 2,
        maxCards: 1, passengerChoices: [2], timing: .compressed, onboarded: false, depth: 14)
    /// One driver, one client, 15 steps: long runs of refused calls, up to a suspension and a step
    /// past it (what a suspended driver is offered); requests of 1 and of 4 passengers, the most.
    public static let refusals = Scope(
        name: "refusals", zones: 1, drivers: 1, taxis: 1, clients: 1, routesPerClient: 1, horizon: 4,
        maxCards: 1, passengerChoices: [1, 4], timing: .compressed, onboarded: true, depth: 15)
    /// One driver, one client with two routes, 12 steps: a ride to its end, then a second ride
    /// (the only named scope where a client books again).
    public static let rides = Scope(
        name: "rides", zones: 1, drivers: 1, taxis: 1, clients: 1, routesPerClient: 2, horizon: 4,
        maxCards: 1, passengerChoices: [1, 3], timing: .compressed, onboarded: true, depth: 12)
    /// Two zones, three drivers and three clients (one more than a queue, the dispatch line or
    /// a shared ride needs for its order to matter), two routes per client and 200 minutes: too
    /// large to search deep, so the default suite takes seeded walks of 60 steps on it.
    public static let city = Scope(
        name: "city", zones: 2, drivers: 3, taxis: 3, clients: 3, routesPerClient: 2, horizon: 40,
        maxCards: 1, passengerChoices: [1, 2, 3], timing: .compressed, onboarded: true, depth: 6)
    /// One driver, one client, the clock in minutes (`Timing.minutes`), 11 steps: each time
    /// window of the seeds reached at the minute, one minute inside and one outside.
    public static let minutes = Scope(
        name: "minutes", zones: 1, drivers: 1, taxis: 1, clients: 1, routesPerClient: 1, horizon: 8,
        maxCards: 1, passengerChoices: [1], timing: .minutes, onboarded: true, depth: 11)
    /// Four drivers and three clients, starting after a shared ride was picked up
    /// (`Prelude.sharedRideAboard`), 5 steps on: where ShowEveryStatus, which needs 14 steps
    /// from an empty city, is reached in a search of seconds.
    public static let showcase = Scope(
        name: "showcase", zones: 1, drivers: 4, taxis: 4, clients: 3, routesPerClient: 2, horizon: 0,
        maxCards: 0, passengerChoices: [1], timing: .compressed, onboarded: true, depth: 5, prelude: .sharedRideAboard)
    /// The liveness properties' scope (`TaxiLiveness`): one driver, one client and a short
    /// clock with no depth bound (2,284 states), so that the whole graph is searched and no
    /// obligation is left open by a cut. A second client (shared rides, drop-offs) makes it
    /// 385,152 states, too many for the default suite.
    public static let liveness = Scope(
        name: "liveness", zones: 1, drivers: 1, taxis: 1, clients: 1, routesPerClient: 1, horizon: 2,
        maxCards: 1, passengerChoices: [1], timing: .compressed, onboarded: true, depth: nil)
    /// A QA scope: two clients and two drivers, minutes rather than seconds.
    public static let qa = Scope(
        name: "qa", zones: 2, drivers: 2, taxis: 2, clients: 2, routesPerClient: 1, horizon: 4,
        maxCards: 1, passengerChoices: [1, 3], timing: .compressed, onboarded: true, depth: 7)
    /// The fixed scope `verify bench` measures.
    public static let bench = Scope(
        name: "bench", zones: 2, drivers: 2, taxis: 2, clients: 1, routesPerClient: 1, horizon: 4,
        maxCards: 1, passengerChoices: [1, 3], timing: .compressed, onboarded: true, depth: 10)

    public static let named: [Scope] = [.ci, .sharing, .accounts, .refusals, .rides, .minutes, .city, .showcase,
                                        .liveness, .qa, .bench]
}

/// A scope's name, interned in a process-wide table: names are few (the named scopes and
/// their `--set` variants), and an index is plain data where a `String` is a reference.
///
/// The table is behind Checker's `Locked` rather than a `Mutex`: the thread sanitizer
/// cannot see `Mutex`'s lock (a futex, from a library built without the sanitizer's
/// instrumentation) and reported tests that made scopes in parallel.
struct ScopeName: Sendable, Equatable, CustomStringConvertible {
    private static let names = Locked<[String]>([])
    let index: Int

    init(_ text: String) {
        index = ScopeName.names.withLock { names in
            if let known = names.firstIndex(of: text) { return known }
            names.append(text)
            return names.count - 1
        }
    }

    var description: String { ScopeName.names.withLock { $0[index] } }
}

extension Scope: DeclaredScope {
    /// The keys `--set key=value` accepts, with their valid ranges.
    public static var keys: [ScopeKey<Scope>] {
        [ScopeKey("zones", 1...Capacity.zones, \.zones), ScopeKey("drivers", 1...Capacity.drivers, \.drivers),
         ScopeKey("taxis", 1...Capacity.taxis, \.taxis), ScopeKey("clients", 1...Capacity.clients, \.clients),
         ScopeKey("routes", 1...Capacity.routes, \.routesPerClient), ScopeKey("horizon", 0...200, \.horizon),
         ScopeKey("cards", 0...3, \.maxCards), .depth,
         ScopeKey("onboarded", 0...1, read: { $0.onboarded ? 1 : 0 }, write: { $0.onboarded = $1 == 1 })]
    }

    /// The bounds that tie keys together: taxis for every onboarded driver, the routes'
    /// capacity, the prelude's needs, the clock.
    public func validate() throws(ModelInputError) {
        if routes > Capacity.routes {
            throw ModelInputError(
                "clients × routes = \(routes) exceeds the state's capacity of \(Capacity.routes) routes")
        }
        if onboarded && taxis < drivers {
            throw ModelInputError(
                "an onboarded scope gives driver i taxi i, so it needs taxis >= drivers (got \(taxis) < \(drivers))")
        }
        if prelude != .none && MyTaxiModel.startingWorld(self) == nil {
            throw ModelInputError("scope \(name) starts after a run that needs \(prelude.needs)")
        }
        if horizon + timing.maximumLeadTicks > 250 {
            throw ModelInputError("horizon \(horizon) plus the longest reservation lead does not fit the clock")
        }
    }
}

extension Scope {
    // The id lists are read in every guard and predicate: they are ranges, never arrays,
    // so that iterating them costs no allocation and no reference counting.
    public var zoneIDs: IDRange<ZoneID> { IDRange(count: zones) }
    public var driverIDs: IDRange<DriverID> { IDRange(count: drivers) }
    public var taxiIDs: IDRange<TaxiID> { IDRange(count: taxis) }
    public var clientIDs: IDRange<ClientID> { IDRange(count: clients) }
    public var routeIDs: IDRange<RouteID> { IDRange(count: routes) }

    public func client(of route: RouteID) -> ClientID { ClientID(route.index / routesPerClient) }
    public func routes(of client: ClientID) -> IDRange<RouteID>.SubSequence {
        IDRange<RouteID>(count: routes)[(client.index * routesPerClient)..<((client.index + 1) * routesPerClient)]
    }

    /// Zones lie on a line: the distance between zone i and zone j is |i - j|.
    public func distance(_ a: ZoneID, _ b: ZoneID) -> Int { abs(a.index - b.index) }
}

/// The first `count` ids of a kind, in order.
public struct IDRange<ID: EntityID>: RandomAccessCollection, Sendable {
    public let count: Int
    public init(count: Int) { self.count = count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> ID { ID(position) }

    /// The ids that satisfy `predicate`, as a set (Sequence's `filter` would make an array).
    public func filter(_ predicate: (ID) -> Bool) -> IDSet<ID> {
        var result = IDSet<ID>()
        for id in self where predicate(id) { result.insert(id) }
        return result
    }
}
