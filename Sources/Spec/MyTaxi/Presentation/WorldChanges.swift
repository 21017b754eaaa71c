/// What changed between two worlds, for a person reading a trace: "d2 AVAILABLE→BUSY",
/// "queue z1 [d2,d3]→[d3]". Only fields that differ are named.
extension World {
    public func changes(to after: World, scope: Scope) -> [String] {
        var lines: [String] = []
        let before = self
        if before.clock != after.clock { lines.append("clock \(before.clock)→\(after.clock)") }
        for d in scope.driverIDs {
            let a = before.drivers[d.index], b = after.drivers[d.index]
            if a.statusRaw != b.statusRaw { lines.append("\(d) \(a.status)→\(b.status)") }
            if a.zoneRaw != b.zoneRaw { lines.append("\(d) zone \(a.zone.map(String.init(describing:)) ?? "-")→\(b.zone.map(String.init(describing:)) ?? "-")") }
            if a.taxiRaw != b.taxiRaw { lines.append("\(d) taxi \(a.taxi.map(String.init(describing:)) ?? "-")→\(b.taxi.map(String.init(describing:)) ?? "-")") }
            if a.refusals != b.refusals { lines.append("\(d) refusals \(a.refusals)→\(b.refusals)") }
            if a.suspended != b.suspended { lines.append("\(d) \(b.suspended ? "suspended" : "no longer suspended")") }
            if a.emailConfirmed != b.emailConfirmed { lines.append("\(d) email confirmed") }
            if a.activated != b.activated { lines.append("\(d) activated") }
        }
        for c in scope.clientIDs {
            let a = before.clients[c.index], b = after.clients[c.index]
            if a.emailConfirmed != b.emailConfirmed { lines.append("\(c) email confirmed") }
            if a.cards != b.cards { lines.append("\(c) cards \(a.cards)→\(b.cards)") }
        }
        for t in scope.taxiIDs where before.taxiOwners[t.index] != after.taxiOwners[t.index] {
            lines.append("\(t) owners \(list(scope.driverIDs.filter { before.owns($0, t) }))→\(list(scope.driverIDs.filter { after.owns($0, t) }))")
        }
        for z in scope.zoneIDs {
            let a = before.queue(z), b = after.queue(z)
            if a != b { lines.append("queue \(z) \(list(a))→\(list(b))") }
        }
        for r in scope.routeIDs {
            let a = before.routes[r.index], b = after.routes[r.index]
            if a.statusRaw != b.statusRaw {
                var text = "\(r) \(a.status)→\(b.status)"
                if a.status == .unused {
                    text += " (\(scope.client(of: r)), zone \(b.zone), \(b.passengers) passenger\(b.passengers == 1 ? "" : "s")\(b.isShared ? ", shared" : "")\(b.isReserved ? ", pickup at tick \(b.pickupAt)" : ""))"
                }
                lines.append(text)
            }
            if a.offeredToRaw != b.offeredToRaw {
                lines.append(b.offeredTo.map { "\(r) offered to \($0)" } ?? "\(r) offer to \(a.offeredTo!) ended")
            }
            if a.pickupAt != b.pickupAt && a.status != .unused { lines.append("\(r) pickup tick \(a.pickupAt)→\(b.pickupAt)") }
            if a.joinedRaw != b.joinedRaw { lines.append("\(r) joined \(a.joined.map(String.init(describing:)) ?? "-")→\(b.joined.map(String.init(describing:)) ?? "-")") }
            if a.paid != b.paid { lines.append("\(r) paid") }
        }
        for i in 0..<scope.routes {
            let a = before.rides[i], b = after.rides[i], ride = RideID(i)
            if !a.exists && b.exists {
                lines.append("\(ride) created: \(b.driver) in \(b.taxi) with \(list(after.routes(of: ride)))")
            } else if a.exists && !b.exists {
                lines.append("\(ride) dissolved")
            } else if a.routeMask != b.routeMask {
                lines.append("\(ride) routes \(list(before.routes(of: ride)))→\(list(after.routes(of: ride)))")
            }
        }
        if before.pendingRequests != after.pendingRequests {
            lines.append("dispatch line \(list(before.pendingRequests))→\(list(after.pendingRequests))")
        }
        return lines
    }

    /// A one-paragraph summary of the whole world, for the first state of a trace.
    public func summary(scope: Scope) -> String {
        var parts: [String] = ["clock \(clock)"]
        for d in scope.driverIDs {
            let driver = drivers[d.index]
            var text = "\(d) \(driver.status)"
            if let zone = driver.zone { text += " in \(zone)" }
            if let taxi = driver.taxi { text += " with \(taxi)" }
            if !driver.emailConfirmed { text += " (unconfirmed)" } else if !driver.activated { text += " (not activated)" }
            parts.append(text)
        }
        for z in scope.zoneIDs { parts.append("queue \(z) \(list(queue(z)))") }
        return parts.joined(separator: "; ")
    }
}
