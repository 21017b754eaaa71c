import CabBookingSpec
import Checker

/// How a cab booking trace is shown to a reviewer.
extension CabBookingPlugin {
    public func summary(of world: CabWorld, bounds scope: CabScope) -> String { CabPresentation.summary(world, scope: scope) }

    /// One change per field that differs, "FIELD BEFORE→AFTER".
    public func changes(from before: CabWorld, to after: CabWorld, bounds scope: CabScope) -> [StateChange] {
        var lines: [StateChange] = []
        func compare<T: Equatable>(_ field: String, _ a: T, _ b: T, _ show: (T) -> String = { "\($0)" }) {
            if a != b { lines.append(StateChange(field, show(a), show(b))) }
        }
        compare("minute", before.now, after.now)
        compare("message", before.lastMessage, after.lastMessage)
        for p in 0..<scope.passengers {
            let a = before.passengers[p], b = after.passengers[p], name = "p\(p + 1)"
            compare("\(name) registered", a.registered, b.registered)
            compare("\(name) e-mail", a.email, b.email) { "e\($0)" }
            compare("\(name) mobile", a.mobile, b.mobile) { "m\($0)" }
            compare("\(name) password", a.passwordVersion, b.passwordVersion) { "#\($0)" }
            compare("\(name) favourites", a.favourites, b.favourites) { bits in (0..<8).filter { bits & (1 << $0) != 0 }.map { "F\($0)" }.joined(separator: ",") }
            compare("\(name) refill credited", a.refillCredited, b.refillCredited)
            compare("\(name) session", a.session, b.session) { $0 ? "in" : "out" }
            compare("\(name) failures", a.failures, b.failures)
            compare("\(name) suspended until", a.suspendedUntil, b.suspendedUntil) { $0 == 0 ? "-" : "\($0)" }
            compare("\(name) type", a.selectedType, b.selectedType)
            compare("\(name) balance", a.balance, b.balance)
            compare("\(name) promo available", a.promoAvailable, b.promoAvailable)
        }
        for booking in 0..<scope.bookings {
            let a = before.bookings[booking], b = after.bookings[booking], name = "b\(booking + 1)"
            compare(name, a.status, b.status)
            compare("\(name) cab", a.cab, b.cab) { $0 == CabWorld.none ? "-" : "c\(Int($0) + 1)" }
            compare("\(name) due", a.cabDueAt, b.cabDueAt)
            compare("\(name) fare", a.fare, b.fare)
            compare("\(name) payment", a.payment, b.payment)
            compare("\(name) feedback", a.feedback, b.feedback)
            compare("\(name) promo discount", a.promoApplied, b.promoApplied)
            if a.status == .unused && b.status != .unused {
                lines.append(StateChange(note: "\(name) for p\(Int(b.owner) + 1): \(b.type) at L\(b.pickup), "
                                         + "pickup at minute \(b.pickupAt)"
                                         + (b.isLater ? " (later)" : "") + (b.promo ? " with the promo code" : "")))
            }
        }
        for c in 0..<scope.cabs {
            let a = before.cabs[c], b = after.cabs[c], name = "c\(c + 1)"
            compare("\(name) at", a.location, b.location) { "L\($0)" }
            compare("\(name) booking", a.booking, b.booking) { $0 == CabWorld.none ? "-" : "b\(Int($0) + 1)" }
        }
        return lines
    }

    /// The entity names in a witness sentence (p1, b2, c3, L0).
    public func entities(in witness: String) -> Set<String> {
        Set(witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
            ["p", "b", "c", "L"].contains { word.hasPrefix($0) && Int(word.dropFirst()) != nil }
        })
    }
}
