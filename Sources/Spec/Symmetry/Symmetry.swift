#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
///
/// It runs on every successor the explorer generates, so nothing in it allocates: a
/// permutation is four bytes inline, the permutations of taxis and clients are listed once
/// per scope, and drivers' orders are the listed permutations that keep each tie group in
/// place.
public struct Symmetry: Sendable {
    public let scope: Scope
    /// Every permutation of the drivers, of the taxis, and of the clients (only the identity
    /// when clients are not symmetric).
    let driverPermutations: [Permutation]
    let taxiPermutations: [Permutation]
    let clientPermutations: [Permutation]

    public init(scope: Scope) {
        self.scope = scope
        driverPermutations = Permutation.all(of: scope.drivers)
        taxiPermutations = Permutation.all(of: scope.taxis)
        clientPermutations = scope.clients <= 2 ? Permutation.all(of: scope.clients) : [Permutation.identity]
    }

    public var clientsAreSymmetric: Bool { scope.clients <= 2 }

    /// New indices for up to four entities: entity `i` becomes `self[i]`.
    struct Permutation: Sendable, ExpressibleByArrayLiteral {
        var targets = InlineArray<4, UInt8>(repeating: 0)

        static let identity: Permutation = [0, 1, 2, 3]

        init(arrayLiteral elements: UInt8...) {
            precondition(elements.count <= 4, "a permutation of at most four entities")
            for (entity, target) in elements.enumerated() { targets[entity] = target }
        }

        subscript(entity: Int) -> UInt8 {
            get { targets[entity] }
            set { targets[entity] = newValue }
        }

        /// Every permutation of `count` entities (the rest stay in place), identity first.
        static func all(of count: Int) -> [Permutation] {
            var result: [Permutation] = []
            var current = Permutation.identity
            func place(_ position: Int) {
                if position >= count { result.append(current); return }
                for other in position..<count {
                    current.targets.swapAt(position, other)
                    place(position + 1)
                    current.targets.swapAt(position, other)
                }
            }
            place(0)
            return result
        }
    }

    /// A renaming: new index of each driver, taxi and client.
    struct Renaming: Sendable {
        var drivers: Permutation
        var taxis: Permutation
        var clients: Permutation
    }

    public func canonicalForm(of world: World) -> World {
        // Drivers sorted by (signature, index); `group[k]` numbers the run of equal
        // signatures position k is in. Only orders that permute within runs are tried.
        var order = InlineArray<4, Int>(repeating: 0)
        var keys = InlineArray<4, UInt64>(repeating: 0)
        for d in 0..<scope.drivers {
            let key = signature(of: d, in: world)
            var position = d
            while position > 0 && keys[position - 1] > key {
                keys[position] = keys[position - 1]
                order[position] = order[position - 1]
                position -= 1
            }
            keys[position] = key
            order[position] = d
        }
        var group = InlineArray<4, Int>(repeating: 0)
        for position in 1..<max(1, scope.drivers) {
            group[position] = keys[position] == keys[position - 1] ? group[position - 1] : group[position - 1] + 1
        }
        return smallest(world) { permutation in
            var renaming = Permutation.identity
            for position in 0..<scope.drivers {
                let target = Int(permutation[position])
                if group[target] != group[position] { return nil }
                renaming[order[position]] = UInt8(target)
            }
            return renaming
        }
    }

    /// The reference canonical form for measuring the fast one: every permutation of every
    /// symmetric set. Exact by construction and slow.
    public func exhaustiveCanonicalForm(of world: World) -> World {
        smallest(world) { $0 }
    }

    /// The smallest renaming of `world` over the driver renamings `drivers` makes of the
    /// listed permutations (nil: not allowed) and every order of taxis and (if symmetric)
    /// clients. Only renamed worlds compete: the world as given is a candidate only if its own
    /// order is one of those tried, or the form would depend on how the state was named.
    func smallest(_ world: World, drivers: (Permutation) -> Permutation?) -> World {
        // Two slots used in turn: each renaming is written into the spare one and, when it is
        // smaller, the two swap roles. Assigning whole worlds instead cost seven copies of
        // one per canonical form.
        withUnsafeTemporaryAllocation(of: World.self, capacity: 2) { slots in
            let base = slots.baseAddress!
            base.initialize(repeating: world, count: 2)
            defer { base.deinitialize(count: 2) }
            var best = base, spare = base + 1
            var found = false
            for permutation in driverPermutations {
                guard let driverRenaming = drivers(permutation) else { continue }
                for taxis in taxiPermutations {
                    for clients in clientPermutations {
                        rename(world, Renaming(drivers: driverRenaming, taxis: taxis, clients: clients), into: &spare.pointee)
                        if !found || less(spare, best) {
                            swap(&best, &spare)
                            found = true
                        }
                    }
                }
            }
            precondition(found, "the identity order is always allowed")
            return best.pointee
        }
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
        rename(world, renaming, into: &next)
        return next
    }

    /// The same, written into `next`, which is overwritten.
    func rename(_ world: World, _ renaming: Renaming, into next: inout World) {
        next = world
        // Where each route slot goes: a route moves with its client. Worked out once per
        // renaming (a division per route), not at every mention of a route; when no route
        // moves, as with one client, route names are left as they are.
        let perClient = scope.routesPerClient
        var slots = InlineArray<8, UInt8>(repeating: 0)
        var routesMove = false
        for r in 0..<scope.routes {
            let target = clientsAreSymmetric ? UInt8(Int(renaming.clients[r / perClient]) * perClient + r % perClient) : UInt8(r)
            slots[r] = target
            if target != UInt8(r) { routesMove = true }
        }
        func driver(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.drivers[Int(raw)] }
        func taxi(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.taxis[Int(raw)] }
        func slot(_ raw: UInt8) -> UInt8 { raw == noEntity || !routesMove ? raw : slots[Int(raw)] }
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
        // Only the slots in use: the rest hold no entity.
        for z in 0..<scope.zones {
            for position in (z * World.queueSlots)..<(z * World.queueSlots + min(Int(world.queueLength[z]), World.queueSlots)) {
                next.queueDrivers[position] = driver(world.queueDrivers[position])
                next.queueTaxis[position] = taxi(world.queueTaxis[position])
            }
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
            if routesMove {
                var mask: UInt8 = 0
                for member in 0..<scope.routes where ride.routeMask & (1 << UInt8(member)) != 0 { mask |= 1 << slot(UInt8(member)) }
                ride.routeMask = mask
            }
            next.rides[Int(slot(UInt8(r)))] = ride
        }
        if routesMove {
            for position in 0..<Int(world.dispatchCount) { next.dispatchLine[position] = slot(world.dispatchLine[position]) }
        }
    }

    /// Byte order, as `memcmp` defines it: a total order on worlds, all of whose bytes count.
    func less(_ a: UnsafePointer<World>, _ b: UnsafePointer<World>) -> Bool {
        memcmp(a, b, MemoryLayout<World>.size) < 0
    }
}
