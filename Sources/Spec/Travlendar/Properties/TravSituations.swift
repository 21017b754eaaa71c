import Checker

/// The environments and contention the Travlendar+ rules must meet before a suite can claim
/// it checked them (`verify list --environments`, `--contention`), each counted where its
/// action is offered. The scheduler scope meets every environment at depth one; these ask for
/// them where a plan is run, reviewed and booked, which only the day's walks reach.
extension TravlendarModel: CoverageDeclaring {
    public var situations: [Situation<TravlendarModel>] {
        TravSituations.all(scope: scope) + TravSituations.ranking(rules)
    }
    public var boundaries: [Boundary<TravlendarModel>] { TravBoundaries.all(scope: scope) }
}

enum TravSituations {
    static let weather = ["rain forecast", "dry"], strike = ["a strike", "no strike"]
    static let sharedBike = ["a shared bike at home", "no shared bike at home"]
    static let ownBike = ["a bike of one's own", "no bike"]

    static func all(scope: TravScope) -> [Situation<TravlendarModel>] {
        @Sendable func picks(_ world: TravWorld) -> [Int] {
            [world.rain ? 0 : 1, world.strike ? 0 : 1, world.sharedBikes & 1 != 0 ? 0 : 1, world.hasBike ? 0 : 1]
        }
        @Sendable func open(_ world: TravWorld, _ selection: Int) -> Bool {
            (0..<scope.appointments).allSatisfy { a in
                selection & (1 << a) == 0 || [.unscheduled, .scheduled].contains(world.appointments[a].status)
            }
        }
        return [
            .environment("requestEnvironment",
                         "A schedule request is planned in the world as it is: rain, a strike, a shared bike, "
                            + "the user's own bike.",
                         source: "003 R9-R13, §1.2.2 (DT9-DT13)",
                         dimensions: [weather, strike, sharedBike, ownBike]) { world, action in
                guard case .requestSchedule(let selection, _, _) = action, selection != 0, open(world, selection) else {
                    return nil
                }
                return picks(world)
            },
            .environment("reviewEnvironment",
                         "A change of the world is checked against the running plan, whatever the user owns.",
                         source: "003 §1.2; Scenario 3 (DT27)",
                         dimensions: [["the weather changes", "a strike is announced", "a shared bike moves"],
                                      ownBike]) { world, action in
                guard world.running != nil else { return nil }
                let change: Int
                switch action {
                case .weatherChanges: change = 0
                case .strikeAnnounced where !world.strike: change = 1
                case .sharedBikeMoves(let place) where place < scope.placesInRegion: change = 2
                default: return nil
                }
                return [change, world.hasBike ? 0 : 1]
            },
            .environment("bookingEnvironment",
                         "The day's tickets are bought for a running plan that needs them, all or nothing.",
                         source: "003 R18-R19, UC Booking phase (DT14)",
                         dimensions: [["a bus leg to book", "no ticket needed"],
                                      ["seats left", "no seats"]]) { world, action in
                guard case .bookTravel(let s, let seats) = action, world.schedules[s].status == .running,
                      world.schedules[s].booking != .booked else { return nil }
                let record = world.schedules[s]
                let bus = (0..<scope.appointments).contains { record.holds($0) && record.plan[$0].mean == .bus }
                return [bus ? 0 : 1, seats ? 0 : 1]
            },
            .contention("appointmentsCompete",
                        "The appointments of one request compete for the user's time: ordered, not overlapping, "
                            + "each on time.",
                        source: "003 R9-R11 (DT3)", actors: "appointments in one request", needs: 2) { world, action in
                guard case .requestSchedule(let selection, _, _) = action, open(world, selection) else { return nil }
                return selection.nonzeroBitCount
            },
        ]
    }

    /// Each criterion the user ranks, taken out of his order, changes some plan: a palette
    /// whose data agree on every ordering (the faster also the cheaper, the bus the longest
    /// leg) cannot tell a criterion measured wrong from a right one. Counted in the scopes that
    /// ask the scheduler alone (`lifecycle` off), where the oracle answers every input: there
    /// a request is planned three more times, once without each criterion.
    static func ranking(_ rules: TravRules) -> [Situation<TravlendarModel>] {
        let scope = rules.scope
        return Criterion.allCases.map { criterion in
            Situation(id: "\(criterion)Decides", kind: .environment,
                      statement: "The user's order of the criteria decides the plan: taken out of it, \(criterion) "
                        + "changes some plan.",
                      source: "003 R7, Def 1.3.8; §2.1.3 (DT5, DT6)",
                      cases: ["\(criterion) taken out: another plan", "\(criterion) taken out: the same plan"]) {
                world, action in
                guard !scope.lifecycle, case .requestSchedule(let selection, let profile, let criteria) = action,
                      selection > 0, selection < 1 << scope.appointments, profile < scope.profiles.count,
                      criteria < scope.criteriaOrders.count else { return nil }
                let request = rules.scheduleRequest(selection: selection, profile: profile, criteria: criteria, world)
                let without = scope.criteriaOrders[criteria].filter { $0 != criterion }
                return rules.oracle.plan(request) == rules.oracle.plan(request, rankedBy: without) ? 1 : 0
            }
        }
    }
}
