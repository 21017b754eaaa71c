import Checker
import ModelKit

/// The named scopes. Places: home (L0), the office (L1), the gym (L2), and one outside the
/// region (L3). Walking is capped at 600 m (Fig 3.7's "600.0m"): home to the office is exactly
/// 600 m, the office to the gym 700 m. Rain, when forecast, falls from minute 40 (08:10).
extension TravScope {
    static let table: [[[TravelOption?]]] = {
        // walk, bike, bus, shared bike
        func leg(_ walk: (Int, Int), _ bike: (Int, Int), _ bus: (Int, Int)) -> [TravelOption?] {
            [TravelOption(walk.0, cost: 0, metres: walk.1), TravelOption(bike.0, cost: 0, metres: bike.1),
             TravelOption(bus.0, cost: 2, metres: bus.1), TravelOption(bike.0, cost: 1, metres: bike.1)]
        }
        let homeOffice = leg((8, 600), (3, 600), (5, 1_200)), homeGym = leg((20, 1_500), (6, 1_500), (7, 2_000))
        // The bus's road to the gym is shorter than the footpath: ranked by every metre
        // travelled rather than the polluting ones, the bus would win.
        let officeGym = leg((9, 700), (3, 700), (4, 650)), none: [TravelOption?] = [nil, nil, nil, nil]
        return [
            [leg((0, 0), (0, 0), (0, 0)), homeOffice, homeGym, none],
            [homeOffice, leg((0, 0), (0, 0), (0, 0)), officeGym, none],
            [homeGym, officeGym, leg((0, 0), (0, 0), (0, 0)), none],
            [none, none, none, none],
        ]
    }()

    /// A fixed meeting at the office, a gym session anywhere from 08:10 to 09:00 that recurs
    /// daily, a dentist at the gym's address whose start overlaps the meeting, a lunch outside
    /// the region (offered so that its refusal is tried); and, for the scheduler, a call at home
    /// at 08:20 not to be reached by bike, and a class at the gym at 08:36, exactly a bike ride
    /// after the call ends (the bus would be a minute late).
    static let ciTemplates: [AppointmentTemplate] = [
        .fixed("meeting", at: 1, start: 30, duration: 15),
        .interval("gym", at: 2, from: 40, to: 90, duration: 20, recurrent: true),
        .fixed("dentist", at: 2, start: 40, duration: 15),
        .fixed("lunch", at: 3, start: 60, duration: 30),
        .fixed("call", at: 0, start: 50, duration: 10, deactivated: .bike),
        .fixed("class", at: 2, start: 66, duration: 15),
    ]

    /// P0: no bike in the rain, the bus until 08:30. P1: bikes up to 500 m but in any weather,
    /// the bus from 08:15 only, so that a plan may have to wait for it.
    static let ciProfiles: [TravelProfile] = [
        TravelProfile(walkMaxMetres: 600, bikeMaxMetres: 2_000, bikeInRain: false, busFrom: 0, busUntil: 60),
        TravelProfile(walkMaxMetres: 600, bikeMaxMetres: 500, bikeInRain: true, busFrom: 45, busUntil: 120),
    ]

    static let ciOrders: [[Criterion]] = [[.time, .money, .carbon], [.money, .time, .carbon]]
    /// The scheduler's: carbon first too, where in `ciOrders` it only breaks ties that never come.
    static let schedulerOrders: [[Criterion]] = ciOrders + [[.carbon, .time, .money]]

    /// Profiles capped one metre either side of the 600 m legs and at them, walking and by bike,
    /// so that the scheduler meets each cap one unit inside, at the value and one unit outside:
    /// a rule written with < where the seed means ≤ plans differently at the cap itself.
    static let capProfiles: [TravelProfile] = [
        TravelProfile(walkMaxMetres: 599, bikeMaxMetres: 601, bikeInRain: true, busFrom: 0, busUntil: 120),
        TravelProfile(walkMaxMetres: 601, bikeMaxMetres: 600, bikeInRain: true, busFrom: 0, busUntil: 120),
        TravelProfile(walkMaxMetres: 600, bikeMaxMetres: 599, bikeInRain: true, busFrom: 0, busUntil: 120),
    ]

    /// Every environment: rain or not, a strike or not, a shared bike at home or not, a bike or not.
    static let everyEnvironment: [TravEnvironment] = [false, true].flatMap { rain in
        [false, true].flatMap { strike in
            [UInt8(0), 1].flatMap { shared in [true, false].map { TravEnvironment(rain: rain, strike: strike, sharedBikes: shared, hasBike: $0) } }
        }
    }

    /// The lifecycles: one user with a bike, two appointment and two schedule slots, the weather,
    /// a strike and a shared bike at home coming and going, two hours.
    public static let ci = TravScope(
        name: "ci", appointments: 2, schedules: 2, horizon: 120, depth: 6, placesInRegion: 3, wakeUp: 0, rainFrom: 40,
        options: table, templates: Array(ciTemplates.prefix(4)), profiles: ciProfiles, criteriaOrders: ciOrders, environments: [TravEnvironment()])

