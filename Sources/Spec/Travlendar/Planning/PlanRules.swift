/// The rules a plan must keep to be valid (Def 1.3.7, Def 1.3.8, §2.1.4), each a separate
/// predicate that names the appointment, leg and constraint it finds broken, or nil. They judge
/// any plan, whoever made it; the oracle uses the leg rules to choose, never these whole-plan
/// checks, so that a bug in one shows in the other.
public struct PlanRules: Sendable {
    public let scope: TravScope

    public init(scope: TravScope) { self.scope = scope }

    /// One rule over a whole plan: its id and its check.
    public typealias Check = @Sendable (ScheduleRequest, Plan) -> String?

    /// Every rule, in the catalogue's order.
    public var all: [(id: String, check: Check)] {
        [
            ("planCoversSelection", coversSelection), ("planTimeOrdered", timeOrdered), ("planNoOverlap", noOverlap),
            ("planStartsInItsWindow", startsInWindow), ("planOnTime", onTime), ("legDepartsAfterPreviousEnds", departsAfterPreviousEnds),
            ("legWithinMaxDistance", withinMaxDistance), ("legWithinMeanTimeSlot", withinTimeSlot), ("meanAllowedInWeather", allowedInWeather),
            ("privateMeanOwned", privateMeanOwned), ("noPublicMeanOnStrikeDay", noBusOnStrike), ("noDeactivatedMean", noDeactivatedMean),
            ("sharedMeanAvailable", sharedMeanAvailable),
        ]
    }

    func template(_ stop: Plan.Stop, _ request: ScheduleRequest) -> AppointmentTemplate? {
        request.appointments.first { $0.slot == stop.slot }.map { scope.templates[$0.template] }
    }

    /// Where leg k starts: home for the first, else the previous appointment's place.
    func origin(_ k: Int, _ plan: Plan, _ request: ScheduleRequest) -> Int {
        k == 0 ? 0 : template(plan.stops[k - 1], request)?.location ?? 0
    }

    func option(_ k: Int, _ plan: Plan, _ request: ScheduleRequest) -> TravelOption? {
        guard let to = template(plan.stops[k], request) else { return nil }
        return scope.option(from: origin(k, plan, request), to: to.location, by: plan.stops[k].mean)
    }

    func arrival(_ k: Int, _ plan: Plan, _ request: ScheduleRequest) -> Int? {
        option(k, plan, request).map { plan.stops[k].departure + $0.minutes }
    }

    static func name(_ slot: Int) -> String { "a\(slot + 1)" }

    func leg(_ k: Int, _ plan: Plan) -> String { "the leg into \(Self.name(plan.stops[k].slot)) by \(plan.stops[k].mean)" }

    /// Exactly one stop per selected appointment.
    func coversSelection(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        let planned = plan.stops.map(\.slot).sorted(), selected = request.appointments.map(\.slot).sorted()
        return planned == selected ? nil : "the plan visits \(planned.map(Self.name)) for the selection \(selected.map(Self.name))"
    }

    func timeOrdered(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for k in plan.stops.indices.dropFirst() where plan.stops[k].start <= plan.stops[k - 1].start {
            return "\(Self.name(plan.stops[k].slot)) starts at minute \(plan.stops[k].start), not after \(Self.name(plan.stops[k - 1].slot)) at \(plan.stops[k - 1].start)"
        }
        return nil
    }

    func noOverlap(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for k in plan.stops.indices.dropFirst() {
            guard let previous = template(plan.stops[k - 1], request) else { continue }
            let end = plan.stops[k - 1].start + previous.duration
            if plan.stops[k].start < end { return "\(Self.name(plan.stops[k].slot)) starts at minute \(plan.stops[k].start) before \(Self.name(plan.stops[k - 1].slot)) ends at \(end)" }
        }
        return nil
    }

    /// A fixed appointment starts at its time; one in an interval fits in it whole (DT11).
    func startsInWindow(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for stop in plan.stops {
            guard let t = template(stop, request) else { continue }
            if let fixed = t.fixedStart, stop.start != fixed { return "\(Self.name(stop.slot)) starts at minute \(stop.start), not at its fixed \(fixed)" }
            if stop.start < t.earliest || stop.start + t.duration > t.latestEnd {
                return "\(Self.name(stop.slot)) runs \(stop.start)-\(stop.start + t.duration), outside its window \(t.earliest)-\(t.latestEnd)"
            }
        }
        return nil
    }

    func onTime(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for k in plan.stops.indices {
            guard let arrival = arrival(k, plan, request) else { return "\(leg(k, plan)) has no travel option" }
            if arrival > plan.stops[k].start { return "\(leg(k, plan)) arrives at minute \(arrival), after it starts at \(plan.stops[k].start)" }
        }
        return nil
    }

