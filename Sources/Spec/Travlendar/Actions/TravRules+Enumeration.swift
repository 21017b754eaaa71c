/// The actions tried in a world, in a fixed order: a trace stores each step as its action's
/// position in this list.
extension TravRules {
    /// Every action of the scope worth trying in `world`, enabled or not; the clock's moves
    /// depend on what is due in `world`.
    public func candidates(in world: TravWorld, _ body: (TravAction) -> Void) {
        for selection in 1..<(1 << scope.appointments) {
            for profile in scope.profiles.indices { for criteria in scope.criteriaOrders.indices { body(.requestSchedule(selection: selection, profile: profile, criteria: criteria)) } }
        }
        guard scope.lifecycle else { return }
        // The template outside the region is tried too: a near miss the service must refuse.
        for t in scope.templates.indices { body(.createAppointment(template: t)) }
        for a in 0..<scope.appointments {
            for t in scope.templates.indices { body(.editAppointment(appointment: a, template: t)) }
            body(.cancelAppointment(appointment: a))
        }
        for s in 0..<scope.schedules {
            body(.runSchedule(schedule: s))
            body(.discardSchedule(schedule: s))
            body(.bookTravel(schedule: s, seats: true))
            body(.bookTravel(schedule: s, seats: false))
            body(.repeatBookingConfirmation(schedule: s))
        }
        body(.weatherChanges)
        body(.strikeAnnounced)
        body(.sharedBikeMoves(place: 0))
        clockMoves(in: world) { body(.advance(minutes: $0)) }
    }

    /// The moves of the clock worth trying, in minutes: to one minute before, at and after every
    /// moment that matters ahead (a running appointment's end and its leg's departure, the
    /// latest start of an open appointment), within the horizon; or a plain step when nothing
    /// is due.
    public func clockMoves(in world: TravWorld, _ body: (Int) -> Void) {
        let now = Int(world.now)
        var moments: [Int] = []
        if let r = world.running {
            for a in 0..<scope.appointments where world.schedules[r].holds(a) {
                let stop = world.schedules[r].plan[a]
                moments += [Int(stop.departure), Int(stop.start) + scope.templates[Int(stop.template)].duration]
            }
        }
        for a in 0..<scope.appointments where world.appointments[a].status.isOpen && world.appointments[a].day == 0 {
            moments.append(scope.templates[Int(world.appointments[a].template)].latestStart)
        }
        var targets = moments.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 > now && $0 <= scope.horizon }
        if targets.isEmpty { targets = [min(now + scope.idleStepMinutes, scope.horizon)].filter { $0 > now } }
        for target in Set(targets).sorted() { body(target - now) }
    }

    /// One world for each of the scope's starting appointment lists and environments.
    public var initialWorlds: [TravWorld] {
        scope.startingAppointments.flatMap { templates in
            scope.environments.map { environment in
                var world = TravWorld()
                for (a, t) in templates.enumerated() {
                    world.appointments[a].status = .unscheduled
                    world.appointments[a].template = UInt8(t)
                }
                world.rain = environment.rain
                world.strike = environment.strike
                world.sharedBikes = environment.sharedBikes
                world.hasBike = environment.hasBike
                return world
            }
        }
    }
}
