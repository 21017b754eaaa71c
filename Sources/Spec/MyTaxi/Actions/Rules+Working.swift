/// Starting and stopping work and moving between zones (000 PF08, PF27; 002 3.2.5).
extension Rules {
    /// The driver joins the back of the queue of the zone he is in (000 1.2) with a taxi he
    /// registered that no other working driver is using. Suspended drivers cannot work.
    func startWorking(_ d: DriverID, _ t: TaxiID, _ z: ZoneID, _ world: inout World) -> Bool {
        guard inScope(d), inScope(t), inScope(z) else { return false }
        let driver = world.drivers[d.index]
        guard driver.emailConfirmed, driver.activated, !driver.suspended, driver.status == .offline,
              world.owns(d, t), !taxiInUse(t, world)
        else { return false }
        world.drivers[d.index].status = .available
        world.drivers[d.index].zone = z
        world.drivers[d.index].taxi = t
        world.enqueue(d, taxi: t, in: z)
        return true
    }

    /// Whether a driver at work (available or busy) has taxi `t`: nobody else can start
    /// working with it.
    @inline(__always)
    func taxiInUse(_ t: TaxiID, _ world: World) -> Bool {
        scope.driverIDs.contains(where: { world.drivers[$0.index].status != .offline && world.drivers[$0.index].taxiRaw == t.raw })
    }

    /// Decision: only an AVAILABLE driver stops working; a busy one first completes, or
    /// cancels the ride (PF23). An offer he holds is withdrawn, not counted as a refusal.
    func stopWorking(_ d: DriverID, _ world: inout World) -> Bool {
        guard inScope(d), world.drivers[d.index].status == .available else { return false }
        withdrawOffer(to: d, in: &world)
        world.dequeue(d)
        world.drivers[d.index].status = .offline
        world.drivers[d.index].zone = nil
        world.drivers[d.index].taxi = nil
        return true
    }

    /// PF27: an available driver who enters another zone leaves one queue and joins the
    /// back of the other (R1: no ride in progress).
    func changeZone(_ d: DriverID, _ z: ZoneID, _ world: inout World) -> Bool {
        guard inScope(d), inScope(z), world.drivers[d.index].status == .available,
              world.drivers[d.index].zoneRaw != z.raw, let taxi = world.drivers[d.index].taxi
        else { return false }
        withdrawOffer(to: d, in: &world)
        world.dequeue(d)
        world.drivers[d.index].zone = z
        world.enqueue(d, taxi: taxi, in: z)
        return true
    }
}
