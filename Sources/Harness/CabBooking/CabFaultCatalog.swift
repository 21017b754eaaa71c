import CabBookingReference

/// For each fault the cab booking Reference can carry: the check that catches it, in which
/// named scope, and the length of the shortest counterexample. A test holds the harness to it.
public struct CabFaultEntry: Sendable {
    public let fault: CabFault
    /// `reference` (the Reference explored alone, its abstraction checked against every Spec
    /// property) or `conformance` (the Reference driven along the Spec).
    public let target: String
    public let property: String
    public let scope: String
    public let steps: Int
}

public enum CabFaultCatalog {
    /// Five are caught by conformance only: the Reference alone still keeps every rule (a
    /// count not reset, a query or a refusal too lenient, a fare a little low), and only the
    /// comparison with the Spec shows them.
    public static let entries: [CabFaultEntry] = [
        CabFaultEntry(fault: .lockoutAfterFourFailures, target: "reference", property: "failedLoginsBelowThree", scope: "ci", steps: 4),
        CabFaultEntry(fault: .suspendedLoginExtendsSuspension, target: "reference", property: "suspendedCannotLogIn", scope: "ci", steps: 6),
        CabFaultEntry(fault: .failuresNotResetOnLogin, target: "conformance", property: "Conformance", scope: "ci", steps: 3),
        CabFaultEntry(fault: .laterBookingAtThirtyMinutesAccepted, target: "reference", property: "LaterBookingMoreThan30MinutesAhead", scope: "ci", steps: 1),
        CabFaultEntry(fault: .leadPastThreeDaysAccepted, target: "reference", property: "laterBookingAtMostThreeDaysAhead", scope: "ci", steps: 1),
        CabFaultEntry(fault: .clashCheckedForLaterBookingsOnly, target: "reference", property: "NoBookingsWithin30Minutes", scope: "ci", steps: 2),
        CabFaultEntry(fault: .clashWindowExclusive, target: "reference", property: "NoBookingsWithin30Minutes", scope: "ci", steps: 3),
        CabFaultEntry(fault: .bookNowTakesFirstFreeCab, target: "reference", property: "bookNowPicksFastestCab", scope: "ci", steps: 1),
        CabFaultEntry(fault: .cancelKeepsCab, target: "reference", property: "cabServesOneBookingAtATime", scope: "ci", steps: 2),
        CabFaultEntry(fault: .designationAtPickupTime, target: "reference", property: "laterBookingNotifiedTwentyMinutesBefore", scope: "ci", steps: 3),
        CabFaultEntry(fault: .travelEndChargesTwice, target: "reference", property: "RepeatedTravelEndChangesNothing", scope: "ci", steps: 6),
        CabFaultEntry(fault: .partialWalletDebit, target: "reference", property: "payByWalletIffBalanceSuffices", scope: "ci", steps: 4),
        CabFaultEntry(fault: .waitingChargedPerCompletedBlock, target: "conformance", property: "Conformance", scope: "ci", steps: 5),
        CabFaultEntry(fault: .walletLimitNotChecked, target: "reference", property: "walletWithinLimit", scope: "ci", steps: 2),
        CabFaultEntry(fault: .feedbackTwice, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 5),
        CabFaultEntry(fault: .cancelAfterBoarding, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 3),
        CabFaultEntry(fault: .trackingBeforeNotice, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 1),
        CabFaultEntry(fault: .cabOfAnyType, target: "reference", property: "bookingTypeMatchesCab", scope: "ci", steps: 2),
    ]
}
