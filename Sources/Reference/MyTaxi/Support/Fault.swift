/// A realistic bug that can be planted in the service, to prove the harness catches it.
/// Off unless a check asks for one (`verify check --inject NAME`); each names the line of
/// thinking that would produce it in real code.
public enum Fault: String, Sendable, CaseIterable, CustomStringConvertible {
    case acceptLeavesDriverQueued
    case decliningDriverStaysAtHead
    case thirdRefusalKeepsDriverQueued
    case refusalCountNotResetOnAccept
    case dispatchOnlyInPickupZone
    case completionRequeuesAtPickupZone
    case changeZoneJoinsFront
    case stopWorkingKeepsOffer
    case reservationAllocatedLate
    case cancelAfterAllocation
    case fifthPassengerAccepted
    case joinAfterPickup
    case fareSharesDoNotAddUp
    case cancelledRouteStaysOnRide
    case driverCancelLosesRequest
    case fakeRequestWithoutWaiting
    case refusedRequestLeavesRoute
    case clockSkipsDueReservation
    case unconfirmedClientBooks
    case suspendedDriverStartsWorking
    case finishedRideCountsAsOpen
    case dropOffEndsRide
    case fullTaxiRequestRefused
    case pendingListsCancelledRide
    case fakeWaitInClockPeriods
    case joinCountsLeaderOnly
    case confirmsLeadClientOnly
    case lateJoinerNotConfirmed
    case answerTimerNeverStarts
    case prepaidClientNotPickedUp
    case onBoardPaymentRefused

    public var description: String { rawValue }

    /// Where in the service the bug sits.
    public var area: String {
        switch self {
        case .acceptLeavesDriverQueued, .refusalCountNotResetOnAccept, .dispatchOnlyInPickupZone: return "dispatch"
        case .decliningDriverStaysAtHead, .thirdRefusalKeepsDriverQueued, .completionRequeuesAtPickupZone,
             .changeZoneJoinsFront, .stopWorkingKeepsOffer: return "queues"
        case .reservationAllocatedLate, .cancelAfterAllocation: return "reservations"
        case .fifthPassengerAccepted, .joinAfterPickup, .dropOffEndsRide, .fullTaxiRequestRefused,
             .joinCountsLeaderOnly: return "sharing"
        case .fareSharesDoNotAddUp: return "fares"
        case .cancelledRouteStaysOnRide, .driverCancelLosesRequest, .refusedRequestLeavesRoute: return "cancellation"
        case .finishedRideCountsAsOpen: return "requests"
        case .pendingListsCancelledRide, .confirmsLeadClientOnly, .lateJoinerNotConfirmed: return "what the user sees"
        case .fakeRequestWithoutWaiting, .clockSkipsDueReservation, .fakeWaitInClockPeriods: return "time"
        case .unconfirmedClientBooks, .suspendedDriverStartsWorking: return "accounts"
        case .answerTimerNeverStarts, .prepaidClientNotPickedUp, .onBoardPaymentRefused: return "liveness"
        }
    }

    /// The bug, in one sentence.
    public var summary: String {
        switch self {
        case .acceptLeavesDriverQueued: return "Accepting a call forgets to take the driver out of his zone's queue."
        case .decliningDriverStaysAtHead: return "A driver who declines stays at the head of the queue instead of going to the back."
        case .thirdRefusalKeepsDriverQueued: return "The refusal limit is checked with > instead of >=, so the third refusal in a row does not take the driver offline."
        case .refusalCountNotResetOnAccept: return "Accepting a call does not reset the driver's count of refusals in a row."
        case .dispatchOnlyInPickupZone: return "The dispatcher looks only at the pickup zone's queue, never at the nearest other zone with a driver."
        case .completionRequeuesAtPickupZone: return "A finished ride puts the driver back in the queue of the pickup zone, not of the zone where the ride ended."
        case .changeZoneJoinsFront: return "A driver who changes zone joins the front of the new zone's queue."
        case .stopWorkingKeepsOffer: return "A driver who stops working keeps the call he was offered."
        case .reservationAllocatedLate: return "A reservation is handed to the dispatcher at its pickup time instead of 10 minutes before."
        case .cancelAfterAllocation: return "Cancelling a reservation checks only the time left, not whether it was already handed to the dispatcher."
        case .fifthPassengerAccepted: return "The seat check is off by one: a taxi takes 5 passengers."
        case .joinAfterPickup: return "A client may join a shared ride after its passengers were picked up."
        case .fareSharesDoNotAddUp: return "Shared fares are rounded down each, so the shares lose the remainder and do not add up to the total."
        case .cancelledRouteStaysOnRide: return "A cancelled route stays on its ride's list of routes."
        case .driverCancelLosesRequest: return "When a driver cancels before pickup, the request is not put back in the dispatch line."
        case .fakeRequestWithoutWaiting: return "A driver may report a fake request at once, without waiting 5 minutes."
        case .unconfirmedClientBooks: return "A client who has not confirmed his e-mail can book a ride."
        case .suspendedDriverStartsWorking: return "A driver suspended after 5 refused calls in a row can start working again at once."
        case .clockSkipsDueReservation: return "The clock checks for due reservations only where it stands, so a move of a few minutes jumps over a dispatch time and leaves the reservation unallocated 9 minutes before pickup (the Reference's own bug until it was found)."
        case .fullTaxiRequestRefused:
            return "A request for a whole taxi is refused: a new ride's seats are checked with < 4, so 4 passengers do "
                + "not fit."
        case .dropOffEndsRide: return "Dropping off one passenger of a shared ride completes every route of it, so the others are out before their stops."
        case .finishedRideCountsAsOpen: return "The one-open-route check looks at the client's last route without asking whether it is still open, so a client whose ride has ended can never book another."
        case .refusedRequestLeavesRoute: return "A request with a bad passenger count is refused after its route was already created."
        case .pendingListsCancelledRide:
            return "The client's list of pending rides keeps a ride he cancelled, as if a taxi were still to come."
        case .joinCountsLeaderOnly:
            return "A join before a driver accepts counts the seats of the leader's party only, not of those "
                + "who joined before: a third party can overfill the taxi."
        case .confirmsLeadClientOnly:
            return "An accepted shared ride is confirmed to the client who asked for it only: those who joined "
                + "before a driver accepted are never told which taxi comes."
        case .lateJoinerNotConfirmed:
            return "A client who joins a shared ride a driver has already accepted is never told which taxi "
                + "comes (the Reference's own bug until the view of taxis told found it)."
        case .fakeWaitInClockPeriods:
            return "The fake-request wait is counted in whole 5-minute periods of the clock, as a bucketed timer "
                + "would: a driver who accepted at minute 4 may report at minute 5."
        case .answerTimerNeverStarts:
            return "The answer timer starts only when the driver's app acknowledges the call, which an app in the "
                + "background never does: a call nobody answers never times out, and the client waits for ever."
        case .prepaidClientNotPickedUp:
            return "Picking a client up checks that his fare is still open, so a client who paid ahead while "
                + "waiting can never be picked up."
        case .onBoardPaymentRefused:
            return "Paying is allowed while waiting or after the ride, not on board, so a client who did not pay "
                + "ahead never reaches the end of his ride: the driver can only interrupt it."
        }
    }
}
