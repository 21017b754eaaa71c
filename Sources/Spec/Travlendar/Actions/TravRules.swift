/// The guarded transitions of the Travlendar+ model: one guard and one effect per action.
/// Decisions where seed 003 is silent or contradicts itself are the design note's DT-numbers,
/// written where they act.
public struct TravRules: Sendable {
    public let scope: TravScope
    public let oracle: ScheduleOracle
    public let plans: PlanRules

    public init(scope: TravScope) {
        self.scope = scope
        oracle = ScheduleOracle(scope: scope)
        plans = PlanRules(scope: scope)
    }

    /// Applies `action` to `world`; false, with `world` unchanged, when its guard does not hold.
    public func apply(_ action: TravAction, to world: inout TravWorld) -> Bool {
        switch action {
        case .requestSchedule(let selection, let profile, let criteria): return request(selection, profile, criteria, &world)
        default: guard scope.lifecycle else { return false }
        }
        switch action {
        case .createAppointment(let t):
            // Exc. 2 of UC Appointment creation: a place outside the region is refused.
            guard inRegion(t), let a = (0..<scope.appointments).first(where: { world.appointments[$0].status == .unused }) else { return false }
            world.appointments[a].status = .unscheduled
            world.appointments[a].template = UInt8(t)
        case .editAppointment(let a, let t):
            guard a < scope.appointments, world.appointments[a].status.isOpen, inRegion(t) else { return false }
            world.appointments[a].template = UInt8(t)
            world.appointments[a].status = .unscheduled
            discardSchedules(holding: a, &world)
        case .cancelAppointment(let a):
            guard a < scope.appointments, world.appointments[a].status.isOpen else { return false }
            world.appointments[a].status = .cancelled
            discardSchedules(holding: a, &world)
        case .requestSchedule: preconditionFailure("handled above")
        case .runSchedule(let s):
            // DT16: a saved schedule of today whose first leg has not left; it supersedes the running one.
            guard s < scope.schedules, world.schedules[s].status == .saved, departures(of: world.schedules[s]).allSatisfy({ $0 >= Int(world.now) }) else { return false }
            if let previous = world.running { discard(previous, .superseded, &world) }
            world.schedules[s].status = .running
            rederive(&world)
        case .discardSchedule(let s):
            guard s < scope.schedules, world.schedules[s].status == .saved else { return false }
            discard(s, .user, &world)
        case .bookTravel(let s, let seats):
            // UC Booking phase: the running schedule's bus tickets, all or nothing (DT14).
            let schedule = world.schedules[s]
            guard s < scope.schedules, schedule.status == .running, schedule.booking != .booked, needsTickets(schedule) else { return false }
            if seats {
                world.schedules[s].booking = .booked
                world.schedules[s].charges += 1
            } else {
                world.schedules[s].booking = .failed
            }
        case .repeatBookingConfirmation(let s):
            guard s < scope.schedules, world.schedules[s].booking == .booked else { return false }
        case .weatherChanges:
            world.rain.toggle()
            flagStale(&world)
        case .strikeAnnounced:
            guard !world.strike else { return false }
            world.strike = true
            flagStale(&world)
        case .sharedBikeMoves(let place):
            guard place < scope.placesInRegion else { return false }
            world.sharedBikes ^= 1 << place
            flagStale(&world)
        case .advance(let minutes):
            guard minutes >= 1, Int(world.now) + minutes <= scope.horizon else { return false }
            for _ in 0..<minutes {
                world.now += 1
                fulfil(&world)
            }
        }
        return true
    }

    func inRegion(_ template: Int) -> Bool { template < scope.templates.count && scope.templates[template].location < scope.placesInRegion }

    /// UC Schedule appointments: a non-empty selection of open appointments of today that can
    /// still start (Def 1.3.12); the oracle's plan makes the schedule Saved and every member
    /// Scheduled, and no plan discards it with a warning, all members as they were (DT3).
    func request(_ selection: Int, _ profile: Int, _ criteria: Int, _ world: inout TravWorld) -> Bool {
        let members = (0..<scope.appointments).filter { selection & (1 << $0) != 0 }
        guard selection > 0, selection < 1 << scope.appointments, profile < scope.profiles.count, criteria < scope.criteriaOrders.count,
              members.allSatisfy({ current($0, world) }),
              let s = (0..<scope.schedules).first(where: { world.schedules[$0].status == .unused }) else { return false }
        let request = scheduleRequest(selection: selection, profile: profile, criteria: criteria, world)
        var schedule = ScheduleRecord()
        schedule.selection = UInt8(selection)
        schedule.profile = UInt8(profile)
        schedule.criteria = UInt8(criteria)
        schedule.readyAt = UInt8(request.readyAt)
        schedule.rain = world.rain
        schedule.strike = world.strike
        schedule.sharedBikes = world.sharedBikes
        schedule.hasBike = world.hasBike
        for member in request.appointments { schedule.plan[member.slot].template = UInt8(member.template) }
        switch oracle.plan(request) {
        case .planned(let plan):
            schedule.status = .saved
            for stop in plan.stops {
                schedule.plan[stop.slot].start = UInt8(stop.start)
                schedule.plan[stop.slot].mean = stop.mean
                schedule.plan[stop.slot].departure = UInt8(stop.departure)
            }
        case .infeasible:
            schedule.status = .discarded
            schedule.reason = .infeasible
            schedule.warned = true
        }
        world.schedules[s] = schedule
        rederive(&world)
        return true
    }

