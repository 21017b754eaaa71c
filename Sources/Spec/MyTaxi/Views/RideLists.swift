import Checker

/// What a client is shown, derived from the state: his rides (000 PF20, "List of rides"), the
/// pending ones (not yet concluded: waiting for a taxi, one on its way, on board) and those
/// done, each with its pickup zone, passengers, shared or not, reserved or not, pickup time and
/// state, latest pickup first; of two picked up at one time, the one made later first. The seed
/// gives no order; latest first is ours, as the cab booking model's lists are. And the taxi he
/// was told of (PF17, "Client notification"): for each ride he is waiting for or riding in, the
/// taxi of its driver, told to every party of a shared ride (000 §2, "notifies the users";
/// Lucia's scenario, who joined, is told her taxi).
extension MyTaxiModel: UserFacing {
    public func shown(in world: World) -> [ShownView<ClientRow>] {
        (0..<scope.clients).flatMap { c -> [ShownView<ClientRow>] in
            let slots = (c * scope.routesPerClient..<(c + 1) * scope.routesPerClient)
                .filter { world.routes[$0].status != .unused }
                .sorted { (world.routes[$0].pickupAt, $0) > (world.routes[$1].pickupAt, $1) }
            func rows(_ include: (RouteStatus) -> Bool) -> [ClientRow] {
                slots.filter { include(world.routes[$0].status) }.map { r in
                    let route = world.routes[r]
                    return .ride(RideRow(.slot(RouteID(r)), zone: route.zone, passengers: Int(route.passengers),
                                         shared: route.isShared, reserved: route.isReserved, at: Int(route.pickupAt),
                                         route.status))
                }
            }
            let told = (c * scope.routesPerClient..<(c + 1) * scope.routesPerClient).compactMap { r -> ClientRow? in
                let route = world.routes[r]
                guard route.status.isCurrent, let ride = route.ride else { return nil }
                return .taxiTold(.slot(RouteID(r)), taxi: world.rides[ride.index].taxi)
            }
            return [ShownView(Self.pendingTitles[c], rows(\.isOpen)),
                    ShownView(Self.doneTitles[c], rows { $0 == .completed }),
                    ShownView(Self.toldTitles[c], told)]
        }
    }

    /// Titles made once: the lists are compared on every step.
    public static let pendingTitles = (0..<Capacity.clients).map { "pending rides of \(ClientID($0))" }
    public static let doneTitles = (0..<Capacity.clients).map { "rides done by \(ClientID($0))" }
    public static let toldTitles = (0..<Capacity.clients).map { "taxis told to \(ClientID($0))" }
}

/// A row of a client's views, as both sides derive it: a plain value, put into words only for
/// a witness.
public enum ClientRow: Hashable, Sendable, CustomStringConvertible {
    /// A ride in his list of rides.
    case ride(RideRow)
    /// The taxi he was told of for a ride he waits for or rides in; nil: told of none.
    case taxiTold(ShownName<RouteID>, taxi: TaxiID?)

    public var description: String {
        switch self {
        case .ride(let row): row.description
        case .taxiTold(let route, let taxi): "\(route): \(taxi.map(\.description) ?? "no taxi told")"
        }
    }
}

/// A ride as the client's lists show it.
public struct RideRow: Hashable, Sendable, CustomStringConvertible {
    public let route: ShownName<RouteID>
    public let zone: ZoneID
    public let passengers: Int
    public let shared: Bool, reserved: Bool
    public let pickupAt: Int
    public let status: RouteStatus

    public init(_ route: ShownName<RouteID>, zone: ZoneID, passengers: Int, shared: Bool, reserved: Bool,
                at tick: Int, _ status: RouteStatus) {
        self.route = route
        self.zone = zone
        self.passengers = passengers
        self.shared = shared
        self.reserved = reserved
        self.pickupAt = tick
        self.status = status
    }

    public var description: String {
        "\(route) from \(zone), \(passengers) passenger\(passengers == 1 ? "" : "s")"
            + "\(shared ? ", shared" : "")\(reserved ? ", reserved" : ""), pickup at tick \(pickupAt), \(status)"
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
                            + "taxi the notification names is a view, derived and compared (taxis told to each "
                            + "client).",
                        source: "000 PF15, PF17"),
            NotModelled("The overall statistics under the list of rides",
                        reason: "The seed names them and defines none; the lists themselves are derived and compared.",
                        source: "000 PF20"),
        ]
    }
}
