import Checker

/// What a passenger is shown of his bookings, derived from the state: the Pending bookings
/// (UC23: not yet travelled and paid) and the Previous bookings (UC24: travelled and paid,
/// with what each cost and how it was paid), latest pickup first. The seed gives no order;
/// latest first is ours, and among bookings picked up at the same minute the one made later
/// comes first (creation order, not the booking id, which wraps from 999999 to 100000).
extension CabBookingModel: UserFacing {
    public func shown(in world: CabWorld) -> [ShownView<BookingRow>] {
        (0..<scope.passengers).flatMap { p in
            [ShownView(Self.pendingTitles[p], listed(of: p, world, where: \.isLive).map { b in
                let booking = world.bookings[b]
                return .pending(.slot(BookingSlot(b)), booking.type, at: booking.pickup, booking.pickupAt,
                                booking.status)
            }),
             ShownView(Self.previousTitles[p], listed(of: p, world, where: { $0 == .completed }).map { b in
                let booking = world.bookings[b]
                return .previous(.slot(BookingSlot(b)), at: booking.pickupAt, fare: booking.fare, booking.payment,
                                 promo: booking.promo)
            })]
        }
    }

    /// The views' titles, made once: the views are compared on every step.
    public static let pendingTitles = (0..<CabWorld.passengerCapacity).map { "pending bookings of p\($0 + 1)" }
    public static let previousTitles = (0..<CabWorld.passengerCapacity).map { "previous bookings of p\($0 + 1)" }

    /// Passenger p's booking slots whose status passes `include`, latest pickup first.
    private func listed(of p: Int, _ world: CabWorld, where include: (BookingStatus) -> Bool) -> [Int] {
        (0..<scope.bookings)
            .filter { b in
                let booking = world.bookings[b]
                return booking.status != .unused && booking.owner == p && include(booking.status)
            }
            .sorted { (world.bookings[$0].pickupAt, $0) > (world.bookings[$1].pickupAt, $1) }
    }
}

/// A booking slot of the Spec's, b1 first.
public struct BookingSlot: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public var description: String { "b\(index + 1)" }
}

/// A row of the Pending or the Previous bookings, as both sides derive it: a plain value, put
/// into words only for a witness.
public enum BookingRow: Hashable, Sendable, CustomStringConvertible {
    /// A booking not yet travelled and paid: its cab type, pickup point and minute, status.
    case pending(ShownName<BookingSlot>, CabType, at: UInt8, UInt8, BookingStatus)
    /// A travel done: when, what it cost and how it was paid.
    case previous(ShownName<BookingSlot>, at: UInt8, fare: UInt32, PaymentState, promo: Bool)

    public var description: String {
        switch self {
        case .pending(let slot, let type, let point, let pickupAt, let status):
            "\(slot) \(type) at L\(point) \(pickupAt) min \(status)"
        case .previous(let slot, let pickupAt, let fare, let payment, let promo):
            "\(slot) at \(pickupAt) min \(fare) paise by \(payment)" + (promo ? " with the promo" : "")
        }
    }
}

extension CabBookingModel {
    /// What the passenger sees or pays that the model leaves out, each a decision.
    public var notModelled: [NotModelled] {
        [
            NotModelled("The words of each SMS and e-mail",
                        reason: "The Spec keeps the id of the message the passenger was last shown (M01-M38), which is "
                            + "what he acts on; the seed's table of messages was an image, so it fixes no words. The "
                            + "adapter keys the search by how many went out (hidden state).",
                        source: "004 UC01 step 10, UC06 step 11, UC13"),
            NotModelled("Tolls the driver adds at the end of a travel",
                        reason: "An amount the driver types, added to the fare as typed; the conformance runs pass "
                            + "none. The chart, the waiting charge and the promo, which the service computes, are "
                            + "modelled.",
                        source: "004 UC13 step 4"),
            NotModelled("The tracking map and the cab's position on it",
                        reason: "Polled every 30 seconds (D25), below the model's minute; the Spec judges when a "
                            + "booking may be tracked (UC11's precondition), not what the map draws.",
                        source: "004 UC11, UC21"),
            NotModelled("The order of the favourites list, the rating and words of a feedback",
                        reason: "The seed orders no list of favourites and reads no feedback back to the passenger; "
                            + "the Spec keeps the saved places and that a feedback was given, once.",
                        source: "004 UC20, UC24"),
        ]
    }
}
