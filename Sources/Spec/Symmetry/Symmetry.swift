/// Canonical forms under renaming of interchangeable entities.
///
/// Which sets are symmetric (nothing in the rules depends on their numbers):
/// - drivers, always;
/// - taxis, always (a taxi is only ever named through its owners and users);
/// - clients, in scopes of at most two clients. With three or more, two rules break ties by
///   client number: which joiner leads a group whose leader cancelled, and which route leads
///   a ride whose driver cancelled (both documented in Rules+Requests and Rules+Rides).
///
/// The canonical form is the smallest renamed world (compared as bytes) over a set of
/// renamings that is the same for every member of a symmetry class, which makes it exact:
/// drivers are ordered by a signature that does not mention any other entity's name
/// (ties are tried in every order), and every permutation of taxis, and of clients when they
/// are symmetric, is tried.
public struct Symmetry: Sendable {
    public let scope: Scope

    public init(scope: Scope) { self.scope = scope }

    public var clientsAreSymmetric: Bool { scope.clients <= 2 }

    /// A renaming: new index of each driver, taxi and client.
    struct Renaming {
        var drivers: [UInt8]
        var taxis: [UInt8]
        var clients: [UInt8]
    }

    public func canonicalForm(of world: World) -> World {
        var keys: [(key: UInt64, driver: Int)] = []
        keys.reserveCapacity(scope.drivers)
        for d in 0..<scope.drivers { keys.append((signature(of: d, in: world), d)) }
        keys.sort { $0.key < $1.key || ($0.key == $1.key && $0.driver < $1.driver) }
        var groups: [Range<Int>] = []
        var start = 0
        for i in 1...max(1, scope.drivers) where i == scope.drivers || keys[i].key != keys[start].key {
            if i - start > 1 { groups.append(start..<i) }
            start = i
        }
        var driverOrder = keys.map(\.driver)
        return smallest(world, driverGroups: groups, driverOrder: &driverOrder)
    }

    /// The reference canonical form for measuring the fast one: every permutation of every
    /// symmetric set. Exact by construction and slow.
    public func exhaustiveCanonicalForm(of world: World) -> World {
        var driverOrder = Array(0..<scope.drivers)
        return smallest(world, driverGroups: scope.drivers > 1 ? [0..<scope.drivers] : [], driverOrder: &driverOrder)
    }

    /// The smallest renaming over the driver orders allowed by `driverGroups` and every
    /// order of taxis and (if symmetric) clients.
    func smallest(_ world: World, driverGroups: [Range<Int>], driverOrder: inout [Int]) -> World {
        // Only renamed worlds compete: the world as given is not a candidate unless its own
        // order is one of those tried, or the form would depend on how the state was named.
        var best: World?
        var taxiOrder = Array(0..<scope.taxis)
        var clientOrder = Array(0..<scope.clients)
        let taxiGroups = scope.taxis > 1 ? [0..<scope.taxis] : []
        let clientGroups = clientsAreSymmetric && scope.clients > 1 ? [0..<scope.clients] : []
        permute(groups: driverGroups[...], order: &driverOrder) { drivers in
            permute(groups: taxiGroups[...], order: &taxiOrder) { taxis in
                permute(groups: clientGroups[...], order: &clientOrder) { clients in
                    let renamed = rename(world, Renaming(drivers: inverse(drivers), taxis: inverse(taxis), clients: inverse(clients)))
                    if best == nil || less(renamed, best!) { best = renamed }
                }
            }
        }
        return best!
    }