    /// Open, of today, and its latest start not yet passed.
    func current(_ a: Int, _ world: TravWorld) -> Bool {
        let record = world.appointments[a]
        return record.status.isOpen && record.day == 0 && scope.templates[Int(record.template)].latestStart >= Int(world.now)
    }

    /// The request the world makes for these choices: the user leaves home at the wake-up
    /// time, or now if later.
    public func scheduleRequest(selection: Int, profile: Int, criteria: Int, _ world: TravWorld) -> ScheduleRequest {
        let members = (0..<scope.appointments).filter { selection & (1 << $0) != 0 }
        return ScheduleRequest(appointments: members.map { .init(slot: $0, template: Int(world.appointments[$0].template)) },
                               profile: profile, criteria: criteria, environment: world.environment, readyAt: max(scope.wakeUp, Int(world.now)))
    }

    /// The request a schedule answered, and its plan, as the plan rules read them.
    public func planned(_ s: Int, _ world: TravWorld) -> (ScheduleRequest, Plan) {
        let schedule = world.schedules[s]
        let members = (0..<scope.appointments).filter { schedule.contains($0) }
        let request = ScheduleRequest(appointments: members.map { .init(slot: $0, template: Int(schedule.plan[$0].template)) },
                                      profile: Int(schedule.profile), criteria: Int(schedule.criteria), environment: schedule.environment,
                                      readyAt: Int(schedule.readyAt))
        let stops = members.map { Plan.Stop(slot: $0, mean: schedule.plan[$0].mean, departure: Int(schedule.plan[$0].departure), start: Int(schedule.plan[$0].start)) }
            .sorted { ($0.start, $0.slot) < ($1.start, $1.slot) }
        return (request, Plan(stops: stops))
    }

    func departures(of schedule: ScheduleRecord) -> [Int] {
        (0..<scope.appointments).filter { schedule.holds($0) }.map { Int(schedule.plan[$0].departure) }
    }

    public func needsTickets(_ schedule: ScheduleRecord) -> Bool {
        (0..<scope.appointments).contains { schedule.contains($0) && schedule.plan[$0].mean == .bus }
    }

    /// DT4 (correcting §2.1.3): an edit or a cancellation discards every live schedule that
    /// holds the appointment, saved or running.
    func discardSchedules(holding a: Int, _ world: inout TravWorld) {
        for s in 0..<scope.schedules where world.schedules[s].status.isLive && world.schedules[s].holds(a) {
            world.schedules[s].status = .discarded
            world.schedules[s].reason = .edited
        }
        rederive(&world)
    }

    func discard(_ s: Int, _ reason: DiscardReason, _ world: inout TravWorld) {
        world.schedules[s].status = .discarded
        world.schedules[s].reason = reason
        rederive(&world)
    }

    /// An open appointment is Scheduled exactly when a live schedule holds it (DT3, DT4).
    func rederive(_ world: inout TravWorld) {
        for a in 0..<scope.appointments where world.appointments[a].status.isOpen {
            let held = (0..<scope.schedules).contains { world.schedules[$0].status.isLive && world.schedules[$0].holds(a) }
            world.appointments[a].status = held ? .scheduled : .unscheduled
        }
    }

    /// At a minute: each appointment of the running schedule that has ended is fulfilled:
    /// archived, or, recurring, back as Unscheduled for the next day (§2.1.2); saved schedules
    /// holding it are overtaken; the schedule is archived when all are fulfilled.
    func fulfil(_ world: inout TravWorld) {
        guard let r = world.running else { return }
        for a in 0..<scope.appointments where world.schedules[r].holds(a) {
            let template = scope.templates[Int(world.schedules[r].plan[a].template)]
            guard Int(world.schedules[r].plan[a].start) + template.duration <= Int(world.now) else { continue }
            world.schedules[r].fulfilled |= 1 << a
            if template.recurrent {
                world.appointments[a].status = .unscheduled
                world.appointments[a].day += 1
                world.appointments[a].occurrences += 1
            } else {
                world.appointments[a].status = .archived
            }
            for s in 0..<scope.schedules where s != r && world.schedules[s].status == .saved && world.schedules[s].contains(a) {
                world.schedules[s].status = .discarded
                world.schedules[s].reason = .superseded
            }
        }
        if world.schedules[r].fulfilled == world.schedules[r].selection { world.schedules[r].status = .archived }
        rederive(&world)
    }

    /// DT27: when the world changes so that a leg of the running schedule not yet left breaks a
    /// rule, the schedule is flagged stale (and the user warned); it keeps running.
    func flagStale(_ world: inout TravWorld) {
        guard let r = world.running, !world.schedules[r].stale else { return }
        if brokenLeg(of: r, in: world) != nil { world.schedules[r].stale = true }
    }

    /// A leg of schedule `s` still to leave that the world as it is now forbids, named.
    public func brokenLeg(of s: Int, in world: TravWorld) -> String? {
        var (request, plan) = planned(s, world)
        request.environment = world.environment
        for k in plan.stops.indices where world.schedules[s].holds(plan.stops[k].slot) && plan.stops[k].departure >= Int(world.now) {
            if let broken = plans.environmentBreaks(leg: k, request, plan) { return broken }
        }
        return nil
    }
}
