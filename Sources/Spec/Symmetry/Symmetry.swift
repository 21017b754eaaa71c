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
/// drivers are ordered by a signature that mentions no entity's name, taxis by one that
/// mentions none either (it folds in their owners' and users' driver signatures), ties are
/// tried in every order, and so is every permutation of clients when they are symmetric.
/// Ranking taxis as well as drivers halves the renamings tried in the bench scope (1.08 a
/// form instead of about 2), where renaming was over a quarter of a symmetric search's
/// instructions.
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

        /// Whether every entity keeps its index (the four targets read as one word).
        var isIdentity: Bool {
            withUnsafeBytes(of: targets) { $0.loadUnaligned(as: UInt32.self) } == UInt32(littleEndian: 0x0302_0100)
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
        let keys = signatures(in: world)
        return smallest(world, drivers: Ranking(keys.drivers, count: scope.drivers), taxis: Ranking(keys.taxis, count: scope.taxis))
    }

    /// The reference canonical form for measuring the fast one: every permutation of every
    /// symmetric set. Exact by construction and slow.
    public func exhaustiveCanonicalForm(of world: World) -> World {
        smallest(world, drivers: .allTied(scope.drivers), taxis: .allTied(scope.taxis))
    }

    /// Entities of one kind sorted by signature (ties by index): `order[k]` is the entity at
    /// position k, `group[k]` numbers the run of equal signatures position k is in. The
    /// renamings it allows send each entity to its position, up to an order within its run.
    struct Ranking {
        var order = InlineArray<4, Int>(repeating: 0)
        var group = InlineArray<4, Int>(repeating: 0)
        let count: Int

        init(_ keys: InlineArray<4, UInt64>, count: Int) {
            self.count = count
            var sorted = InlineArray<4, UInt64>(repeating: 0)
            for entity in 0..<count {
                let value = keys[entity]
                var position = entity
                while position > 0 && sorted[position - 1] > value {
                    sorted[position] = sorted[position - 1]
                    order[position] = order[position - 1]
                    position -= 1
                }
                sorted[position] = value
                order[position] = entity
            }
            for position in 1..<max(1, count) {
                group[position] = sorted[position] == sorted[position - 1] ? group[position - 1] : group[position - 1] + 1
            }
        }

        /// The one renaming allowed when no two entities tie: each to its position.
        var onlyRenaming: Permutation? {
            guard count < 2 || group[count - 1] == count - 1 else { return nil }
            var renaming = Permutation.identity
            for position in 0..<count { renaming[order[position]] = UInt8(position) }
            return renaming
        }

        /// Every entity tied with every other: every permutation is allowed.
        static func allTied(_ count: Int) -> Ranking { Ranking(InlineArray(repeating: 0), count: count) }

        /// The renaming that sends the entity at position k to `permutation`'s k-th target,
        /// or nil if that takes a position out of its run.
        @inline(__always)
        func renaming(_ permutation: Permutation) -> Permutation? {
            var renaming = Permutation.identity
            for position in 0..<count {
                let target = Int(permutation[position])
                if group[target] != group[position] { return nil }
                renaming[order[position]] = UInt8(target)
            }
            return renaming
        }
    }

    /// The smallest renaming of `world` over the driver and taxi renamings that the two
    /// rankings allow and every order of clients (if symmetric). Only renamed worlds compete:
    /// the world as given is a candidate only if its own order is one of those tried, or the
    /// form would depend on how the state was named.
    func smallest(_ world: World, drivers: Ranking, taxis: Ranking) -> World {
        // No ties and one client order: one candidate, nothing to compare (most forms).
        if clientPermutations.count == 1, let driverRenaming = drivers.onlyRenaming, let taxiRenaming = taxis.onlyRenaming {
            var result = world
            rename(world, Renaming(drivers: driverRenaming, taxis: taxiRenaming, clients: clientPermutations[0]), over: &result)
            return result
        }
        // Two worlds used in turn: each renaming is written over the spare one and, when it
        // is smaller, the two swap roles (pointers swap, not worlds). Two locals rather than
        // `withUnsafeTemporaryAllocation`: with that allocation in this function (and a
        // `Permutation` tried as one 32-bit word), Swift 6.3's release build faulted on an
        // aligned vector store to a misaligned stack in `onlyRenaming`; the debug build ran,
        // and with two locals the release build does too.
        var first = world, second = world
        return withUnsafeMutablePointer(to: &first) { first in
            withUnsafeMutablePointer(to: &second) { second in
                var best = first, spare = second
                var found = false
                for driverPermutation in driverPermutations {
                    guard let driverRenaming = drivers.renaming(driverPermutation) else { continue }
                    for taxiPermutation in taxiPermutations {
                        guard let taxiRenaming = taxis.renaming(taxiPermutation) else { continue }
                        for clients in clientPermutations {
                            if found { spare.pointee = world }
                            rename(world, Renaming(drivers: driverRenaming, taxis: taxiRenaming, clients: clients), over: &spare.pointee)
                            if !found || less(spare, best) {
                                swap(&best, &spare)
                                found = true
                            }
                        }
                    }
                }
                precondition(found, "the order of the rankings themselves is always allowed")
                return best.pointee
            }
        }
    }

    /// Each driver's and each taxi's signature: what it looks like with every entity's name
    /// left out, so that renaming does not change it. A driver: his account, status, zone,
    /// whether he has a taxi, refusals, suspension, where he is queued, how many taxis he
    /// owns, how many routes are offered to him, how many rides he drove. A taxi: how many
    /// own it, where it is queued, how many rides it served, and the signatures of the
    /// drivers who own it and of the one who works with it (summed after mixing, so their
    /// order does not count). One pass over each part of the world serves every entity.
    struct Signatures: CustomStringConvertible {
        var drivers = InlineArray<4, UInt64>(repeating: 0)
        var taxis = InlineArray<4, UInt64>(repeating: 0)
        var description: String {
            "drivers \((0..<4).map { drivers[$0] }), taxis \((0..<4).map { taxis[$0] })"
        }
    }

    func signatures(in world: World) -> Signatures {
        @inline(__always) func mix(_ value: UInt64) -> UInt64 {
            let product = (value ^ 0x9E37_79B1_85EB_CA87).multipliedFullWidth(by: 0xC2B2_AE3D_27D4_EB4F)
            return product.high ^ product.low
        }
        // Per-entity counts and positions are kept in words of four byte lanes, lane e for
        // entity e: the passes below then touch no array. Ids past the lanes (`noEntity`)
        // count nowhere; every count is below 256 (at most eight routes or four taxis).
        @inline(__always) func lane(_ id: UInt8) -> UInt32 { id < 4 ? 1 << (8 * UInt32(id)) : 0 }
        @inline(__always) func byte(_ word: UInt32, _ entity: Int) -> UInt64 { UInt64((word >> (8 * UInt32(entity))) & 0xFF) }
        @inline(__always) func place(_ position: Int, of id: UInt8, in word: inout UInt32) {
            guard id < 4 else { return }
            let shift = 8 * UInt32(id)
            word = word & ~(0xFF << shift) | UInt32(position) << shift
        }
        var driverQueued: UInt32 = .max, taxiQueued: UInt32 = .max
        for z in 0..<scope.zones {
            for slot in 0..<min(Int(world.queueLength[z]), World.queueSlots) {
                let position = z * World.queueSlots + slot
                place(position, of: world.queueDrivers[position], in: &driverQueued)
                place(position, of: world.queueTaxis[position], in: &taxiQueued)
            }
        }
        var offered: UInt32 = 0, driven: UInt32 = 0, served: UInt32 = 0
        for r in 0..<scope.routes {
            offered &+= lane(world.routes[r].offeredToRaw)
            driven &+= lane(world.rides[r].driverRaw)
            served &+= lane(world.rides[r].taxiRaw)
        }
        // A taxi's owners are a bit set over drivers: spread to lanes, they count each
        // driver's taxis.
        let driverMask = UInt32(1 << scope.drivers) - 1
        var owned: UInt32 = 0, ownerCounts: UInt32 = 0
        for t in 0..<scope.taxis {
            let owners = UInt32(world.taxiOwners[t]) & driverMask
            owned &+= (owners & 1) | (owners & 2) << 7 | (owners & 4) << 14 | (owners & 8) << 21
            ownerCounts |= UInt32(owners.nonzeroBitCount) << (8 * UInt32(t))
        }
        var keys = Signatures()
        for d in 0..<scope.drivers {
            let driver = world.drivers[d]
            // Every field in a byte (or bit) of its own: different signatures, different keys.
            var key = UInt64(driver.emailConfirmed ? 1 : 0) | UInt64(driver.activated ? 2 : 0) | UInt64(driver.suspended ? 4 : 0)
            key |= UInt64(driver.taxiRaw == noEntity ? 0 : 8) | UInt64(driver.statusRaw) << 8 | UInt64(driver.zoneRaw) << 16
            key |= UInt64(driver.refusals) << 24 | byte(driverQueued, d) << 32 | byte(owned, d) << 40
            keys.drivers[d] = key | byte(offered, d) << 48 | byte(driven, d) << 56
        }
        // Each driver's key, mixed once, goes to the taxi he works with and to those he owns.
        var ownerKeys = InlineArray<4, UInt64>(repeating: 0), userKeys = InlineArray<4, UInt64>(repeating: 0)
        for d in 0..<scope.drivers {
            let mixed = mix(keys.drivers[d])
            let taxi = Int(world.drivers[d].taxiRaw)
            if taxi < 4 { userKeys[taxi] &+= mixed }
            for t in 0..<scope.taxis where world.taxiOwners[t] & (1 << UInt8(d)) != 0 { ownerKeys[t] &+= mixed }
        }
        for t in 0..<scope.taxis {
            let own = byte(ownerCounts, t) << 16 | byte(taxiQueued, t) << 8 | byte(served, t)
            keys.taxis[t] = mix(ownerKeys[t] ^ mix(userKeys[t] &+ own))
        }
        return keys
    }

    /// The world with every entity renamed.
    func rename(_ world: World, _ renaming: Renaming) -> World {
        var next = world
        rename(world, renaming, over: &next)
        return next
    }

    /// The same, written over `next`, which must hold a copy of `world`: only what a
    /// renaming changes is written, so the caller's copy is the only one.
    func rename(_ world: World, _ renaming: Renaming, over next: inout World) {
        // Ranked in the order they already have, nobody moves: in the bench scope, most
        // canonical forms are the world itself.
        let clientsMove = clientsAreSymmetric && !renaming.clients.isIdentity
        if renaming.drivers.isIdentity && renaming.taxis.isIdentity && !clientsMove { return }
        // Where each route slot goes: a route moves with its client. Worked out once per
        // renaming (a division per route), not at every mention of a route; when no route
        // moves, as with one client, route names are left as they are.
        let perClient = scope.routesPerClient
        var slots = InlineArray<8, UInt8>(repeating: 0)
        var routesMove = false
        if clientsMove {
            for r in 0..<scope.routes {
                let target = UInt8(Int(renaming.clients[r / perClient]) * perClient + r % perClient)
                slots[r] = target
                if target != UInt8(r) { routesMove = true }
            }
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
