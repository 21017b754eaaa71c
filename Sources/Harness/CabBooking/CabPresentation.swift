import CabBookingSpec

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
}
