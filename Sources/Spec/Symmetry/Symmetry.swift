/// Canonical forms under renaming of interchangeable drivers.
///
/// Drivers are interchangeable: nothing in the rules depends on a driver's number. Taxis
/// are too, but only together with their owners, and clients own route slots whose indices
/// order the dispatch line; renaming those is future work (the catalogue says so). The
/// canonical form renames drivers so that their descriptions, sorted, come first: a
/// description is the driver's own record with every reference to other drivers left out,
/// plus where he stands (queue and position, offers, rides). Ties between drivers with
/// equal descriptions are broken by trying their permutations, which keeps the form exact.
public struct Symmetry: Sendable {
    public let scope: Scope

    public init(scope: Scope) { self.scope = scope }

    public func canonicalForm(of world: World) -> World {
        let count = scope.drivers
        guard count > 1 else { return world }
        var keys: [(key: UInt64, driver: Int)] = []
        keys.reserveCapacity(count)
        for d in 0..<count { keys.append((signature(of: d, in: world), d)) }
        keys.sort { $0.key < $1.key || ($0.key == $1.key && $0.driver < $1.driver) }
        // Groups of equal signatures: try every order inside them, keep the smallest world.
        var best: World?
        var order = keys.map(\.driver)
        var groups: [Range<Int>] = []
        var start = 0
        for i in 1...count where i == count || keys[i].key != keys[start].key {
            if i - start > 1 { groups.append(start..<i) }
            start = i
        }
        permute(groups: groups[...], order: &order) { candidate in
            let renamed = rename(world, newIndexOf: inverse(candidate))
            if best == nil || less(renamed, best!) { best = renamed }
        }
        return best!
    }

    func inverse(_ order: [Int]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: Capacity.drivers)
        for (position, driver) in order.enumerated() { result[driver] = UInt8(position) }
        return result
    }

    /// Visits every order of the drivers inside each group, by backtracking.
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

    /// What a driver looks like with the names of other drivers left out.
    func signature(of d: Int, in world: World) -> UInt64 {
        let driver = world.drivers[d]
        var key: UInt64 = 0
        func put(_ value: UInt8) { key = key &* 257 &+ UInt64(value) }
        put(driver.emailConfirmed ? 1 : 0); put(driver.activated ? 1 : 0); put(driver.statusRaw)
        put(driver.zoneRaw); put(driver.taxiRaw); put(driver.refusals); put(driver.suspended ? 1 : 0)
        var position: UInt8 = 0xFF
        for z in 0..<scope.zones {
            for slot in 0..<Int(world.queueLength[z]) where world.queueDrivers[z * 4 + slot] == UInt8(d) { position = UInt8(z * 4 + slot) }
        }
        put(position)
        var owned: UInt8 = 0
        for t in 0..<scope.taxis where world.taxiOwners[t] & (1 << UInt8(d)) != 0 { owned |= 1 << UInt8(t) }
        put(owned)
        var offered: UInt8 = 0xFF, rides: UInt8 = 0
        for r in 0..<scope.routes {
            if world.routes[r].offeredToRaw == UInt8(d) { offered = UInt8(r) }
            if world.rides[r].driverRaw == UInt8(d) { rides |= 1 << UInt8(r) }
        }
        put(offered); put(rides)
        return key
    }

    /// The world with driver i renamed to newIndex[i].
    func rename(_ world: World, newIndexOf newIndex: [UInt8]) -> World {
        var next = world
        func map(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : newIndex[Int(raw)] }
        for d in 0..<scope.drivers { next.drivers[Int(newIndex[d])] = world.drivers[d] }
        for t in 0..<scope.taxis {
            var owners: UInt8 = 0
            for d in 0..<scope.drivers where world.taxiOwners[t] & (1 << UInt8(d)) != 0 { owners |= 1 << newIndex[d] }
            next.taxiOwners[t] = owners
        }
        for slot in 0..<12 { next.queueDrivers[slot] = map(world.queueDrivers[slot]) }
        for r in 0..<scope.routes {
            next.routes[r].offeredToRaw = map(world.routes[r].offeredToRaw)
            next.rides[r].driverRaw = map(world.rides[r].driverRaw)
        }
        return next
    }

    func less(_ a: World, _ b: World) -> Bool {
        withUnsafeBytes(of: a) { left in
            withUnsafeBytes(of: b) { right in left.lexicographicallyPrecedes(right) }
        }
    }
}
