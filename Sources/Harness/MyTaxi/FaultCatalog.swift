import MyTaxiReference

/// For each fault the Reference can carry: which check catches it, in which named scope, and
/// the length of the shortest counterexample. `verify list --faults` prints this and a test
/// holds the harness to it: exit 1, that property violated, a trace no longer than `steps`.
public struct FaultEntry: Sendable {
    public let fault: Fault
    /// `reference` (the Reference explored alone, its abstraction checked against every Spec
    /// property) or `conformance` (the Reference driven along the Spec).
    public let target: String
    public let property: String
    public let scope: String
    public let steps: Int
}

public enum FaultCatalog {
    /// Decision: two faults need two clients to share a ride, which the one-client `ci`
    /// scope cannot; they are caught in the `sharing` scope, which a CI run also checks.
    public static let entries: [FaultEntry] = [
        FaultEntry(fault: .acceptLeavesDriverQueued, target: "reference", property: "busyDriverNotInQueue", scope: "ci", steps: 4),
        FaultEntry(fault: .decliningDriverStaysAtHead, target: "reference", property: "RefusingDriverMovesToBack", scope: "ci", steps: 5),
        FaultEntry(fault: .thirdRefusalKeepsDriverQueued, target: "reference", property: "RefusingDriverMovesToBack", scope: "ci", steps: 8),
        FaultEntry(fault: .refusalCountNotResetOnAccept, target: "reference", property: "AcceptMakesDriverBusy", scope: "ci", steps: 6),
        FaultEntry(fault: .dispatchOnlyInPickupZone, target: "conformance", property: "Conformance", scope: "ci", steps: 3),
        FaultEntry(fault: .completionRequeuesAtPickupZone, target: "reference", property: "FreedDriverQueuedWhereHeIs", scope: "ci", steps: 6),
        FaultEntry(fault: .changeZoneJoinsFront, target: "reference", property: "QueueOrderIsFair", scope: "ci", steps: 3),
        FaultEntry(fault: .stopWorkingKeepsOffer, target: "reference", property: "OffersGoToQueueHeads", scope: "ci", steps: 4),
        FaultEntry(fault: .reservationAllocatedLate, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 1),
        FaultEntry(fault: .cancelAfterAllocation, target: "reference", property: "ReservationChangedOnlyInTime", scope: "ci", steps: 3),
        FaultEntry(fault: .fifthPassengerAccepted, target: "reference", property: "AtMostFourPassengers", scope: "ci", steps: 1),
        FaultEntry(fault: .joinAfterPickup, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "sharing", steps: 5),
        FaultEntry(fault: .fareSharesDoNotAddUp, target: "reference", property: "FareSharesAddUp", scope: "sharing", steps: 5),
        FaultEntry(fault: .cancelledRouteStaysOnRide, target: "reference", property: "CancelledRouteDetached", scope: "ci", steps: 5),
        FaultEntry(fault: .driverCancelLosesRequest, target: "reference", property: "NoRequestLost", scope: "ci", steps: 5),
        FaultEntry(fault: .fakeRequestWithoutWaiting, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 4),
        FaultEntry(fault: .refusedRequestLeavesRoute, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 0),
        FaultEntry(fault: .unconfirmedClientBooks, target: "reference", property: "activeClientIsConfirmed", scope: "accounts", steps: 1),
        FaultEntry(fault: .suspendedDriverStartsWorking, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "refusals", steps: 14),
        FaultEntry(fault: .dropOffEndsRide, target: "conformance", property: "Conformance", scope: "sharing", steps: 8),
        // At the threshold itself: the refusals scope requests 4 passengers, the most a taxi takes.
        FaultEntry(fault: .fullTaxiRequestRefused, target: "conformance", property: "Conformance", scope: "refusals",
                   steps: 1),
        FaultEntry(fault: .finishedRideCountsAsOpen, target: "conformance", property: "Conformance", scope: "rides", steps: 3),
        // Time at the minute: the probe tick(minutes: 6) passes the dispatch time of a reservation made 15 minutes ahead.
        FaultEntry(fault: .clockSkipsDueReservation, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 1),
        // What the user sees: the list of rides is derived from the state and compared.
        FaultEntry(fault: .pendingListsCancelledRide, target: "conformance", property: "ShownAsSpecified", scope: "ci",
                   steps: 2),
        // Contention: only a third party in one shared ride meets it (the city walks' three clients).
        FaultEntry(fault: .joinCountsLeaderOnly, target: "reference", property: "AtMostFourPassengers",
                   scope: "city walks", steps: 5),
        // What the user sees: the taxi each party of a shared ride is told of is derived and compared.
        FaultEntry(fault: .confirmsLeadClientOnly, target: "conformance", property: "ShownAsSpecified",
                   scope: "sharing", steps: 5),
        FaultEntry(fault: .lateJoinerNotConfirmed, target: "conformance", property: "ShownAsSpecified",
                   scope: "sharing", steps: 5),
        // Time at the minute: the 5-minute ticks see only waits of whole periods.
        FaultEntry(fault: .fakeWaitInClockPeriods, target: "conformance", property: "RefusalsLeaveStateUnchanged",
                   scope: "minutes", steps: 9),
        // Liveness: no state is wrong, a step someone waits for is never offered again. Each is a
        // lasso on the whole graph of the liveness scope (a stem, then a cycle repeated forever).
        FaultEntry(fault: .answerTimerNeverStarts, target: "reference", property: "OfferAnswered",
                   scope: "liveness", steps: 5),
        FaultEntry(fault: .prepaidClientNotPickedUp, target: "reference", property: "AcceptedClientPickedUp",
                   scope: "liveness", steps: 7),
        FaultEntry(fault: .onBoardPaymentRefused, target: "reference", property: "RideEnds",
                   scope: "liveness", steps: 7),
    ]

    public static func entry(for fault: Fault) -> FaultEntry {
        guard let entry = entries.first(where: { $0.fault == fault }) else { preconditionFailure("fault \(fault) has no catalogue entry") }
        return entry
    }
}
