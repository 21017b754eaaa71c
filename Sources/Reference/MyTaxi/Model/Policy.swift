/// The business rules that are numbers, in minutes and cents: what an operator configures.
/// `standard` is what the seeds state; tests and the harness may shorten the windows.
public struct Policy: Sendable, Equatable {
    /// A reservation is handed to the dispatcher this long before pickup, and can be
    /// changed or cancelled until then (000 2.5, PF21 R3, PF22 R2; 002 3.2.6 #8).
    public var allocationLeadMinutes = 10
    /// 000 PF10 R3: at least 2 hours ahead.
    public var minimumReservationLeadMinutes = 120
    /// 002 3.2.6 #7: at most 48 hours ahead.
    public var maximumReservationLeadMinutes = 48 * 60
    /// 001 #13: a driver may report a fake request after waiting this long.
    public var fakeRequestWaitMinutes = 5
    /// 000 2.5: consecutive refusals that take a driver out of the queues, and that suspend him.
    public var refusalsToGoOffline = 3
    public var refusalsToSuspend = 5
    /// 000 PF09 R2, 002 3.2.7: passengers in one taxi.
    public var taxiSeats = 4
    /// Minutes a taxi needs to cross from one zone to the next (for the waiting time, PF17).
    public var minutesPerZone = 4
    public var fares = FareTable()

    public init() {}
    public static let standard = Policy()
}

/// Fares in cents (000 PF16, S03; 002 3.2.7): a base fare plus a rate per zone crossed,
/// never above the regulated maximum.
public struct FareTable: Sendable, Equatable {
    public var baseCents = 350
    public var centsPerZone = 180
    public var centsPerExtraPassenger = 50
    public var regulatedMaximumCents = 9_000
    public init() {}
}
