import Checker
import CabBookingSpec
import ModelKit

/// A cab booking world in words, for traces and divergences.
public enum CabPresentation {
    public static func summary(_ world: CabWorld, scope: CabScope) -> String {
        var parts = ["minute \(world.now)", "message \(world.lastMessage)"]
        for p in 0..<scope.passengers {
            let r = world.passengers[p]
            guard r.registered else {
                parts.append("p\(p + 1) unregistered")
                continue
            }
            let favourites = (0..<8).filter { r.favourites & (1 << $0) != 0 }.map { "F\($0)" }
            parts.append("p\(p + 1) e\(r.email) m\(r.mobile) password #\(r.passwordVersion) \(r.session ? "in" : "out") \(r.selectedType) \(r.balance) paise failures \(r.failures)"
                         + (r.isSuspended ? " suspended until \(r.suspendedUntil)" : "") + (favourites.isEmpty ? "" : " favourites \(favourites.joined(separator: ","))"))
        }
        for b in 0..<scope.bookings where world.bookings[b].status != .unused {
            let r = world.bookings[b]
            parts.append("b\(b + 1) \(r.status) p\(Int(r.owner) + 1) \(r.type) L\(r.pickup) at \(r.pickupAt) made \(r.createdAt)\(r.cab == CabWorld.none ? "" : " c\(Int(r.cab) + 1) due \(r.cabDueAt)")\(r.payment == .unpaid ? "" : " \(r.payment) \(r.fare)")")
        }
        for c in 0..<scope.cabs {
            let r = world.cabs[c]
            parts.append("c\(c + 1) \(r.type) at L\(r.location)\(r.booking == CabWorld.none ? "" : " for b\(Int(r.booking) + 1)")")
        }
        return parts.joined(separator: "; ")
    }

    /// One change per field that differs, "FIELD BEFORE→AFTER": the trace's changes and the
    /// divergence witness, in the same words.
    public static func changes(from before: CabWorld, to after: CabWorld, scope: CabScope) -> [StateChange] {
        var lines: [StateChange] = []
        lines.compare("minute", before.now, after.now)
        lines.compare("message", before.lastMessage, after.lastMessage)
        for p in 0..<scope.passengers {
            let a = before.passengers[p], b = after.passengers[p], name = "p\(p + 1)"
            lines.compare("\(name) registered", a.registered, b.registered)
            lines.compare("\(name) e-mail", a.email, b.email) { "e\($0)" }
            lines.compare("\(name) mobile", a.mobile, b.mobile) { "m\($0)" }
            lines.compare("\(name) password", a.passwordVersion, b.passwordVersion) { "#\($0)" }
            lines.compare("\(name) favourites", a.favourites, b.favourites) { bits in
                (0..<8).filter { bits & (1 << $0) != 0 }.map { "F\($0)" }.joined(separator: ",")
            }
            lines.compare("\(name) refill credited", a.refillCredited, b.refillCredited)
            lines.compare("\(name) session", a.session, b.session) { $0 ? "in" : "out" }
            lines.compare("\(name) failures", a.failures, b.failures)
            lines.compare("\(name) suspended until", a.suspendedUntil, b.suspendedUntil) { $0 == 0 ? "-" : "\($0)" }
            lines.compare("\(name) type", a.selectedType, b.selectedType)
            lines.compare("\(name) balance", a.balance, b.balance)
            lines.compare("\(name) promo available", a.promoAvailable, b.promoAvailable)
        }
        for booking in 0..<scope.bookings {
            let a = before.bookings[booking], b = after.bookings[booking], name = "b\(booking + 1)"
            lines.compare(name, a.status, b.status)
            lines.compare("\(name) cab", a.cab, b.cab) { $0 == CabWorld.none ? "-" : "c\(Int($0) + 1)" }
            lines.compare("\(name) due", a.cabDueAt, b.cabDueAt)
            lines.compare("\(name) fare", a.fare, b.fare)
            lines.compare("\(name) payment", a.payment, b.payment)
            lines.compare("\(name) feedback", a.feedback, b.feedback)
            lines.compare("\(name) promo discount", a.promoApplied, b.promoApplied)
            if a.status == .unused && b.status != .unused {
                lines.append(StateChange(note: "\(name) for p\(Int(b.owner) + 1): \(b.type) at L\(b.pickup), "
                                         + "pickup at minute \(b.pickupAt)"
                                         + (b.isLater ? " (later)" : "") + (b.promo ? " with the promo code" : "")))
            }
        }
        for c in 0..<scope.cabs {
            let a = before.cabs[c], b = after.cabs[c], name = "c\(c + 1)"
            lines.compare("\(name) at", a.location, b.location) { "L\($0)" }
            lines.compare("\(name) booking", a.booking, b.booking) { $0 == CabWorld.none ? "-" : "b\(Int($0) + 1)" }
        }
        return lines
    }
}
