import Checker
import ModelKit
import TravlendarReference

/// For each fault the Travlendar+ Reference can carry: the check that catches it, in which
/// named scope, and the length of the shortest counterexample. A test holds the harness to it.
public enum TravFaultCatalog {
    /// The scheduler's faults are caught in one step of the scheduler scope, by the plan rule
    /// they break on the Reference alone; the tie-break fault breaks no rule (its plan is as good)
    /// and only conformance, which compares plans, sees it.
    public static let entries: [FaultDescription] = [
        entry(.nextLegLeavesAtStart, target: "reference", property: "planNoOverlap", scope: "scheduler", steps: 1),
        entry(.flexibleWindowEndIgnored, target: "reference", property: "planStartsInItsWindow", scope: "ci", steps: 3),
        entry(.lateArrivalByOneMinute, target: "reference", property: "planOnTime", scope: "scheduler", steps: 1),
        entry(.walkCapIgnored, target: "reference", property: "legWithinMaxDistance", scope: "scheduler", steps: 1),
        entry(.rainCheckedAtDeparture, target: "reference", property: "meanAllowedInWeather", scope: "ci", steps: 5),
        entry(.busSlotDepartureOnly, target: "reference", property: "legWithinMeanTimeSlot", scope: "ci", steps: 6),
        entry(.strikeIgnored, target: "reference", property: "noPublicMeanOnStrikeDay", scope: "scheduler", steps: 1),
        entry(.excludedModeIgnored, target: "reference", property: "noDeactivatedMean", scope: "scheduler", steps: 1),
        entry(.sharedBikeAnywhere, target: "reference", property: "sharedMeanAvailable", scope: "scheduler", steps: 1),
        entry(.firstFeasiblePlan, target: "reference", property: "PlanIsOptimal", scope: "scheduler", steps: 1),
        entry(.rankingIgnored, target: "reference", property: "PlanIsOptimal", scope: "scheduler", steps: 1),
        entry(.dominanceIgnoresTieBreak, target: "conformance", property: "Conformance", scope: "scheduler", steps: 1),
        entry(.editKeepsSavedSchedules, target: "reference", property: "EditDiscardsSavedSchedules", scope: "ci", steps: 3),
        entry(.runKeepsPreviousRunning, target: "reference", property: "atMostOneRunningSchedule", scope: "ci", steps: 5),
        entry(.archivedAtStart, target: "reference", property: "archivedOnlyWhenFulfilled", scope: "ci", steps: 4),
        entry(.recurrenceDropped, target: "conformance", property: "Conformance", scope: "ci", steps: 4),
        // Found only at the minute: the clock moved to an appointment's end, and one minute past a latest start.
        entry(.fulfilmentOneMinuteLate, target: "conformance", property: "Conformance", scope: "ci", steps: 4),
        entry(.requestAfterLatestStart, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 2),
        entry(.confirmationChargesAgain, target: "reference", property: "RepeatedConfirmationChargesNothing", scope: "ci", steps: 5),
        entry(.failedBookingCharges, target: "reference", property: "bookingAllOrNothing", scope: "ci", steps: 4),
        // Hidden state: the repeated notice changes nothing the abstraction shows, so only a
        // search that keys the Reference's notices apart (hiddenState) follows it.
        entry(.confirmationNotifiesAgain, target: "reference", property: "paymentsMatchConfirmations",
              scope: "ci", steps: 5),
        entry(.changeNotReviewed, target: "reference", property: "StaleRunningScheduleFlagged", scope: "ci", steps: 5),
        // An environment ci never starts in: a user without a bike of his own. Only worlds,
        // which starts in every environment, runs a plan for him and changes the world under it.
        entry(.reviewTakesSharedBikeForOwn, target: "conformance", property: "Conformance", scope: "worlds", steps: 4),
        // At the threshold: only the scheduler's profiles capped a metre either side of a leg meet it.
        entry(.cyclingCapInTenthsOfKilometres, target: "reference", property: "legWithinMaxDistance",
              scope: "scheduler", steps: 1),
        // What the user sees: the plan's page, legs and totals, derived from the plan and compared.
        entry(.walkingCountedAsPolluting, target: "conformance", property: "ShownAsSpecified", scope: "ci", steps: 2),
        // Each criterion alone decides some plan: carbon first, and a bus road shorter than the footpath.
        entry(.emissionsCountEveryMetre, target: "reference", property: "PlanIsOptimal", scope: "scheduler", steps: 1),
        // Liveness: no state is wrong, a step the user needs is never offered again. Each is a
        // lasso on the whole graph of the liveness scope (a stem, then a cycle repeated forever).
        entry(.discardRefusedOnceConditionsChanged, target: "reference", property: "SavedScheduleAnswered",
              scope: "liveness", steps: 4),
        entry(.bookingRefusedUntilReviewed, target: "reference", property: "RunningScheduleTicketsTried",
              scope: "liveness", steps: 6),
        entry(.discardRefusedOnceUnderway, target: "reference", property: "SavedScheduleAnswered",
              scope: "liveness", steps: 5),
    ]
}

extension TravFaultCatalog {
    static func entry(_ fault: CalendarFault, target: String, property: String, scope: String, steps: Int) -> FaultDescription {
        FaultDescription(name: fault.rawValue, area: fault.area, summary: fault.summary, target: target, property: property, scope: scope, steps: steps)
    }
}
