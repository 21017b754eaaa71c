/// Why the service refused an operation, in words a passenger understands. Each case carries
/// the facts and names the message of the seed it stands for (the ids are ours: the seed's
/// table of messages was an image). A refused operation changes nothing, except where the
/// seed counts the attempt: a wrong password counts toward suspension.
public enum CabServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidField(String)                       // M02
    case passwordsDiffer                            // M03
    case emailAlreadyRegistered(String)             // M04
    case mobileAlreadyRegistered(String)            // M04b
    case invalidLogin                               // M06, M08
    case accountSuspended(until: Minute)            // M07, M09
    case unknownMobile(String)                      // M12
    case unknownPassenger(PassengerID)
    case notLoggedIn(PassengerID)
    case noCabAvailable(CabType)                    // M14
    case tooSoon(minutesAhead: Int, minimum: Int)   // M15
    case bookingClash(with: BookingID)              // M16
    case cabUnavailableAtTime(CabType)              // M17
    case tooFarAhead(minutesAhead: Int, maximum: Int) // M18
    case unknownBooking(BookingID)
    case notYourBooking(BookingID)
    case notCancellable(BookingID, BookingStatus)
    case trackingNotOpen(BookingID)                 // M38
    case notOnTrip(BookingID)
    case cabNotArrived(BookingID)
    case walletNotEnrolled(PassengerID)
    case walletAlreadyEnrolled(PassengerID)
    case transactionError                           // M22
    case insufficientFunds                          // M23
    case bankLoginFailed                            // M24
    case walletLimitExceeded(limit: Paise)          // M37
    case outsideServiceArea(Coordinate)             // M27, M33
    case feedbackNotAllowed(BookingID)
    case feedbackAlreadyGiven(BookingID)
    case favouriteNameTaken(String)                 // M30
    case favouriteTooClose(to: String)              // M31
    case favouriteLimit(Int)                        // M32
    case clockWentBack(now: Minute, asked: Minute)
    case bookingIdsExhausted

    public var description: String {
        switch self {
        case .invalidField(let field): "please check the \(field)"
        case .passwordsDiffer: "the password and its confirmation differ"
        case .emailAlreadyRegistered(let email): "the e-mail \(email) is already registered"
        case .mobileAlreadyRegistered(let mobile): "the mobile number \(mobile) is already registered"
        case .invalidLogin: "invalid login details"
        case .accountSuspended(let until): "login failed: the account is suspended until minute \(until)"
        case .unknownMobile(let mobile): "invalid mobile number \(mobile)"
        case .unknownPassenger(let id): "there is no \(id)"
        case .notLoggedIn(let id): "\(id) is not logged in"
        case .noCabAvailable(let type): "no \(type.rawValue) cab can reach you within the arrival time"
        case .tooSoon(let ahead, let minimum): "a booking for later must be more than \(minimum) minutes ahead (this one is \(ahead))"
        case .bookingClash(let other): "you already have \(other) within 30 minutes of that time; please choose a different time"
        case .cabUnavailableAtTime(let type): "no \(type.rawValue) cab is available at that time"
        case .tooFarAhead(let ahead, let maximum): "bookings can be made at most \(maximum) minutes ahead (this one is \(ahead))"
        case .unknownBooking(let id): "there is no \(id)"
        case .notYourBooking(let id): "\(id) is not yours"
        case .notCancellable(let id, let status): "\(id) is \(status.rawValue) and can no longer be cancelled"
        case .trackingNotOpen(let id): "\(id) cannot be tracked now"
        case .notOnTrip(let id): "\(id) is not on its way"
        case .cabNotArrived(let id): "the cab of \(id) has not arrived"
        case .walletNotEnrolled(let id): "\(id) has no wallet"
        case .walletAlreadyEnrolled(let id): "\(id) already has a wallet"
        case .transactionError: "there is an error in the transaction"
        case .insufficientFunds: "insufficient balance"
        case .bankLoginFailed: "invalid bank login"
        case .walletLimitExceeded(let limit): "a wallet may hold at most \(limit) paise"
        case .outsideServiceArea(let point): "\(point) is out of bounds of any service area"
        case .feedbackNotAllowed(let id): "feedback can be given only on your own completed bookings, not \(id)"
        case .feedbackAlreadyGiven(let id): "feedback on \(id) was already given"
        case .favouriteNameTaken(let name): "the name \(name) is already present"
        case .favouriteTooClose(let name): "that location already exists as \(name); choose another location"
        case .favouriteLimit(let limit): "at most \(limit) favourite locations"
        case .clockWentBack(let now, let asked): "the clock is at minute \(now) and cannot go back to \(asked)"
        case .bookingIdsExhausted: "every six-digit booking id has been issued"
        }
    }
}
