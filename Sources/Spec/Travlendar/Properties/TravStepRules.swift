import Checker

/// Rules about steps: what an action must do to the state before it.
enum TravStepRules {
    static func all(_ scope: TravScope) -> [TravProperty] {
        let rules = TravRules(scope: scope), appointments = 0..<scope.appointments, schedules = 0..<scope.schedules
        /// The schedule slot a request filled.
        @Sendable func filled(_ before: TravWorld, _ after: TravWorld) -> Int? {
            schedules.first { before.schedules[$0].status == .unused && after.schedules[$0].status != .unused }
        }
        return [
            .step("DiscardedOnlyIfInfeasible", "A request is discarded only when no valid arrangement of it exists.",
                  "003 §3.5.1 \"if it exists\"; UC Schedule appointments exc. 2 (DT3)") { before, action, after in
                guard case .requestSchedule(let selection, let profile, let criteria) = action, let s = filled(before, after),
                      after.schedules[s].status == .discarded else { return .vacuous }
                let request = rules.scheduleRequest(selection: selection, profile: profile, criteria: criteria, before)
                guard case .planned(let plan) = rules.oracle.plan(request) else { return .holds }
                return .violated(witness: "\(scheduleName(s)) was discarded, yet \(plan.stops.map { "\(appointmentName($0.slot)) by \($0.mean) at \($0.departure)" }.joined(separator: ", ")) keeps every rule")
            },
            .step("EditDiscardsSavedSchedules", "Editing or cancelling an appointment discards every live schedule that holds it, saved or running.",
                  "corrects 003 §2.1.3 (DT4)") { before, action, after in
                guard let a = edited(action) else { return .vacuous }
                let still = schedules.filter { after.schedules[$0].status.isLive && after.schedules[$0].holds(a) }
                return still.isEmpty ? .holds : .violated(witness: "\(still.map(scheduleName).joined(separator: ", ")) still holds \(appointmentName(a)) after it changed")
            },
            .step("editDiscardsOnlyRunning", "An edit discards the running schedule only: a saved schedule holding the appointment stays saved.",
                  "003 §2.1.3 as written", group: "seed literal",
                  note: "Broken by editing an appointment of a saved schedule: the corrected rule (EditDiscardsSavedSchedules, DT4) discards it, as its plan was made for the old appointment.",
                  checked: false) { before, action, after in
                guard let a = edited(action) else { return .vacuous }
                let kept = schedules.filter { before.schedules[$0].status == .saved && before.schedules[$0].holds(a) }
                guard !kept.isEmpty else { return .vacuous }
                let dropped = kept.filter { after.schedules[$0].status != .saved }
                return dropped.isEmpty ? .holds : .violated(witness: "the edit of \(appointmentName(a)) discarded the saved \(dropped.map(scheduleName).joined(separator: ", "))")
            },
            .step("appointmentScheduledWhenArrangeable", "After a request, each selected appointment that has a valid arrangement of its own is Scheduled; only the others stay Unscheduled.",
                  "003 §2.1.2 as written", group: "seed literal",
                  note: "Broken by a request of two appointments that cannot both be kept: the schedule chart (and the corrected ScheduledIffInLiveSchedule, DT3) discards the whole request.",
                  checked: false) { before, action, after in
                guard case .requestSchedule(let selection, let profile, let criteria) = action, filled(before, after) != nil else { return .vacuous }
                return Verdict.all(appointments.filter { selection & (1 << $0) != 0 }) { a in
                    let alone = rules.scheduleRequest(selection: 1 << a, profile: profile, criteria: criteria, before)
                    guard case .planned = rules.oracle.plan(alone) else { return .vacuous }
                    return after.appointments[a].status == .scheduled ? .holds
                        : .violated(witness: "\(appointmentName(a)) has a valid arrangement on its own but stayed \(after.appointments[a].status)")
                }
            },
            .step("archivedOnlyWhenFulfilled", "An appointment is archived only by the clock, from Scheduled, once it ended in the running schedule.",
                  "003 §2.1.2 \"When a scheduled appointment is fulfilled it becomes Archived\" (DT19)") { before, action, after in
                Verdict.all(appointments) { a in
                    guard before.appointments[a].status != .archived, after.appointments[a].status == .archived else { return .vacuous }
                    guard case .advance = action, before.appointments[a].status == .scheduled, let r = before.running, before.schedules[r].holds(a) else {
                        return .violated(witness: "\(appointmentName(a)) was archived by \(action) while \(before.appointments[a].status)")
                    }
                    let end = Int(before.schedules[r].plan[a].start) + scope.templates[Int(before.schedules[r].plan[a].template)].duration
                    return end <= Int(after.now) ? .holds : .violated(witness: "\(appointmentName(a)) was archived at minute \(after.now), before it ends at \(end)")
                }
            },
            .step("recurrentReinsertedUnscheduled", "When a recurring appointment is fulfilled, its next occurrence, a day later, is Unscheduled in the same step.",
                  "003 §2.1.2 \"it must be reinserted in the list of unscheduled appointments\"") { before, action, after in
                Verdict.all(appointments) { a in
                    guard after.appointments[a].occurrences > before.appointments[a].occurrences else { return .vacuous }
                    return after.appointments[a].status == .unscheduled && after.appointments[a].day == before.appointments[a].day + 1 ? .holds
                        : .violated(witness: "\(appointmentName(a)) was fulfilled and is now \(after.appointments[a].status) on day \(after.appointments[a].day)")
                }
            },
            .step("bookingAllOrNothing", "A booking that finds no seats charges nothing.", "003 UC Booking phase exc. 1-2 (DT14)") { before, action, after in
                guard case .bookTravel(let s, false) = action else { return .vacuous }
                return after.schedules[s].charges == before.schedules[s].charges ? .holds : .violated(witness: "\(scheduleName(s)) was charged for a booking with no seats")
            },
            .step("RepeatedConfirmationChargesNothing", "The provider's confirmation of a purchase, sent again, changes nothing.",
                  "003 UC Booking phase steps 3-5 (DT14)") { before, action, after in
                guard case .repeatBookingConfirmation(let s) = action else { return .vacuous }
                return before == after ? .holds : .violated(witness: "the repeated confirmation of \(scheduleName(s))'s tickets changed the state")
            },
            .step("StaleRunningScheduleFlagged", "When the weather, a strike or a shared bike leaving breaks a leg of the running schedule still to leave, the schedule is flagged stale in that step.",
                  "003 §1.2; §1.2.2; Scenario 3 (DT27)") { before, action, after in
                guard [.weatherChanges, .strikeAnnounced].contains(action) || action.kind == .sharedBikeMoves, let r = after.running,
                      let broken = rules.brokenLeg(of: r, in: after) else { return .vacuous }
                return after.schedules[r].stale ? .holds : .violated(witness: "\(scheduleName(r)) is not flagged stale: \(broken)")
            },
        ]
    }

