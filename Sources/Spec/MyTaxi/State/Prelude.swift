/// A run a scope starts after, so that a search of a few steps reaches a picture that needs
/// many: the search starts in the state the run ends in, which is reachable by construction
/// (each step is applied by the rules, and by the Reference in conformance), as TLC starts
/// wherever Init says. Plain data, like the rest of a scope.
public enum Prelude: UInt8, Sendable, Equatable {
    case none
    /// Drivers d1-d3 working in z1; c1's shared request joined by c2, accepted by d1 and
    /// picked up; c1 has paid. Five steps on, every route status and every driver status
    /// can be on show at once (ShowEveryStatus).
    case sharedRideAboard

    /// The steps, in order.
    public var actions: [TaxiAction] {
        switch self {
        case .none: return []
        case .sharedRideAboard:
            let (d1, d2, d3) = (DriverID(0), DriverID(1), DriverID(2))
            let (c1, c2, z1, r1) = (ClientID(0), ClientID(1), ZoneID(0), RouteID(0))
            return [
                .startWorking(driver: d1, taxi: TaxiID(0), zone: z1),
                .startWorking(driver: d2, taxi: TaxiID(1), zone: z1),
                .startWorking(driver: d3, taxi: TaxiID(2), zone: z1),
                .requestRide(client: c1, zone: z1, passengers: 1, shared: true),
                .joinSharedRide(client: c2, owner: r1, passengers: 1),
                .offer(route: r1, driver: d1), .accept(driver: d1), .pickup(driver: d1), .pay(route: r1, byCard: false),
            ]
        }
    }

    /// What it needs of a scope, in words, for the error when a `--set` takes it away.
    var needs: String { "3 onboarded drivers and taxis, 2 clients and a zone" }
}
