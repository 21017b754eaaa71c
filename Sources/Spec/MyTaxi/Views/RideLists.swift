import Checker

/// What a client is shown of his rides (000 PF20, "List of rides"), derived from the state:
/// the pending ones (not yet concluded: waiting for a taxi, one on its way, on board) and those
/// done, each with its pickup zone, passengers, shared or not, reserved or not, pickup time and
/// state, latest pickup first; of two picked up at one time, the one made later first. The seed
/// gives no order; latest first is ours, as the cab booking model's lists are.
extension MyTaxiModel: UserFacing {
    public func shown(in world: World) -> [ShownView] {
        (0..<scope.clients).flatMap { c -> [ShownView] in
            let slots = (c * scope.routesPerClient..<(c + 1) * scope.routesPerClient)
                .filter { world.routes[$0].status != .unused }
                .sorted { (world.routes[$0].pickupAt, $0) > (world.routes[$1].pickupAt, $1) }
            func rows(_ include: (RouteStatus) -> Bool) -> [String] {
                slots.filter { include(world.routes[$0].status) }.map { r in
                    let route = world.routes[r]
                    return Self.ride(Self.routeNames[r], zone: route.zone, passengers: Int(route.passengers),
                                     shared: route.isShared, reserved: route.isReserved, at: Int(route.pickupAt),
                                     route.status)
                }
            }
            return [ShownView(Self.pendingTitles[c], rows(\.isOpen)),
                    ShownView(Self.doneTitles[c], rows { $0 == .completed })]
        }
    }

    /// Names made once: the lists are compared on every step.
    public static let pendingTitles = (0..<Capacity.clients).map { "pending rides of \(ClientID($0))" }
    public static let doneTitles = (0..<Capacity.clients).map { "rides done by \(ClientID($0))" }
    public static let routeNames = (0..<Capacity.routes).map { RouteID($0).description }
    static let zoneNames = (0..<Capacity.zones).map { ZoneID($0).description }

    /// A row of either list, as both sides render it.
    public static func ride(_ route: String, zone: ZoneID, passengers: Int, shared: Bool, reserved: Bool, at tick: Int,
                            _ status: RouteStatus) -> String {
        let zoneName = zone.index < zoneNames.count ? zoneNames[zone.index] : zone.description
        return "\(route) from \(zoneName), \(passengers) passenger\(passengers == 1 ? "" : "s")"
            + "\(shared ? ", shared" : "")\(reserved ? ", reserved" : ""), pickup at tick \(tick), \(status)"
    }
}

extension MyTaxiModel {
    /// What a client or driver sees that the model leaves out, each a decision.
    public var notModelled: [NotModelled] {
        [
            NotModelled("A request's destination",
                        reason: "Dispatch looks at the pickup zone only; where a ride ends is the zone its driver "
                            + "completes or interrupts it in, any zone (the situation rideEnd meets both kinds), and "
                            + "that decides his next queue. A fake request leaves the driver where he was. The "
                            + "destination's one other use is the fare; the conformance runs send each client to a "
                            + "zone of his own, so that fares cross zones.",
                        source: "000 PF09, PF13, PF19; 001"),
            NotModelled("Fares and each client's share",
                        reason: "The seed gives no chart, only the regulated maximum and that a shared ride is "
                            + "split: the Spec has no money, and the Reference's own properties (FareSharesAddUp, "
                            + "FareShareNotAboveSolo, FareWithinRegulatedMaximum) judge every state of its search.",
                        source: "000 PF16, S03; 002 3.2.7"),
            NotModelled("The waiting time in the client's notification",
                        reason: "Computed by the maps service from the taxi's position (PF15), outside the system; the "
                            + "taxi's identity, also in the notification, is the ride's taxi, in the abstraction.",
                        source: "000 PF15, PF17"),
            NotModelled("The overall statistics under the list of rides",
                        reason: "The seed names them and defines none; the lists themselves are derived and compared.",
                        source: "000 PF20"),
        ]
    }
}
