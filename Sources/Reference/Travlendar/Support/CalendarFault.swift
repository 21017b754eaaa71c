/// A realistic bug that can be planted in the service, to prove the harness catches it. Off
/// unless a check asks for one (`verify check --inject NAME`).
public enum CalendarFault: String, Sendable, CaseIterable, CustomStringConvertible {
    case nextLegLeavesAtStart
    case flexibleWindowEndIgnored
    case lateArrivalByOneMinute
    case walkCapIgnored
    case rainCheckedAtDeparture
    case busSlotDepartureOnly
    case strikeIgnored
    case excludedModeIgnored
    case sharedBikeAnywhere
    case firstFeasiblePlan
    case rankingIgnored
    case dominanceIgnoresTieBreak
    case editKeepsSavedSchedules
    case runKeepsPreviousRunning
    case archivedAtStart
    case recurrenceDropped
    case fulfilmentOneMinuteLate
    case requestAfterLatestStart
    case confirmationChargesAgain
    case failedBookingCharges
    case confirmationNotifiesAgain
    case changeNotReviewed
    case reviewTakesSharedBikeForOwn
    case walkingCountedAsPolluting
    case cyclingCapInTenthsOfKilometres
    case emissionsCountEveryMetre
    case discardRefusedOnceConditionsChanged
    case bookingRefusedUntilReviewed
    case discardRefusedOnceUnderway

    public var description: String { rawValue }

    public var area: String {
        switch self {
        case .nextLegLeavesAtStart, .flexibleWindowEndIgnored, .lateArrivalByOneMinute: "validity"
        case .walkCapIgnored, .cyclingCapInTenthsOfKilometres, .rainCheckedAtDeparture, .busSlotDepartureOnly,
             .strikeIgnored, .excludedModeIgnored: "constraints"
        case .firstFeasiblePlan, .rankingIgnored, .dominanceIgnoresTieBreak, .emissionsCountEveryMetre: "optimisation"
        case .editKeepsSavedSchedules, .runKeepsPreviousRunning, .archivedAtStart, .recurrenceDropped: "lifecycles"
        case .fulfilmentOneMinuteLate, .requestAfterLatestStart: "time"
        case .walkingCountedAsPolluting: "what the user sees"
        case .confirmationChargesAgain, .failedBookingCharges, .confirmationNotifiesAgain: "booking"
        case .sharedBikeAnywhere, .changeNotReviewed, .reviewTakesSharedBikeForOwn: "shared means and the world"
        case .discardRefusedOnceConditionsChanged, .bookingRefusedUntilReviewed, .discardRefusedOnceUnderway: "liveness"
        }
    }

    public var summary: String {
        switch self {
        case .nextLegLeavesAtStart: "The next leg may leave as soon as the previous appointment starts: its duration is forgotten."
        case .flexibleWindowEndIgnored: "The arrival is checked against the end of a flexible appointment's window: it may start too late to end in it."
        case .lateArrivalByOneMinute: "The arrival check compares with < start + 1 minute written as <=: a leg may arrive a minute late."
        case .walkingCountedAsPolluting:
            "The plan's page counts walked metres in its total of polluting distance, "
                + "though the planner ranked by the bus's alone."
        case .walkCapIgnored: "The walking distance cap is never checked."
        case .cyclingCapInTenthsOfKilometres:
            "The cycling cap is kept in tenths of a kilometre, rounded: a cap of 599 m lets a 600 m ride through."
        case .rainCheckedAtDeparture: "The rain rule looks at the bike leg's departure only, not at its whole ride."
        case .busSlotDepartureOnly: "The bus slot is checked for the departure only: a bus may arrive after the slot closed."
        case .strikeIgnored: "The planner does not read the strike calendar."
        case .discardRefusedOnceConditionsChanged:
            "A saved schedule planned in other weather, strike or shared bikes than today's cannot be discarded "
                + "(\"plan it again first\"): while the world differs, the user can never answer it."
        case .discardRefusedOnceUnderway:
            "Discarding a saved schedule shares the run's guard: once its first departure has passed it is refused "
                + "as under way, so a schedule that can no longer run can no longer be discarded either."
        case .bookingRefusedUntilReviewed:
            "The tickets of a running plan flagged for review are not booked until the user reviews it, "
                + "and no step reviews it: the booking phase never comes."
        case .excludedModeIgnored: "The mode the user excluded for an appointment is still used to reach it."
        case .sharedBikeAnywhere: "A shared bike is planned wherever the user is, not only where one stands."
        case .firstFeasiblePlan: "The planner returns the first valid plan it finds, not the best one."
        case .rankingIgnored: "The user's ranking of the criteria is ignored: travel time always comes first."
        case .emissionsCountEveryMetre:
            "The emissions criterion sums the metres of every leg, walked and cycled too, as if a plan's length "
                + "were its footprint."
        case .dominanceIgnoresTieBreak: "The planner's pruning drops a partial plan as good as another without the tie-break: a different plan among equals."
        case .editKeepsSavedSchedules: "Editing an appointment discards the running schedule only, as the seed writes it: saved schedules keep a stale plan."
        case .runKeepsPreviousRunning: "Choosing a schedule for the day does not stop the one already running."
        case .archivedAtStart: "An appointment is archived when it starts, not when it ends."
        case .recurrenceDropped: "A recurring appointment is archived like any other: its next occurrence is lost."
        case .fulfilmentOneMinuteLate: "An appointment counts as fulfilled one minute after it ends (< for <=)."
        case .requestAfterLatestStart: "An appointment can be scheduled one minute after its latest start (the check uses < for <=)."
        case .confirmationChargesAgain: "A purchase confirmation that arrives twice charges twice."
        case .failedBookingCharges: "A booking that finds no seats still charges the user."
        case .confirmationNotifiesAgain:
            "A purchase confirmation that arrives twice tells the user again that the tickets are booked."
        case .changeNotReviewed: "A change of the weather is not checked against the running plan: no warning."
        case .reviewTakesSharedBikeForOwn:
            "The review of a running plan takes a shared-bike leg for the user's own bike: "
                + "without a bike he is warned for nothing."
        }
    }
}
