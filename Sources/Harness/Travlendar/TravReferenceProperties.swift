import Checker
import TravlendarReference
import TravlendarSpec

extension TravReferenceAdapter {
    /// Rules about the Reference's own data: what it charged against what it told the user.
    public var systemProperties: [SystemProperty<TravSystem>] {
        [
            SystemProperty(
                id: "paymentsMatchConfirmations",
                statement: "Each schedule is charged exactly as often as the user was told his tickets were booked.",
                source: "003 UC Booking phase steps 3-5 (DT14)"
            ) { system in
                Verdict.all(system.service.schedules.keys.sorted()) { id in
                    let schedule = system.service.schedules[id]!
                    let told = system.service.outbox.filter { $0.kind == .ticketsBooked && $0.schedule == id }.count
                    guard schedule.payments > 0 || told > 0 else { return .vacuous }
                    return schedule.payments == told
                        ? .holds
                        : .violated(
                            witness:
                                "\(id) was charged \(schedule.payments) times; the user was told of \(told) booking")
                }
            },
            SystemProperty(
                id: "reviewedPlanAnnounced", statement: "A plan flagged for review was announced to the user.",
                source: "003 §1.2; Scenario 3 (DT27)"
            ) { system in
                Verdict.all(system.service.schedules.keys.sorted()) { id in
                    guard system.service.schedules[id]!.needsReview else { return .vacuous }
                    return system.service.outbox.contains { $0.kind == .planNeedsReview && $0.schedule == id }
                        ? .holds : .violated(witness: "\(id) needs review and the user was not told")
                }
            },
        ]
    }
}