    /// Every input of the small palette at depth 1: the meeting, gym and dentist, or the meeting,
    /// call and class, entered; each of the 16 environments, every selection, the two profiles
    /// and the three capped at the 600 m legs, three criteria orders: 3,360 requests.
    public static let scheduler: TravScope = {
        var scope = TravScope(
            name: "scheduler", appointments: 3, schedules: 1, horizon: 120, depth: 1, placesInRegion: 3, wakeUp: 0, rainFrom: 40,
            options: table, templates: ciTemplates, profiles: ciProfiles + capProfiles, criteriaOrders: schedulerOrders,
            environments: everyEnvironment)
        scope.startingAppointments = [[0, 1, 2], [0, 4, 5]]
        scope.lifecycle = false
        return scope
    }()

    /// The larger palette, run by name: eight appointments, every three of them entered (56), 16
    /// environments, every selection, six profiles and all six criteria orders: 225,792 requests.
    public static let palette: TravScope = {
        var scope = scheduler
        scope.name = "palette"
        scope.templates = ciTemplates + [
            .interval("shop", at: 1, from: 0, to: 60, duration: 10, deactivated: .bus),
            .fixed("call", at: 0, start: 50, duration: 10),
            .interval("walk", at: 2, from: 60, to: 120, duration: 30),
        ]
        scope.profiles = ciProfiles + [TravelProfile(walkMaxMetres: 2_000, bikeMaxMetres: 0, bikeInRain: false, busFrom: 20, busUntil: 80)]
            + capProfiles
        scope.criteriaOrders = [[.time, .money, .carbon], [.time, .carbon, .money], [.money, .time, .carbon],
                                [.money, .carbon, .time], [.carbon, .time, .money], [.carbon, .money, .time]]
        let usable = [0, 1, 2, 4, 5, 6, 7, 8]   // the lunch outside the region cannot be entered
        scope.startingAppointments = usable.indices.flatMap { i in
            usable.indices.filter { $0 > i }.flatMap { j in usable.indices.filter { $0 > j }.map { [usable[i], usable[j], usable[$0]] } }
        }
        return scope
    }()

    /// Every environment to start from, searched exhaustively but shallow: one appointment
    /// slot and one schedule, the small palette, 4 steps: enough to enter an appointment, plan
    /// it, run the plan, and book it or change the world under it, with or without a bike of
    /// one's own, in rain or dry, on a strike day or not, with a shared bike at home or not.
    public static let worlds: TravScope = {
        var scope = ci
        scope.name = "worlds"
        scope.appointments = 1
        scope.schedules = 1
        scope.depth = 4
        scope.templates = ciTemplates
        scope.environments = everyEnvironment
        return scope
    }()

    /// A day to walk through, not to search: three appointment slots from the larger palette,
    /// every environment to start from (rain or not, a strike or not, a shared bike at home or
    /// not, a bike of one's own or not), the ci scope's two profiles and two criteria orders (so
    /// that requests, 28 of them, leave a walk room for runs, bookings and the world's
    /// changes), three hours. The ci scope's one environment always holds a bike and no strike;
    /// its search keeps one Reference state per abstract state. Seeded walks here meet the other
    /// environments wherever a request, a run or a booking is offered, and follow each path as
    /// it is.
    public static let day: TravScope = {
        var scope = palette
        scope.name = "day"
        scope.profiles = ciProfiles
        scope.criteriaOrders = ciOrders
        scope.schedules = 2
        scope.horizon = 180
        scope.depth = 8
        scope.startingAppointments = [[]]
        scope.lifecycle = true
        return scope
    }()

    /// The liveness properties' scope: the daily gym session (a bus leg at 45), one appointment
    /// and one schedule slot, one profile (the bus from 08:15, bikes up to 500 m) and one order,
    /// two hours. The Spec's graph ends at 18 steps; the depth bound of 20 expands every state of
    /// it, so each obligation is decided on the whole graph, and stops the Reference's search,
    /// whose hidden state (notices sent) grows without end. The appointment ends long before the
    /// two hours are up: a schedule still running at the horizon would leave its property
    /// undecided.
    public static let liveness: TravScope = {
        var scope = ci
        scope.name = "liveness"
        scope.decidesLiveness = true
        scope.appointments = 1
        scope.schedules = 1
        scope.depth = 20
        scope.profiles = [ciProfiles[1]]
        scope.criteriaOrders = [ciOrders[0]]
        scope.templates = [ciTemplates[1]]
        return scope
    }()

    public static let named: [TravScope] = [.ci, .scheduler, .palette, .worlds, .day, .liveness]
}

extension TravScope: DeclaredScope {
    /// The keys `--set key=value` accepts, with their valid ranges.
    public static var keys: [ScopeKey<TravScope>] {
        [ScopeKey("appointments", 1...TravWorld.appointmentCapacity, \.appointments),
         ScopeKey("schedules", 1...TravWorld.scheduleCapacity, \.schedules), ScopeKey("horizon", 0...180, \.horizon),
         .depth]
    }

    /// Room for the appointments the scope starts with.
    public func validate() throws(ModelInputError) {
        let starting = startingAppointments.map(\.count).max() ?? 0
        guard starting <= appointments else {
            throw ModelInputError(
                "appointments=\(appointments) is fewer than the \(starting) scope \(name) starts with")
        }
    }
}
