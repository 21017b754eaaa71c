import Checker
import ModelKit

/// A cab booking state in its JSON shape, the vocabulary of trace files, reports and a service
/// under test: passengers, the bookings made and the cabs by name, statuses and the message
/// shown as words, minutes and paise as whole numbers.
extension CabWorld: DeclaredState {
    public static var fields: [StateField<(state: CabWorld, scope: CabScope)>] {
        [
            .number("now") { Int($0.state.now) },
            .word("lastMessage", among: CabMessage.allCases.map(\.description)) { $0.state.lastMessage.description },
            .entities(
                "passengers", "p", { whole in (0..<whole.scope.passengers).map { ($0, whole.state.passengers[$0]) } },
                fields: passenger),
            .entities(
                "bookings", "b",
                { whole in
                    (0..<whole.scope.bookings).filter { whole.state.bookings[$0].status != .unused }.map {
                        ($0, whole.state.bookings[$0])
                    }
                }, fields: booking),
            .entities("cabs", "c", { whole in (0..<whole.scope.cabs).map { ($0, whole.state.cabs[$0]) } }, fields: cab),
        ]
    }

    static let types = CabType.allCases.map(\.description)

    static var passenger: [StateField<PassengerRecord>] {
        [
            .flag("session") { $0.session }, .number("failures") { Int($0.failures) },
            .number("suspendedUntil") { Int($0.suspendedUntil) },
            .word("type", among: types) { "\($0.selectedType)" }, .flag("wallet") { $0.walletEnrolled },
            .number("balance") { Int($0.balance) }, .flag("promo") { $0.promoAvailable },
            .flag("registered") { $0.registered },
            // The index of the scope's e-mail address and mobile number the passenger registered with.
            .number("email") { Int($0.email) }, .number("mobile") { Int($0.mobile) },
            .number("passwordVersion") { Int($0.passwordVersion) },
            // The favourite places saved, a bit per place of the scope.
            .number("favourites") { Int($0.favourites) }, .flag("refillCredited") { $0.refillCredited },
        ]
    }

    static var booking: [StateField<BookingRecord>] {
        [
            .word("status", among: BookingStatus.allCases.map(\.description)) { "\($0.status)" },
            .name("owner", "p") { Int($0.owner) }, .flag("later") { $0.isLater },
            .word("type", among: types) { "\($0.type)" }, .name("pickup", "L", from: 0) { Int($0.pickup) },
            .number("pickupAt") { Int($0.pickupAt) }, .number("createdAt") { Int($0.createdAt) },
            .name("cab", "c", optional: true) { $0.cab == CabWorld.none ? nil : Int($0.cab) },
            .number("cabDueAt") { Int($0.cabDueAt) }, .number("arrivedAt") { Int($0.arrivedAt) },
            .number("boardedAt") { Int($0.boardedAt) }, .number("fare") { Int($0.fare) },
            .word("payment", among: PaymentState.allCases.map(\.description)) { "\($0.payment)" },
            .flag("feedback") { $0.feedback }, .flag("promo") { $0.promo }, .flag("promoApplied") { $0.promoApplied },
        ]
    }

    static var cab: [StateField<CabRecord>] {
        [
            .word("type", among: types) { "\($0.type)" }, .name("at", "L", from: 0) { Int($0.location) },
            .name("booking", "b", optional: true) { $0.booking == CabWorld.none ? nil : Int($0.booking) },
        ]
    }
}
