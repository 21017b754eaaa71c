/// Every number of the seed, in minutes and paise, in one place: the service reads nothing
/// else. The seed's own figures are `standard`; a test or a harness may shorten the day (a
/// compressed scope keeps every threshold in the same order).
public struct CabPolicy: Sendable, Equatable {
    /// A booked-now cab arrives no later than this after booking; a booked-later one no later
    /// than this after its pickup time (§1 "turn out time to be thirty minutes"; UC06 BR2, UC07 BR3 corrected).
    public var arrivalBoundMinutes = 30
    /// A later booking must be more than this ahead (UC07 7b, corrected across midnight).
    public var minimumLeadMinutes = 30
    /// ... and at most this ahead: three days (UC07 BR1).
    public var maximumLeadMinutes = 3 * 24 * 60
    /// Two live bookings of one passenger must be more than this apart (UC07 7c, for every booking).
    public var clashWindowMinutes = 30
    /// A later booking is given its cab, and the passenger told, this long before pickup (UC07 BR2).
    public var noticeMinutes = 20
    /// Waiting is free this long, then each started block costs `waitingSurcharge` (UC06 BR3).
    public var freeWaitingMinutes = 10
    public var waitingBlockMinutes = 30
    public var waitingSurcharge: Paise = 5_000
    /// Consecutive authentication failures that suspend an account, and for how long (UC02 6e.2).
    public var failuresBeforeSuspension = 3
    public var suspensionMinutes = 24 * 60
    /// Favourites per passenger, over all cities, and how close two may lie (UC20 BR1, BR4).
    public var maximumFavourites = 20
    public var favouriteRadiusMetres = 150
    /// The most a wallet may hold (UC12 BR4: the seed gives no figure; INR 10,000 here).
    public var walletLimit: Paise = 1_000_000
    /// The discount on a passenger's first completed travel booked with the promo code (UC01 BR7).
    public var promoPercent = 10

    public init() {}

    public static let standard = CabPolicy()
}