    func departsAfterPreviousEnds(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for k in plan.stops.indices {
            let ready = k == 0 ? request.readyAt : plan.stops[k - 1].start + (template(plan.stops[k - 1], request)?.duration ?? 0)
            if plan.stops[k].departure < ready { return "\(leg(k, plan)) departs at minute \(plan.stops[k].departure), before minute \(ready)" }
        }
        return nil
    }

    func withinMaxDistance(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        let profile = scope.profiles[request.profile]
        for k in plan.stops.indices {
            guard let option = option(k, plan, request) else { continue }
            let cap: Int? = switch plan.stops[k].mean {
            case .walk: profile.walkMaxMetres
            case .bike, .sharedBike: profile.bikeMaxMetres
            case .bus: nil
            }
            if let cap, option.metres > cap { return "\(leg(k, plan)) is \(option.metres) m, over the cap of \(cap) m" }
        }
        return nil
    }

    /// The bus runs in the profile's slot: departure and arrival inside it (DT9).
    func withinTimeSlot(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        let profile = scope.profiles[request.profile]
        for k in plan.stops.indices where plan.stops[k].mean == .bus {
            guard let arrival = arrival(k, plan, request) else { continue }
            if plan.stops[k].departure < profile.busFrom || arrival > profile.busUntil {
                return "\(leg(k, plan)) runs \(plan.stops[k].departure)-\(arrival), outside the bus slot \(profile.busFrom)-\(profile.busUntil)"
            }
        }
        return nil
    }

    /// No bike in the rain, over every minute of the leg (DT8), unless the profile allows it.
    func allowedInWeather(_ request: ScheduleRequest, _ plan: Plan) -> String? { firstLeg(request, plan, weatherBreaks) }
    func privateMeanOwned(_ request: ScheduleRequest, _ plan: Plan) -> String? { firstLeg(request, plan, ownershipBreaks) }
    func noBusOnStrike(_ request: ScheduleRequest, _ plan: Plan) -> String? { firstLeg(request, plan, strikeBreaks) }
    /// A shared bike is taken where one stands (and, DT22, through the linked account).
    func sharedMeanAvailable(_ request: ScheduleRequest, _ plan: Plan) -> String? { firstLeg(request, plan, sharedBikeBreaks) }

    func firstLeg(_ request: ScheduleRequest, _ plan: Plan, _ rule: (Int, ScheduleRequest, Plan) -> String?) -> String? {
        for k in plan.stops.indices { if let broken = rule(k, request, plan) { return broken } }
        return nil
    }

    func weatherBreaks(_ k: Int, _ request: ScheduleRequest, _ plan: Plan) -> String? {
        guard request.environment.rain, !scope.profiles[request.profile].bikeInRain, plan.stops[k].mean.isBike,
              let arrival = arrival(k, plan, request), arrival > scope.rainFrom else { return nil }
        return "\(leg(k, plan)) rides until minute \(arrival), in the rain from \(scope.rainFrom)"
    }

    func ownershipBreaks(_ k: Int, _ request: ScheduleRequest, _ plan: Plan) -> String? {
        !request.environment.hasBike && plan.stops[k].mean == .bike ? "\(leg(k, plan)) needs a bike the user does not have" : nil
    }

    func strikeBreaks(_ k: Int, _ request: ScheduleRequest, _ plan: Plan) -> String? {
        request.environment.strike && plan.stops[k].mean == .bus ? "\(leg(k, plan)) on a strike day" : nil
    }

    func sharedBikeBreaks(_ k: Int, _ request: ScheduleRequest, _ plan: Plan) -> String? {
        let from = origin(k, plan, request)
        return plan.stops[k].mean == .sharedBike && request.environment.sharedBikes & (1 << from) == 0
            ? "\(leg(k, plan)) takes a shared bike at L\(from), where none stands" : nil
    }

    /// The rule of the environment leg k of the plan breaks, if any: the weather, the bike
    /// owned, a strike, the shared bikes where they stand.
    public func environmentBreaks(leg k: Int, _ request: ScheduleRequest, _ plan: Plan) -> String? {
        weatherBreaks(k, request, plan) ?? ownershipBreaks(k, request, plan) ?? strikeBreaks(k, request, plan) ?? sharedBikeBreaks(k, request, plan)
    }

    /// The leg into an appointment avoids the mean deactivated for it (DT10).
    func noDeactivatedMean(_ request: ScheduleRequest, _ plan: Plan) -> String? {
        for k in plan.stops.indices where template(plan.stops[k], request)?.deactivated == plan.stops[k].mean {
            return "\(leg(k, plan)), a mean deactivated for \(Self.name(plan.stops[k].slot))"
        }
        return nil
    }

    /// The first rule the plan breaks, with its id, or nil when it keeps them all.
    public func firstBroken(_ request: ScheduleRequest, _ plan: Plan) -> (id: String, witness: String)? {
        for rule in all { if let witness = rule.check(request, plan) { return (rule.id, witness) } }
        return nil
    }
}
