@testable import TravlendarSpec
import Testing

@Suite("Travlendar+ Spec: the oracle and the plan rules at their edges")
struct TravOracleTests {
    let scope = TravScope.scheduler
    var oracle: ScheduleOracle { ScheduleOracle(scope: scope) }
    var rules: PlanRules { PlanRules(scope: scope) }

    func request(_ templates: [Int], profile: Int = 0, criteria: Int = 0, _ environment: TravEnvironment = TravEnvironment(), readyAt: Int = 0) -> ScheduleRequest {
        ScheduleRequest(appointments: templates.enumerated().map { .init(slot: $0.offset, template: $0.element) }, profile: profile, criteria: criteria,
                        environment: environment, readyAt: readyAt)
    }

    func plan(_ request: ScheduleRequest) throws -> Plan {
        guard case .planned(let plan) = oracle.plan(request) else { throw Infeasible() }
        return plan
    }

    struct Infeasible: Error {}

    @Test("Time first: the bike to the meeting (3 minutes); money first and a tie on money: still the bike, the faster of the free means")
    func criteria() throws {
        #expect(try plan(request([0])).stops.map(\.mean) == [.bike])
        #expect(try plan(request([0], criteria: 1)).stops.map(\.mean) == [.bike])
        #expect(try plan(request([0], TravEnvironment(hasBike: false))).stops.map(\.mean) == [.bus], "no bike: the bus (5 minutes) beats walking (8)")
    }

    @Test("Walking 600 m is allowed and 700 m is not: from the meeting to the gym the oracle never walks")
    func walkingCap() throws {
        let strike = TravEnvironment(strike: true, hasBike: false)
        #expect(try plan(request([0], strike)).stops.map(\.mean) == [.walk], "home to the office is exactly 600 m")
        #expect(oracle.plan(request([0, 1], strike)) == .infeasible, "the office to the gym is 700 m: with no bike and no bus, no plan")
    }

    @Test("The meeting and the dentist overlap: no plan, whatever the means")
    func overlap() {
        #expect(oracle.plan(request([0, 2])) == .infeasible)
    }

    @Test("Under profile P1 the bus runs from minute 45 only: a plan waits for it")
    func waiting() throws {
        let noBike = TravEnvironment(hasBike: false)
        let plan = try plan(request([1], profile: 1, noBike))
        #expect(plan.stops.first?.mean == .bus && plan.stops.first?.departure == 45, "\(plan)")
    }

    @Test("The class is exactly a bike ride after the call: the bike arrives on the minute, the bus a minute late; in the rain under P0 no plan")
    func minuteEdge() throws {
        let dry = try plan(request([4, 5]))
        #expect(dry.stops.last.map { ($0.mean, $0.departure + 6 == $0.start) } ?? (.walk, false) == (.bike, true))
        #expect(oracle.plan(request([4, 5], TravEnvironment(rain: true))) == .infeasible)
    }

    @Test("Ties go to the least visiting order, then the least means: the 0-minute leg between two appointments at the gym is walked")
    func tieBreak() throws {
        let plan = try plan(request([2, 1]))
        #expect(plan.stops.map(\.slot) == [0, 1] && plan.stops.last?.mean == .walk, "\(plan)")
    }

    @Test("Every plan of the oracle keeps every plan rule, over the whole palette")
    func oracleKeepsRules() {
        for templates in [[0, 1, 2], [0, 4, 5]] {
            for environment in TravScope.everyEnvironment {
                for selection in 1..<8 {
                    for profile in scope.profiles.indices {
                        let chosen = (0..<3).filter { selection & (1 << $0) != 0 }
                        let request = ScheduleRequest(appointments: chosen.map { .init(slot: $0, template: templates[$0]) }, profile: profile, criteria: 0,
                                                      environment: environment, readyAt: 0)
                        if case .planned(let plan) = oracle.plan(request) { #expect(rules.firstBroken(request, plan) == nil, "\(request): \(plan)") }
                    }
                }
            }
        }
    }

    @Test("A plan rule names what it finds broken", arguments: [
        (Plan.Stop(slot: 0, mean: .walk, departure: 25, start: 30), "planOnTime"),
        (Plan.Stop(slot: 0, mean: .bike, departure: 0, start: 31), "planStartsInItsWindow"),
        (Plan.Stop(slot: 0, mean: .sharedBike, departure: 0, start: 30), "sharedMeanAvailable"),
    ])
    func broken(_ stop: Plan.Stop, _ id: String) {
        let request = request([0])
        #expect(rules.firstBroken(request, Plan(stops: [stop]))?.id == id)
    }
}
