import Checker

/// The lifecycles' rules every state keeps (design note §1.2, §1.3, §1.6).
enum TravStateRules {
    static func all(_ scope: TravScope) -> [TravProperty] {
        let appointments = 0..<scope.appointments, schedules = 0..<scope.schedules
        return [
            .invariant("ScheduledIffInLiveSchedule", "An open appointment is Scheduled exactly when a saved or running schedule holds it.",
                       "corrects 003 §2.1.2 joined with §2.1.3 (DT3, DT4)") { w in
                Verdict.all(appointments) { a in
                    guard w.appointments[a].status.isOpen else { return .vacuous }
                    let holders = schedules.filter { w.schedules[$0].status.isLive && w.schedules[$0].holds(a) }
                    let scheduled = w.appointments[a].status == .scheduled
                    if scheduled == !holders.isEmpty { return .holds }
                    return .violated(witness: scheduled ? "\(appointmentName(a)) is Scheduled but no live schedule holds it"
                                                        : "\(appointmentName(a)) is Unscheduled but \(holders.map(scheduleName).joined(separator: ", ")) holds it")
                }
            },
            .invariant("atMostOneRunningSchedule", "At most one schedule is running.", "003 G7 (DT16)") { w in
                let running = schedules.filter { w.schedules[$0].status == .running }
                guard !running.isEmpty else { return .vacuous }
                return running.count == 1 ? .holds : .violated(witness: "\(running.map(scheduleName).joined(separator: " and ")) are both running")
            },
            .invariant("archivedScheduleFulfilled", "Every appointment of an archived schedule was fulfilled.", "003 §2.1.3 \"fulfilled by the user\"") { w in
                Verdict.all(schedules) { s in
                    guard w.schedules[s].status == .archived else { return .vacuous }
                    let open = appointments.filter { w.schedules[s].holds($0) }
                    return open.isEmpty ? .holds : .violated(witness: "\(scheduleName(s)) is archived with \(open.map(appointmentName).joined(separator: ", ")) not fulfilled")
                }
            },
            .invariant("bookingChargedAtMostOnce", "A schedule's tickets are paid for at most once.", "003 UC Booking phase steps 3-5 (DT14)") { w in
                Verdict.all(schedules) { s in
                    guard w.schedules[s].charges > 0 else { return .vacuous }
                    return w.schedules[s].charges == 1 ? .holds : .violated(witness: "\(scheduleName(s))'s tickets were charged \(w.schedules[s].charges) times")
                }
            },
            .invariant("bookedOnlyOnceRunning", "Only a schedule that ran (running, archived or discarded since) has tickets booked or tried.",
                       "003 UC Booking phase inputs 2, 4 and steps 1-2") { w in
                Verdict.all(schedules) { s in
                    guard w.schedules[s].booking != .none else { return .vacuous }
                    let status = w.schedules[s].status
                    return [.running, .archived, .discarded].contains(status) && w.schedules[s].reason != .infeasible ? .holds
                        : .violated(witness: "\(scheduleName(s)) is \(status) with its booking \(w.schedules[s].booking)")
                }
            },
            .invariant("discardedRequestWarned", "A request with no valid schedule is discarded with a warning to the user.",
                       "003 §2.1.3 \"the schedule is discarded and a warning to the user is sent\"") { w in
                Verdict.all(schedules) { s in
                    guard w.schedules[s].status == .discarded, w.schedules[s].reason == .infeasible else { return .vacuous }
                    return w.schedules[s].warned ? .holds : .violated(witness: "\(scheduleName(s)) was discarded without a warning")
                }
            },
        ]
    }
}