    func inverse(_ order: [Int]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: max(1, order.count))
        for (position, entity) in order.enumerated() { result[entity] = UInt8(position) }
        return result
    }

    /// Visits every order of the entities inside each group, by backtracking.
    func permute(groups: ArraySlice<Range<Int>>, order: inout [Int], _ visit: ([Int]) -> Void) {
        guard let group = groups.first else { visit(order); return }
        let rest = groups.dropFirst()
        func place(_ position: Int) {
            if position == group.upperBound { permute(groups: rest, order: &order, visit); return }
            for other in position..<group.upperBound {
                order.swapAt(position, other)
                place(position + 1)
                order.swapAt(position, other)
            }
        }
        place(group.lowerBound)
    }

    /// What a driver looks like with every other entity's name left out, so that renaming
    /// taxis or clients does not change it.
    func signature(of d: Int, in world: World) -> UInt64 {
        let driver = world.drivers[d]
        var key: UInt64 = 0
        func put(_ value: UInt8) { key = key &* 257 &+ UInt64(value) }
        put(driver.emailConfirmed ? 1 : 0); put(driver.activated ? 1 : 0); put(driver.statusRaw)
        put(driver.zoneRaw); put(driver.taxiRaw == noEntity ? 0 : 1); put(driver.refusals); put(driver.suspended ? 1 : 0)
        var position: UInt8 = 0xFF
        for z in 0..<scope.zones {
            for slot in 0..<Int(world.queueLength[z]) where world.queueDrivers[z * World.queueSlots + slot] == UInt8(d) {
                position = UInt8(z * World.queueSlots + slot)
            }
        }
        put(position)
        var owned: UInt8 = 0
        for t in 0..<scope.taxis where world.taxiOwners[t] & (1 << UInt8(d)) != 0 { owned += 1 }
        put(owned)
        var offered: UInt8 = 0, rides: UInt8 = 0
        for r in 0..<scope.routes {
            if world.routes[r].offeredToRaw == UInt8(d) { offered += 1 }
            if world.rides[r].driverRaw == UInt8(d) { rides += 1 }
        }
        put(offered); put(rides)
        return key
    }

    /// The world with every entity renamed.
    func rename(_ world: World, _ renaming: Renaming) -> World {
        var next = world
        let perClient = scope.routesPerClient
        func driver(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.drivers[Int(raw)] }
        func taxi(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.taxis[Int(raw)] }
        func slot(_ raw: UInt8) -> UInt8 {
            guard raw != noEntity, clientsAreSymmetric else { return raw }
            let client = Int(raw) / perClient
            return UInt8(Int(renaming.clients[client]) * perClient + Int(raw) % perClient)
        }
        for d in 0..<scope.drivers {
            var record = world.drivers[d]
            record.taxiRaw = taxi(record.taxiRaw)
            next.drivers[Int(renaming.drivers[d])] = record
        }
        if clientsAreSymmetric {
            for c in 0..<scope.clients { next.clients[Int(renaming.clients[c])] = world.clients[c] }
        }
        for t in 0..<scope.taxis {
            var owners: UInt8 = 0
            for d in 0..<scope.drivers where world.taxiOwners[t] & (1 << UInt8(d)) != 0 { owners |= 1 << renaming.drivers[d] }
            next.taxiOwners[Int(renaming.taxis[t])] = owners
        }
        for position in 0..<(Capacity.zones * World.queueSlots) {
            next.queueDrivers[position] = driver(world.queueDrivers[position])
            next.queueTaxis[position] = taxi(world.queueTaxis[position])
        }
        for r in 0..<scope.routes {
            var route = world.routes[r]
            route.offeredToRaw = driver(route.offeredToRaw)
            route.rideRaw = slot(route.rideRaw)
            route.joinedRaw = slot(route.joinedRaw)
            next.routes[Int(slot(UInt8(r)))] = route
            var ride = world.rides[r]
            ride.driverRaw = driver(ride.driverRaw)
            ride.taxiRaw = taxi(ride.taxiRaw)
            var mask: UInt8 = 0
            for member in 0..<scope.routes where ride.routeMask & (1 << UInt8(member)) != 0 { mask |= 1 << slot(UInt8(member)) }
            ride.routeMask = mask
            next.rides[Int(slot(UInt8(r)))] = ride
        }
        for position in 0..<Int(world.dispatchCount) { next.dispatchLine[position] = slot(world.dispatchLine[position]) }
        return next
    }

    func less(_ a: World, _ b: World) -> Bool {
        withUnsafeBytes(of: a) { left in
            withUnsafeBytes(of: b) { right in left.lexicographicallyPrecedes(right) }
        }
    }
}
