import Checker

/// Travlendar+'s liveness properties, each about every schedule slot, and the fairness they
/// assume. The seed (003) states none as a property; each is what its statechart (§2.1.3) and
/// use cases promise the user, read as "leads to":
///
/// - The clock is weakly fair (it moves on unless nothing is due): the model's fairness.
/// - What the user can always do does not wait for the clock: `SavedScheduleAnswered` and
///   `RunningScheduleTicketsTried` assume only that the user, or the booking phase, acts on a
///   schedule that stays open to it, so a service that stops offering the step is caught
///   without the clock having to stop (decision: time may stand still in those two).
/// - A behaviour that reaches the horizon with an obligation open proves nothing
///   (`boundStops`): beyond it the clock would go on.
public enum TravLiveness {
    public static func declarations(scope: TravScope, rules: TravRules) -> Liveness<TravlendarModel> {
        let slots = scope.schedules
        let name: @Sendable (Int) -> String = { "schedule s\($0 + 1)" }
        let discard = Fairness<TravlendarModel>.weak("discardSchedule(s)") {
            if case .discardSchedule(let s) = $0 { s } else { nil }
        }
        let book = Fairness<TravlendarModel>.weak("bookTravel(s)") {
            if case .bookTravel(let s, _) = $0 { s } else { nil }
        }
        let clock = Fairness<TravlendarModel>.perKind(.weak, "advance") {
            if case .advance = $0 { true } else { false }
        }
        let properties: [LeadsTo<TravlendarModel>] = [
            LeadsTo.forEach(
                slots, id: "SavedScheduleAnswered",
                statement:
                    "A saved schedule is run or discarded: the service never leaves the user unable to answer it.",
                source: "003 §2.1.3 (\"the user must accept one of them from the saved ones\"); DT16", named: name,
                trigger: { $0.schedules[$1].status == .saved }, goal: { $0.schedules[$1].status != .saved }
            ).assuming([discard]),
            LeadsTo.forEach(
                slots, id: "RunningScheduleEnds",
                statement: "A running schedule ends, archived once its appointments are fulfilled or discarded, "
                    + "as the clock moves on.",
                source: "003 §2.1.3 (\"When a schedule is fulfilled ... archived by the system\"); DT4, DT16",
                named: name,
                trigger: { $0.schedules[$1].status == .running },
                goal: { [.archived, .discarded].contains($0.schedules[$1].status) }),
            LeadsTo.forEach(
                slots, id: "RunningScheduleTicketsTried",
                statement: "A running schedule with a bus leg has its tickets booked, or the booking tried and "
                    + "refused, unless it stops running first.",
                source:
                    "003 UC Booking phase, step 1 (\"after the user have selected a schedule, asks ... "
                    + "to buy the ticket\"); DT14",
                named: name,
                trigger: { world, s in
                    world.schedules[s].status == .running && world.schedules[s].booking == .none
                        && rules.needsTickets(world.schedules[s])
                },
                goal: { $0.schedules[$1].status != .running || $0.schedules[$1].booking != .none }
            ).assuming([book]),
        ]
        let horizon = scope.horizon
        var liveness = Liveness(properties: properties, fairness: [clock], boundStops: { Int($0.now) >= horizon })
        liveness.checkedByDefault = scope.decidesLiveness
        return liveness
    }
}
