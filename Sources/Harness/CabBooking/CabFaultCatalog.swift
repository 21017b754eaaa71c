import CabBookingReference
import Checker
import ModelKit

/// For each fault the cab booking Reference can carry: the check that catches it, in which
/// named scope, and the length of the shortest counterexample. A test holds the harness to it.
public enum CabFaultCatalog {
    /// Some are caught by conformance only: the Reference alone still keeps every rule (a
    /// count not reset, a query or a refusal too lenient, a fare a little low), and only the
    /// comparison with the Spec shows them.
    public static let entries: [FaultDescription] = [
        entry(.lockoutAfterFourFailures, target: "reference", property: "failedLoginsBelowThree", scope: "ci", steps: 4),
        entry(.suspendedLoginExtendsSuspension, target: "reference", property: "suspendedCannotLogIn", scope: "ci", steps: 6),
        entry(.mobileUniquenessNotChecked, target: "reference", property: "mobileNumbersUnique", scope: "accounts", steps: 2),
        entry(.changePasswordFailuresNotCounted, target: "reference", property: "changePasswordFailuresCount", scope: "accounts", steps: 2),
        entry(.favouriteLimitOffByOne, target: "reference", property: "atMostTwentyFavourites", scope: "accounts", steps: 5),
        // Alone, the Reference meets the retry only once a payment made room under the wallet limit (6 steps).
        entry(.refillRetryCreditedAgain, target: "conformance", property: "Conformance", scope: "ci", steps: 2),
        entry(.failuresNotResetOnLogin, target: "conformance", property: "Conformance", scope: "ci", steps: 3),
        entry(.laterBookingAtThirtyMinutesAccepted, target: "reference", property: "LaterBookingMoreThan30MinutesAhead", scope: "ci", steps: 1),
        entry(.leadPastThreeDaysAccepted, target: "reference", property: "laterBookingAtMostThreeDaysAhead", scope: "ci", steps: 1),
        entry(.clashCheckedForLaterBookingsOnly, target: "reference", property: "NoBookingsWithin30Minutes", scope: "ci", steps: 2),
        entry(.clashWindowExclusive, target: "reference", property: "NoBookingsWithin30Minutes", scope: "ci", steps: 5),
        entry(.bookNowTakesFirstFreeCab, target: "reference", property: "bookNowPicksFastestCab", scope: "ci", steps: 1),
        entry(.cancelKeepsCab, target: "reference", property: "cabServesOneBookingAtATime", scope: "ci", steps: 2),
        entry(.designationAtPickupTime, target: "reference", property: "laterBookingNotifiedTwentyMinutesBefore", scope: "ci", steps: 3),
        // Found only at the minute: an advance to the notice minute itself, and a jump over it.
        entry(.noticeOneMinuteLate, target: "reference", property: "laterBookingNotifiedTwentyMinutesBefore", scope: "ci", steps: 2),
        entry(.jobsRunAtClockTarget, target: "conformance", property: "Conformance", scope: "ci", steps: 2),
        entry(.travelEndChargesTwice, target: "reference", property: "RepeatedTravelEndChangesNothing", scope: "ci", steps: 6),
        entry(.partialWalletDebit, target: "reference", property: "payByWalletIffBalanceSuffices", scope: "ci", steps: 4),
        entry(.waitingChargedPerCompletedBlock, target: "conformance", property: "Conformance", scope: "ci", steps: 5),
        entry(.walletLimitNotChecked, target: "reference", property: "walletWithinLimit", scope: "ci", steps: 2),
        entry(.feedbackTwice, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 5),
        entry(.cancelAfterBoarding, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 3),
        entry(.trackingBeforeNotice, target: "conformance", property: "RefusalsLeaveStateUnchanged", scope: "ci", steps: 1),
        entry(.cabOfAnyType, target: "reference", property: "bookingTypeMatchesCab", scope: "ci", steps: 2),
        // The scope starts the service's ids at 999,999, so that the second booking needs the wrap.
        entry(.bookingIdPastSixDigits, target: "reference", property: "bookingIdsSixDigits", scope: "ci", steps: 2),
        entry(.cancelledIdReissued, target: "reference", property: "bookingIdNeverReused", scope: "ci", steps: 3),
        // At the threshold itself: the accounts scope has places 149, 150 and 151 m apart.
        entry(.favouriteRadiusExclusive, target: "reference", property: "FavouritesMoreThan150mApart",
              scope: "accounts", steps: 4),
        // Only the day walks hold a balance equal to a fare.
        entry(.walletNeedsMoreThanFare, target: "reference", property: "payByWalletIffBalanceSuffices",
              scope: "day walks", steps: 7),
        // Contention: two passengers' later bookings due at once, the second made after the ids wrapped.
        entry(.designationTiesByBookingId, target: "conformance", property: "Conformance",
              scope: "day walks", steps: 4),
        // Hidden state: the counter a refusal moved is not in the abstraction, so the searches
        // keep the Reference's state of the shorter path without the refusal; walks merge nothing.
        entry(.refusedBookingDrawsId, target: "reference", property: "bookingIdsSixDigits",
              scope: "day walks", steps: 2),
        // An environment the day walks offer but rarely take: no cab of any type free for a booking now.
        entry(.busyFleetKeepsBooking, target: "conformance", property: "Conformance", scope: "fleet", steps: 4),
        // At the threshold itself: only the wallet scope lands a refill on the limit.
        entry(.walletLimitExclusive, target: "reference", property: "refillCreditsExactlyOnce", scope: "wallet",
              steps: 1),
        // Promotions: the first travel spends the promo (D19), so a travel without the code shows it.
        entry(.promoKeptUntilUsed, target: "reference", property: "promoOnlyOnFirstTravel", scope: "ci", steps: 4),
        // What the user sees: the lists are derived from the state, and compared with the Reference's.
        entry(.pendingListsUnserved, target: "conformance", property: "ShownAsSpecified", scope: "ci", steps: 4),
        // Liveness: no state is wrong, a step the passenger or the driver needs is never offered
        // again. Each is a lasso on the whole graph of the liveness scope.
        entry(.noShowClosesBoarding, target: "reference", property: "ArrivedCabBoarded", scope: "liveness", steps: 6),
        entry(.earlyCabNeverBoarded, target: "reference", property: "ArrivedCabBoarded", scope: "liveness", steps: 5),
        entry(.travelEndWaitsForWallet, target: "reference", property: "TravelEnds", scope: "liveness", steps: 6),
    ]
}

extension CabFaultCatalog {
    static func entry(_ fault: CabFault, target: String, property: String, scope: String, steps: Int) -> FaultDescription {
        FaultDescription(name: fault.rawValue, area: fault.area, summary: fault.summary, target: target, property: property, scope: scope, steps: steps)
    }
}
