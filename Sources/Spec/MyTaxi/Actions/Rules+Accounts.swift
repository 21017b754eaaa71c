/// Registration, activation, credit cards and taxis (000 PF00-PF07; 001 #18).
extension Rules {
    func confirmClientEmail(_ c: ClientID, _ world: inout World) -> Bool {
        guard inScope(c), !world.clients[c.index].emailConfirmed else { return false }
        world.clients[c.index].emailConfirmed = true
        return true
    }

    func confirmDriverEmail(_ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(d), !world.drivers[d.index].emailConfirmed else { return false }
        world.drivers[d.index].emailConfirmed = true
        return true
    }

    /// Decision: an administrator activates only accounts whose email is confirmed (001
    /// 4.3.8 evaluates "pending activation requests"; an unconfirmed account has not asked).
    func activateDriver(_ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(d), world.drivers[d.index].emailConfirmed, !world.drivers[d.index].activated else { return false }
        world.drivers[d.index].activated = true
        return true
    }

    func addCard(_ c: ClientID, _ world: inout World) -> Bool {
        guard inScope(c), world.clients[c.index].emailConfirmed, Int(world.clients[c.index].cards) < scope.maxCards else { return false }
        world.clients[c.index].cards += 1
        return true
    }

    func deleteCard(_ c: ClientID, _ world: inout World) -> Bool {
        guard inScope(c), world.clients[c.index].cards > 0 else { return false }
        world.clients[c.index].cards -= 1
        return true
    }

    /// Decision: a taxi may be registered by several drivers (Alloy's Taxi.drivers is
    /// `some`), for drivers who share a car in shifts; only activated drivers register taxis.
    @inline(__always)
    func addTaxi(_ d: DriverID, _ t: TaxiID, _ world: inout World) -> Bool {
        guard inScope(d), inScope(t), world.drivers[d.index].activated, !world.owns(d, t) else { return false }
        world.taxiOwners[t.index] |= 1 << d.raw
        return true
    }
}
