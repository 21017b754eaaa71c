/// Plans a day: the order of the appointments and a mode and departure for every leg, best
/// in the user's ranking of travel time, price and emissions.
///
/// Dynamic programming over the set of appointments visited and the last one, keeping per
/// pair only the partial itineraries no other beats: one beats another when it is no worse
/// in the ranking, ends no later, and, where the two tie in the ranking, comes first in the
/// tie-break. Ending earlier never hurts what can follow, and totals add the same for the same
/// continuation, so a beaten itinerary can never complete into the answer.
///
/// Each leg leaves at the earliest minute its rules allow: nothing ranks waiting, and every
/// rule on a leg is a lower bound on its departure or an upper bound on its arrival, so the
/// earliest departure is computed, not searched.
///
/// Ties, a product rule so that the same request always gets the same plan: the least
/// sequence of appointment ids, then the least sequence of modes (`TravelMode` order).
public struct Scheduler: Sendable {
    public struct Request: Sendable {
        public var appointments: [Appointment]
        public var preferences: TravelPreferences
        public var ranking: [Criterion]
        public var conditions: Conditions
        public var leaveFrom: MinuteOfDay
        public var home: PlaceID
    }

    public enum Outcome: Sendable, Equatable {
        case planned([Visit])
        case noValidPlan
    }

    let options: any TravelOptionProvider
    let fault: CalendarFault?

    public init(options: any TravelOptionProvider, fault: CalendarFault? = nil) {
        self.options = options
        self.fault = fault
    }

    struct Partial {
        var visited: Int
        var last: Int
        var place: PlaceID
        var end: MinuteOfDay
        var totals = [0, 0, 0]
        var visits: [Visit] = []
    }

    /// The modes in the order legs are tried: motorised first, as they usually win on time.
    /// The result does not depend on it: the tie-break decides among equals.
    static let tryOrder: [TravelMode] = [.bus, .ownBike, .sharedBike, .walking]

    public func plan(_ request: Request) -> Outcome {
        let appointments = request.appointments.sorted { $0.id < $1.id }
        let all = (1 << appointments.count) - 1
        guard !appointments.isEmpty else { return .noValidPlan }
        var layer = [Partial(visited: 0, last: -1, place: request.home, end: request.leaveFrom)]
        for _ in appointments {
            var frontier: [Int: [Partial]] = [:]
            for partial in layer {
                for (index, appointment) in appointments.enumerated() where partial.visited & (1 << index) == 0 {
                    for mode in Self.tryOrder {
                        guard let (visit, quote) = leg(from: partial.place, at: partial.end, to: appointment, by: mode, request) else { continue }
                        var next = partial
                        next.visited |= 1 << index
                        next.last = index
                        next.place = appointment.draft.place
                        next.end = fault == .nextLegLeavesAtStart ? visit.start : visit.start + appointment.draft.minutes
                        next.totals[0] += quote.minutes
                        next.totals[1] += quote.price
                        next.totals[2] += mode.pollutes || fault == .emissionsCountEveryMetre ? quote.metres : 0
                        next.visits.append(visit)
                        insert(next, into: &frontier[next.visited * 8 + index, default: []], request)
                    }
                }
            }
            layer = frontier.keys.sorted().flatMap { frontier[$0]! }
        }
        let complete = layer.filter { $0.visited == all }
        if fault == .firstFeasiblePlan, let first = complete.first { return .planned(first.visits) }
        guard let best = complete.min(by: { better($0, than: $1, request) }) else { return .noValidPlan }
        return .planned(best.visits)
    }

    /// Adds a partial itinerary to its bucket unless one there beats it; drops those it beats.
    func insert(_ candidate: Partial, into bucket: inout [Partial], _ request: Request) {
        if fault == .firstFeasiblePlan { return bucket.append(candidate) }
        if bucket.contains(where: { beats($0, candidate, request) }) { return }
        bucket.removeAll { beats(candidate, $0, request) }
        bucket.append(candidate)
    }