    static func edited(_ action: TravAction) -> Int? {
        switch action {
        case .editAppointment(let a, _), .cancelAppointment(let a): a
        default: nil
        }
    }
}

/// States a scope should reach, so that the rules above are not vacuous unnoticed.
enum TravWitnesses {
    static func all(_ scope: TravScope) -> [TravProperty] {
        let schedules = 0..<scope.schedules, rules = TravRules(scope: scope)
        return [
            .witness("ShowScheduleDiscarded", "A request has no valid arrangement and is discarded with a warning.") { w in
                schedules.contains { w.schedules[$0].reason == .infeasible }
            },
            .witness("ShowPlanWaits", "An optimal plan leaves later than it could, because the bus's slot or the weather demands it.") { w in
                schedules.contains { s in
                    guard w.schedules[s].status == .saved else { return false }
                    let (request, plan) = rules.planned(s, w)
                    return plan.stops.first.map { $0.departure > request.readyAt } ?? false
                }
            },
            .witness("ShowRunningScheduleArchived", "A schedule runs to its end and is archived with its appointments fulfilled.") { w in
                schedules.contains { w.schedules[$0].status == .archived }
            },
            .witness("ShowRecurrentReinserted", "A recurring appointment is fulfilled and its next occurrence is Unscheduled.") { w in
                (0..<scope.appointments).contains { w.appointments[$0].occurrences > 0 }
            },
            .witness("ShowBookingFailed", "A booking finds no seats and charges nothing.") { w in
                schedules.contains { w.schedules[$0].booking == .failed }
            },
            .witness("ShowStaleRunningSchedule", "The world changes under the running schedule and it is flagged stale.") { w in
                schedules.contains { w.schedules[$0].stale }
            },
        ]
    }
}
