/// A realistic bug that can be planted in the service, to prove the harness catches it. Off
/// unless a check asks for one (`verify check --inject NAME`).
public enum CabFault: String, Sendable, CaseIterable, CustomStringConvertible {
    case lockoutAfterFourFailures
    case mobileUniquenessNotChecked
    case changePasswordFailuresNotCounted
    case favouriteLimitOffByOne
    case refillRetryCreditedAgain
    case suspendedLoginExtendsSuspension
    case failuresNotResetOnLogin
    case laterBookingAtThirtyMinutesAccepted
    case leadPastThreeDaysAccepted
    case clashCheckedForLaterBookingsOnly
    case clashWindowExclusive
    case bookNowTakesFirstFreeCab
    case cancelKeepsCab
    case designationAtPickupTime
    case noticeOneMinuteLate
    case jobsRunAtClockTarget
    case travelEndChargesTwice
    case partialWalletDebit
    case waitingChargedPerCompletedBlock
    case walletLimitNotChecked
    case feedbackTwice
    case cancelAfterBoarding
    case trackingBeforeNotice
    case cabOfAnyType
    case bookingIdPastSixDigits
    case cancelledIdReissued
    case refusedBookingDrawsId
    case favouriteRadiusExclusive
    case walletNeedsMoreThanFare
    case designationTiesByBookingId
    case pendingListsUnserved
    case promoKeptUntilUsed
    case walletLimitExclusive
    case busyFleetKeepsBooking
    case noShowClosesBoarding
    case earlyCabNeverBoarded
    case travelEndWaitsForWallet

    public var description: String { rawValue }

    /// Where in the service the bug sits.
    public var area: String {
        switch self {
        case .lockoutAfterFourFailures, .suspendedLoginExtendsSuspension, .failuresNotResetOnLogin, .mobileUniquenessNotChecked,
             .changePasswordFailuresNotCounted: "accounts"
        case .favouriteLimitOffByOne, .favouriteRadiusExclusive: "favourites"
        case .refillRetryCreditedAgain: "wallet and payment"
        case .laterBookingAtThirtyMinutesAccepted, .leadPastThreeDaysAccepted, .clashCheckedForLaterBookingsOnly, .clashWindowExclusive: "booking windows"
        case .bookNowTakesFirstFreeCab, .designationAtPickupTime, .cabOfAnyType, .designationTiesByBookingId,
             .busyFleetKeepsBooking: "dispatch"
        case .noticeOneMinuteLate, .jobsRunAtClockTarget: "time"
        case .bookingIdPastSixDigits, .cancelledIdReissued, .refusedBookingDrawsId: "booking ids"
        case .cancelKeepsCab, .cancelAfterBoarding: "cancellation"
        case .travelEndChargesTwice, .partialWalletDebit, .walletLimitNotChecked, .walletLimitExclusive,
             .walletNeedsMoreThanFare: "wallet and payment"
        case .waitingChargedPerCompletedBlock, .promoKeptUntilUsed: "fares"
        case .feedbackTwice, .trackingBeforeNotice, .pendingListsUnserved: "views"
        case .noShowClosesBoarding, .earlyCabNeverBoarded, .travelEndWaitsForWallet: "liveness"
        }
    }

