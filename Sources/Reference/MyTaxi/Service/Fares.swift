/// Fares (000 PF16, S03; 002 3.2.7). A client alone pays the base fare plus a rate per zone
/// crossed and a surcharge per passenger beyond the first, capped at the regulated maximum. A shared ride costs what its longest route
/// would cost alone; each client's share is in proportion to what he would pay alone, so
/// nobody pays more than alone, and the shares add up to the total to the cent.
public struct FareCalculator: Sendable {
    public let table: FareTable
    public let distance: @Sendable (ZoneID, ZoneID) -> Int
    let fault: Fault?

    public init(table: FareTable, distance: @escaping @Sendable (ZoneID, ZoneID) -> Int, fault: Fault? = nil) {
        self.table = table
        self.distance = distance
        self.fault = fault
    }

    public func soloFare(from origin: ZoneID, to destination: ZoneID, passengers: Int) -> Int {
        min(table.regulatedMaximumCents,
            table.baseCents + table.centsPerZone * distance(origin, destination) + table.centsPerExtraPassenger * max(0, passengers - 1))
    }

    /// The ride's total and each route's share, in the order of `routes`.
    public func shares(for routes: [(origin: ZoneID, destination: ZoneID, passengers: Int)]) -> (total: Int, shares: [Int]) {
        precondition(!routes.isEmpty, "a ride has at least one route")
        let solo = routes.map { soloFare(from: $0.origin, to: $0.destination, passengers: $0.passengers) }
        let total = solo.max()!
        let weight = solo.reduce(0, +)
        // Largest remainder: floor every share, then give the lost cents to the largest
        // remainders (ties to the earlier route). A share that is not whole rounds up by at
        // most one cent, which never exceeds its solo fare, itself a whole number of cents.
        var shares = solo.map { total * $0 / weight }
        if fault == .fareSharesDoNotAddUp { return (total, shares) }
        let remainders = solo.enumerated().map { (index: $0.offset, rest: total * $0.element % weight) }
        let missing = total - shares.reduce(0, +)
        for entry in remainders.sorted(by: { ($0.rest, -$0.index) > ($1.rest, -$1.index) }).prefix(missing) {
            shares[entry.index] += 1
        }
        return (total, shares)
    }
}
