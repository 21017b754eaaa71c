import Checker

/// What the user is shown of each schedule, derived from the state: its plan as the page lists
/// it (003 §2.1.3, Fig 3.5), one row per leg in the order travelled (where from, where to, by
/// what, when it leaves and arrives, and what it takes in minutes, cost units and metres), and
/// the totals of the three criteria the user ranks (minutes travelling, cost, metres on
/// polluting means: DT6). A schedule with no valid plan lists no legs and totals of zero. The
/// first leg leaves home; each next one the place of the appointment before. No leg home at
/// the end of the day: the seed asks for legs into appointments only (Def 1.3.7).
extension TravlendarModel: UserFacing {
    public func shown(in world: TravWorld) -> [ShownView<PlanRow>] {
        (0..<scope.schedules).filter { world.schedules[$0].status != .unused }.map { s in
            let (request, plan) = rules.planned(s, world)
            let planRules = PlanRules(scope: scope)
            var rows: [PlanRow] = [], totals = Objective()
            if world.schedules[s].reason != .infeasible {
                for k in plan.stops.indices {
                    guard let option = planRules.option(k, plan, request),
                          let to = planRules.template(plan.stops[k], request)?.location else { continue }
                    let stop = plan.stops[k]
                    let from = planRules.origin(k, plan, request)
                    rows.append(.leg(into: stop.slot, from: from, to: to, by: stop.mean, departure: stop.departure,
                                     arrival: stop.departure + option.minutes, option))
                    totals.add(option, by: stop.mean)
                }
            }
            return ShownView(Self.planTitles[s], rows + [.totals(totals)])
        }
    }

    /// Titles made once: the views are compared on every step.
    public static let planTitles = (0..<TravWorld.scheduleCapacity).map { "plan of s\($0 + 1)" }
}

/// A row of a schedule's page, as both sides derive it: a plain value, put into words only
/// for a witness.
public enum PlanRow: Hashable, Sendable, CustomStringConvertible {
    /// A leg into an appointment slot: from where, to where, by what, when, and what it takes.
    case leg(into: Int, from: Int, to: Int, by: TravelMean, departure: Int, arrival: Int, TravelOption)
    /// The totals of the three criteria the user ranks.
    case totals(Objective)

    public var description: String {
        switch self {
        case .leg(let slot, let from, let to, let mean, let departure, let arrival, let option):
            "\(PlanRules.name(slot)): L\(from) to L\(to) by \(mean), \(departure)-\(arrival) min, "
                + "\(option.minutes) min \(option.cost) units \(option.metres) m"
        case .totals(let objective): "total \(objective)"
        }
    }
}

extension TravlendarModel {
    /// What the user sees that the model leaves out, each a decision.
    public var notModelled: [NotModelled] {
        [
            NotModelled("The words of each notice (tickets booked, no valid schedule, a plan to review)",
                        reason: "The Spec keeps that a warning was sent and the booking's outcome; the adapter keys "
                            + "the search by the notices word for word (hidden state) and the Reference's own "
                            + "properties hold each charge and review to a notice.",
                        source: "003 §2.2.2, §3.3"),
            NotModelled("Directions on the day and the map",
                        reason: "They follow the running plan's legs, which the plan's page already shows and "
                            + "conformance compares; the map is drawn by the routing service, outside the system.",
                        source: "003 UC Dynamic directions"),
            NotModelled("What each ticket costs at each provider",
                        reason: "The booking phase buys the day's tickets all or nothing (DT14); their cost is the "
                            + "plan's cost units, shown in its totals.",
                        source: "003 UC Booking phase"),
        ]
    }
}