    /// The bug, in one sentence.
    public var summary: String {
        switch self {
        case .mobileUniquenessNotChecked: "Registration checks only that the e-mail is new: a second account can take a mobile number already registered."
        case .changePasswordFailuresNotCounted: "A wrong current password on the Change Password page is refused but not counted toward the lockout."
        case .favouriteLimitOffByOne: "The favourite limit is checked with > instead of >=: one favourite more than the limit is saved."
        case .refillRetryCreditedAgain: "The refill does not remember the gateway's request ids: a confirmation retried after a timeout is credited again."
        case .lockoutAfterFourFailures: "The lockout compares with > instead of >=: the account is suspended at the fourth failure, not the third."
        case .suspendedLoginExtendsSuspension: "A login attempt during a suspension starts the suspension again."
        case .failuresNotResetOnLogin: "A successful login does not reset the count of failed attempts."
        case .laterBookingAtThirtyMinutesAccepted: "The too-soon check uses >= 30 minutes, so a booking exactly 30 minutes ahead is accepted."
        case .leadPastThreeDaysAccepted: "The three-day limit is checked against the pickup day, letting a booking a little past 72 hours through."
        case .clashCheckedForLaterBookingsOnly: "The 30-minute clash check is made for bookings for later only, as UC07 writes it, not for booking now."
        case .clashWindowExclusive: "The clash check uses < 30 minutes, so two bookings exactly 30 minutes apart are both accepted."
        case .bookNowTakesFirstFreeCab: "Booking now takes the first free cab of the type, not the one that arrives soonest."
        case .cancelKeepsCab: "Cancelling a booking forgets to free its cab."
        case .designationAtPickupTime: "A later booking gets its cab at the pickup time instead of 20 minutes before."
        case .noticeOneMinuteLate: "The notice job waits until less than 20 minutes remain (< for <=): a later booking gets its cab one minute late."
        case .jobsRunAtClockTarget: "A clock move of several minutes runs the jobs that fell due once, at the new time: a cab designated on the way is due late."
        case .travelEndChargesTwice: "A travel-end message that comes twice (a retry) charges the wallet twice."
        case .partialWalletDebit: "With less in the wallet than the fare, the wallet is emptied and the rest asked in cash."
        case .waitingChargedPerCompletedBlock: "The waiting surcharge counts completed half hours, not started ones."
        case .walletLimitNotChecked: "A refill is credited even past the wallet limit."
        case .feedbackTwice: "Feedback on a travel is accepted again after it was given."
        case .cancelAfterBoarding: "A booking can be cancelled after the passenger boarded."
        case .trackingBeforeNotice: "A later booking can be tracked before its notice, 20 minutes before pickup."
        case .cabOfAnyType: "The dispatcher picks the nearest free cab of any type."
        case .bookingIdPastSixDigits: "The id counter counts on past 999999 instead of wrapping to 100000: a seven-digit booking id."
        case .cancelledIdReissued: "A cancelled booking's id goes back to the pool and is given to the next booking, though it went out by SMS and e-mail."
        case .favouriteRadiusExclusive:
            "The favourite radius is checked with < instead of <=: a place exactly 150 m from a favourite is saved as "
                + "another."
        case .walletNeedsMoreThanFare:
            "The wallet pays only when it holds more than the fare: a balance equal to the fare is asked in cash."
        case .designationTiesByBookingId:
            "Two later bookings due at the same minute get their cabs in booking id order, not in the order they were "
                + "made: after the ids wrap, the later one is served first."
        case .walletLimitExclusive:
            "The wallet limit is checked with < instead of <=: a refill that would fill the wallet exactly to the "
                + "limit is refused."
        case .busyFleetKeepsBooking:
            "With every cab of the fleet busy, a booking now is kept, to be served by the next cab that frees, "
                + "instead of refused with M14: the passenger is told it is confirmed and no cab comes."
        case .noShowClosesBoarding:
            "Once the free waiting minutes are over the passenger counts as a no-show and boarding is refused, "
                + "but the booking is never cancelled: the cab waits at the pickup for ever."
        case .earlyCabNeverBoarded:
            "Boarding is allowed from the pickup time only, and the check reads the minute the cab arrived, not "
                + "the clock: a cab that came early for a later booking can never be boarded."
        case .travelEndWaitsForWallet:
            "Ending a travel whose fare the wallet cannot pay is refused as insufficient balance, instead of "
                + "asking for cash: the passenger stays on the trip until he refills, and may never."
        case .promoKeptUntilUsed:
            "The welcome promo stays until a travel uses it: a passenger whose first travel went without the code "
                + "gets 10% off a later one."
        case .pendingListsUnserved:
            "The Pending bookings list keeps a later booking no cab could serve, as if it were still to come."
        case .refusedBookingDrawsId:
            "A booking now refused outside the service area has drawn its id already: the counter moves on by one "
                + "without the wrap, and the next booking may get a seven-digit id."
        }
    }
}