    /// Whether `a` makes `b` useless: no worse in the ranking, ending no later, and first in
    /// the tie-break where the two rank the same.
    func beats(_ a: Partial, _ b: Partial, _ request: Request) -> Bool {
        let ra = rank(a, request), rb = rank(b, request)
        guard a.end <= b.end, !rb.lexicographicallyPrecedes(ra) else { return false }
        return ra != rb || fault == .dominanceIgnoresTieBreak || tieBreak(a, b)
    }

    func better(_ a: Partial, than b: Partial, _ request: Request) -> Bool {
        let ra = rank(a, request), rb = rank(b, request)
        return ra != rb ? ra.lexicographicallyPrecedes(rb) : tieBreak(a, b)
    }

    /// Whether `a` comes before `b` among equals: appointment ids in visiting order, then modes.
    func tieBreak(_ a: Partial, _ b: Partial) -> Bool {
        let ia = a.visits.map(\.appointment.value), ib = b.visits.map(\.appointment.value)
        if ia != ib { return ia.lexicographicallyPrecedes(ib) }
        return a.visits.map(\.mode.rawValue).lexicographicallyPrecedes(b.visits.map(\.mode.rawValue))
    }

    func rank(_ partial: Partial, _ request: Request) -> [Int] {
        let ranking = fault == .rankingIgnored ? [.travelTime, .price, .emissions] : request.ranking
        return ranking.map { partial.totals[$0.rawValue] }
    }

    /// The leg to `appointment` by `mode`, leaving `place` at the earliest minute from `ready`
    /// its rules allow, and the appointment's start; nil when the mode cannot make it.
    func leg(from place: PlaceID, at ready: MinuteOfDay, to appointment: Appointment, by mode: TravelMode, _ request: Request) -> (Visit, TravelQuote)? {
        let draft = appointment.draft, preferences = request.preferences, conditions = request.conditions
        guard let quote = options.quote(from: place, to: draft.place, by: mode) else { return nil }
        if draft.excludedMode == mode && fault != .excludedModeIgnored { return nil }
        var departure = ready, latestArrival = draft.latestStart + (fault == .lateArrivalByOneMinute ? 1 : 0), latestDeparture = Int.max
        if fault == .flexibleWindowEndIgnored, case .flexible(_, let latestEnd) = draft.timing { latestArrival = latestEnd }
        switch mode {
        case .walking:
            if quote.metres > preferences.maxWalkMetres && fault != .walkCapIgnored { return nil }
        case .ownBike, .sharedBike:
            if mode == .ownBike && !conditions.ownsBike { return nil }
            if mode == .sharedBike && !conditions.sharedBikes.contains(place) && fault != .sharedBikeAnywhere { return nil }
            if quote.metres > bikeCap(preferences) { return nil }
            if let rain = conditions.rainFrom, !preferences.bikeInRain {
                if fault == .rainCheckedAtDeparture { latestDeparture = min(latestDeparture, rain - 1) } else { latestArrival = min(latestArrival, rain) }
            }
        case .bus:
            if conditions.strike && fault != .strikeIgnored { return nil }
            departure = max(departure, preferences.busFrom)
            if fault == .busSlotDepartureOnly { latestDeparture = min(latestDeparture, preferences.busUntil - 1) } else { latestArrival = min(latestArrival, preferences.busUntil) }
        }
        let arrival = departure + quote.minutes
        guard arrival <= latestArrival, departure <= latestDeparture else { return nil }
        let start: MinuteOfDay
        switch draft.timing {
        case .fixed(let fixed):
            start = fixed
        case .flexible(let earliest, let latestEnd):
            start = max(arrival, earliest)
            if start + draft.minutes > latestEnd && fault != .flexibleWindowEndIgnored { return nil }
        }
        return (Visit(appointment: appointment.id, mode: mode, departure: departure, start: start), quote)
    }

    /// The cycling cap in metres; the fault `cyclingCapInTenthsOfKilometres` keeps it as the
    /// settings page shows it, 0.6 km for 599 m.
    func bikeCap(_ preferences: TravelPreferences) -> Int {
        let metres = preferences.maxBikeMetres
        return fault == .cyclingCapInTenthsOfKilometres ? (metres + 50) / 100 * 100 : metres
    }
}
