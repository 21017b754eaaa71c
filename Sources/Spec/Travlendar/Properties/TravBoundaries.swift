import Checker

/// The thresholds the Travlendar+ rules compare with, each measured where its rule decides an
/// offered request or the clock's move, in the seed's unit; the default suite must reach each
/// one unit inside, at the value and one unit outside (`verify list --boundaries`). The caps
/// are the profile's (Fig 3.7's "600.0m" walking, "500.0m" by bike): a leg is measured by how
/// many metres it runs over the cap of the profile asked for, so the scheduler scope's
/// profiles capped at 599, 600 and 601 m meet the 600 m legs on every side of the cap.
enum TravBoundaries {
    static func all(scope: TravScope) -> [Boundary<TravlendarModel>] {
        /// The places of a request's appointments, when the request is offered: a free schedule
        /// slot, and every member an open appointment of today.
        @Sendable func request(_ action: TravAction, _ world: TravWorld) -> (members: [Int], profile: TravelProfile)? {
            guard case .requestSchedule(let selection, let profile, _) = action, selection != 0,
                  profile < scope.profiles.count,
                  (0..<scope.schedules).contains(where: { world.schedules[$0].status == .unused }) else { return nil }
            let members = (0..<scope.appointments).filter { selection & (1 << $0) != 0 }
            let open = members.allSatisfy { world.appointments[$0].status.isOpen && world.appointments[$0].day == 0 }
            guard open else { return nil }
            return (members, scope.profiles[profile])
        }
        /// Every leg the planner may consider for a request: from home or another member's place
        /// into a member's place, by `mean` where the world lets the user take it.
        @Sendable func legs(_ members: [Int], _ world: TravWorld, by mean: TravelMean) -> [TravelOption] {
            let places = members.map { scope.templates[Int(world.appointments[$0].template)].location }
            return ([0] + places).flatMap { from -> [TravelOption] in
                let reachable = places.filter { $0 != from && $0 < scope.placesInRegion && from < scope.placesInRegion }
                return reachable.compactMap { to -> TravelOption? in
                    switch mean {
                    case .bike where !world.hasBike: return nil
                    case .sharedBike where world.sharedBikes & (1 << from) == 0: return nil
                    default: return scope.option(from: from, to: to, by: mean)
                    }
                }
            }
        }
        return [
            Boundary("walkingCap",
                     "A leg on foot is at most the profile's walking distance: a walk of exactly the cap is planned.",
                     source: "003 §2.1.4, Fig 3.7 (\"Travel at most 600.0m by walking\")",
                     unit: "m over the walking cap", threshold: 0) { world, action in
                guard let (members, profile) = request(action, world) else { return [] }
                return legs(members, world, by: .walk).map { $0.metres - profile.walkMaxMetres }
            },
            Boundary("cyclingCap",
                     "A leg by bike, own or shared, is at most the profile's cycling distance: a ride of exactly "
                        + "the cap is planned.",
                     source: "003 §2.1.4, Fig 3.7 (\"Travel at most 500.0m by bike\")",
                     unit: "m over the cycling cap", threshold: 0) { world, action in
                guard let (members, profile) = request(action, world) else { return [] }
                return (legs(members, world, by: .bike) + legs(members, world, by: .sharedBike))
                    .map { $0.metres - profile.bikeMaxMetres }
            },
            Boundary("latestStart",
                     "An appointment can be scheduled until its latest start: a request at that minute is taken.",
                     source: "003 Def 1.3.12 (DT19, DT25)", unit: "min past the latest start",
                     threshold: 0) { world, action in
                guard let (members, _) = request(action, world) else { return [] }
                return members.map { a in
                    Int(world.now) - scope.templates[Int(world.appointments[a].template)].latestStart
                }
            },
            Boundary("fulfilledAtTheEnd",
                     "An appointment of the running plan is fulfilled when it ends: a clock landing at its end "
                        + "fulfils it.",
                     source: "003 §2.1.2 (DT19)", unit: "min past the end", threshold: 0) { world, action in
                guard case .advance(let minutes) = action, let r = world.running else { return [] }
                let landing = Int(world.now) + minutes, schedule = world.schedules[r]
                return (0..<scope.appointments).filter { schedule.holds($0) }.map { a in
                    landing - Int(schedule.plan[a].start) - scope.templates[Int(schedule.plan[a].template)].duration
                }
            },
        ]
    }
}
