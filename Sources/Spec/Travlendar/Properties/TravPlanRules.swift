import Checker

/// The validity of every plan a schedule holds (Def 1.3.7, Def 1.3.8, §2.1.4): each rule of
/// `PlanRules` as a property over every saved or running schedule, judged in the
/// world the plan was made in; and optimality against the brute-force oracle.
enum TravPlanRules {
    static let statements: [String: (String, String)] = [
        "planCoversSelection": ("The plan has exactly one stop per selected appointment.", "003 Def 1.3.7; UC Schedule appointments step 8"),
        "planTimeOrdered": ("The plan's appointments start in strictly increasing time.", "003 Def 1.3.7 \"time-ordered\""),
        "planNoOverlap": ("Each appointment of the plan ends no later than the next one starts.", "003 Def 1.3.7 \"not overlapping\""),
        "planStartsInItsWindow": ("A fixed appointment starts at its time; one with an interval fits in it whole.", "003 Def 1.3.7; §2.1.2; Scenario 2 (DT11)"),
        "planOnTime": ("Every leg arrives no later than its appointment starts.", "003 Def 1.3.8 \"on time for all his appointments\""),
        "legDepartsAfterPreviousEnds": ("The first leg leaves home no earlier than the wake-up time or the request; each other leaves once the previous appointment ended.", "003 §2.1.3 wakeUpTime"),
        "legWithinMaxDistance": ("No walk or bike ride is longer than the profile allows.", "003 §2.1.4; Fig 3.7 \"Travel at most 600.0m by walking\" (DT7)"),
        "legWithinMeanTimeSlot": ("A bus leg departs and arrives inside the bus's time slot.", "003 §2.1.4 \"Travel means time slots\" (DT9)"),
        "meanAllowedInWeather": ("No bike leg rides in forecast rain, unless the profile allows it.", "003 §2.1.4; Fig 3.7 (DT8)"),
        "privateMeanOwned": ("A leg by own bike needs a user who has one.", "003 §2.1.1 hasBike (DT26)"),
        "noPublicMeanOnStrikeDay": ("No bus leg on a strike day.", "003 R9, R10; §1.2.2 (DT15)"),
        "noDeactivatedMean": ("No leg into an appointment uses the mean deactivated for it.", "003 §2.1.4 (DT10)"),
        "sharedMeanAvailable": ("A shared bike is taken only where one stands.", "003 §1.2, §1.2.2 (DT22)"),
    ]

    static func all(_ scope: TravScope) -> [TravProperty] {
        let rules = TravRules(scope: scope)
        let validity = rules.plans.all.map { rule -> TravProperty in
            let (statement, source) = statements[rule.id] ?? ("", "")
            return .invariant(rule.id, statement, source, symbol: "PlanRules") { w in
                everyPlan(w, rules) { s, request, plan in rule.check(request, plan).map { .violated(witness: "\(scheduleName(s)): \($0)") } ?? .holds }
            }
        }
        let optimal = TravProperty.invariant("PlanIsOptimal", "No valid arrangement of the same request is better in the user's order of the criteria.",
                                             "003 Def 1.3.8 \"optimized according to the criteria\"; R10; §3.5.1 (DT5, DT6)") { w in
            everyPlan(w, rules) { s, request, plan in
                guard case .planned(let best) = rules.oracle.plan(request) else {
                    return .violated(witness: "\(scheduleName(s)) holds a plan where no valid arrangement exists")
                }
                let order = scope.criteriaOrders[request.criteria]
                let mine = rules.plans.objective(of: plan, for: request), theirs = rules.plans.objective(of: best, for: request)
                return mine.ranked(order) == theirs.ranked(order) ? .holds
                    : .violated(witness: "\(scheduleName(s))'s plan costs \(mine), the best valid one \(theirs) (order \(order.map(\.description).joined(separator: " > ")))")
            }
        }
        return validity + [optimal]
    }

    /// The verdict over every live schedule: saved or running. An archived plan is history: a
    /// recurring appointment it fulfilled may be edited since.
    static func everyPlan(_ world: TravWorld, _ rules: TravRules, _ verdict: (Int, ScheduleRequest, Plan) -> Verdict) -> Verdict {
        Verdict.all(0..<rules.scope.schedules) { s in
            guard world.schedules[s].status.isLive else { return .vacuous }
            let (request, plan) = rules.planned(s, world)
            return verdict(s, request, plan)
        }
    }
}
