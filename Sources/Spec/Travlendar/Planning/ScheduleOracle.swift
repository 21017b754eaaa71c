import Checker

/// The brute-force scheduler the Spec uses to say what a right answer is (Def 1.3.8): every
/// ordering of the selected appointments and every mean on every leg, each leg leaving at
/// the earliest minute its rules allow. Obviously correct and exponential: meant for a few
/// appointments.
///
/// Why the earliest departure is enough: no criterion counts waiting, so the departure never
/// changes the objective; and leaving earlier never makes a later leg harder, as every rule
/// on a leg only asks it to leave late enough or arrive early enough. So if any departures
/// make an ordering and choice of means feasible, the earliest ones do.
///
/// Ties (DT20): among plans of equal objective, the least visiting order (slots compared in
/// turn), then the least means (in `TravelMean` order). Enumerating in that order and keeping
/// only a strictly better plan gives it.
public struct ScheduleOracle: Sendable {
    public let scope: TravScope
    let rules: PlanRules
    /// Every answer given, by request: a search asks the same few hundred again and again.
    let memo = Locked<[ScheduleRequest: PlanOutcome]>([:])

    public init(scope: TravScope) {
        self.scope = scope
        rules = PlanRules(scope: scope)
    }

    public func plan(_ request: ScheduleRequest) -> PlanOutcome {
        if let known = memo.withLock({ $0[request] }) { return known }
        let outcome = search(request)
        memo.withLock { $0[request] = outcome }
        return outcome
    }

    /// The plan `request` would get were its criteria ranked in `order` instead of the
    /// user's (not kept: coverage asks it to learn what each criterion decides).
    public func plan(_ request: ScheduleRequest, rankedBy order: [Criterion]) -> PlanOutcome {
        search(request, order: order)
    }

    func search(_ request: ScheduleRequest) -> PlanOutcome {
        search(request, order: scope.criteriaOrders[request.criteria])
    }

    func search(_ request: ScheduleRequest, order: [Criterion]) -> PlanOutcome {
        var best: (rank: [Int], plan: Plan)?
        for visit in permutations(of: request.appointments.sorted { $0.slot < $1.slot }) {
            var means = Array(repeating: TravelMean.walk, count: visit.count)
            repeat {
                if let plan = place(visit, means, request) {
                    let rank = rules.objective(of: plan, for: request).ranked(order)
                    if best == nil || [Int].lexicallyBefore(rank, best!.rank) { best = (rank, plan) }
                }
            } while advance(&means)
        }
        return best.map { .planned($0.plan) } ?? .infeasible
    }

    /// The plan that visits `visit` by `means`, each leg at its earliest allowed departure, or
    /// nil when some leg has none.
    func place(_ visit: [ScheduleRequest.Selected], _ means: [TravelMean], _ request: ScheduleRequest) -> Plan? {
        var stops: [Plan.Stop] = [], ready = request.readyAt, here = 0
        for (k, appointment) in visit.enumerated() {
            let template = scope.templates[appointment.template]
            guard let option = scope.option(from: here, to: template.location, by: means[k]),
                  let (departure, start) = earliestLeg(option, means[k], from: here, into: template, after: ready, request) else { return nil }
            stops.append(Plan.Stop(slot: appointment.slot, mean: means[k], departure: departure, start: start))
            ready = start + template.duration
            here = template.location
        }
        return Plan(stops: stops)
    }

    /// The first minute from `ready` at which a leg by `mean` may leave and reach the
    /// appointment in time, and when the appointment then starts.
    func earliestLeg(_ option: TravelOption, _ mean: TravelMean, from: Int, into template: AppointmentTemplate, after ready: Int,
                     _ request: ScheduleRequest) -> (Int, Int)? {
        guard meanAllowed(mean, option, from: from, into: template, request) else { return nil }
        let profile = scope.profiles[request.profile], environment = request.environment
        var departure = ready
        while departure + option.minutes <= template.latestStart {
            let arrival = departure + option.minutes
            let start = template.fixedStart ?? max(arrival, template.earliest)
            let dry = !(mean.isBike && environment.rain && !profile.bikeInRain) || arrival <= scope.rainFrom
            let inSlot = mean != .bus || (departure >= profile.busFrom && arrival <= profile.busUntil)
            if dry && inSlot && arrival <= start && start + template.duration <= template.latestEnd { return (departure, start) }
            departure += 1
        }
        return nil
    }

    /// The rules of a leg that do not depend on the minute: distance caps, ownership, strikes,
    /// shared bikes, deactivated means.
    func meanAllowed(_ mean: TravelMean, _ option: TravelOption, from: Int, into template: AppointmentTemplate, _ request: ScheduleRequest) -> Bool {
        let profile = scope.profiles[request.profile], environment = request.environment
        guard template.deactivated != mean else { return false }
        switch mean {
        case .walk: return option.metres <= profile.walkMaxMetres
        case .bike: return environment.hasBike && option.metres <= profile.bikeMaxMetres
        case .sharedBike: return environment.sharedBikes & (1 << from) != 0 && option.metres <= profile.bikeMaxMetres
        case .bus: return !environment.strike
        }
    }

    /// The next choice of means, counting in `TravelMean` order; false after the last.
    func advance(_ means: inout [TravelMean]) -> Bool {
        for k in means.indices.reversed() {
            if let next = TravelMean(rawValue: means[k].rawValue + 1) {
                means[k] = next
                return true
            }
            means[k] = .walk
        }
        return false
    }

    /// Every ordering, in lexicographic order of the input's order.
    func permutations(of items: [ScheduleRequest.Selected]) -> [[ScheduleRequest.Selected]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i in
            permutations(of: Array(items[..<i] + items[(i + 1)...])).map { [items[i]] + $0 }
        }
    }
}
