extension Symmetry {
    /// Where a world names entities, within a scope: the offsets of the bytes that hold a
    /// driver, a taxi or a route slot. Listed once per scope, so that a renaming rewrites
    /// three short lists of bytes instead of walking the world's records (which, bounds
    /// checks and all, cost 500 instructions a renaming in the bench scope).
    ///
    /// Every queue slot of the scope's zones is listed, not only those in use: a slot past
    /// its queue's length holds `noEntity`, which every renaming leaves alone.
    struct Mentions: Sendable {
        var drivers = Offsets()
        var taxis = Offsets()
        var routes = Offsets()

        /// Up to 32 byte offsets into a world (which is 189 bytes long).
        struct Offsets: Sendable {
            var offsets = InlineArray<32, UInt8>(repeating: 0)
            var count = 0

            mutating func append(_ offset: Int) {
                precondition(count < 32 && offset < MemoryLayout<World>.size, "a mention outside the world")
                offsets[count] = UInt8(offset)
                count += 1
            }
        }

        init(scope: Scope) {
            typealias Layout = WorldBytes.Layout
            for d in 0..<scope.drivers { taxis.append(Layout.drivers + d * Layout.driverStride + Layout.driverTaxi) }
            for position in 0..<(scope.zones * World.queueSlots) {
                drivers.append(Layout.queueDrivers + position)
                taxis.append(Layout.queueTaxis + position)
            }
            for r in 0..<scope.routes {
                let route = Layout.routes + r * Layout.routeStride, ride = Layout.rides + r * Layout.rideStride
                drivers.append(route + Layout.offeredTo)
                routes.append(route + Layout.routeRide)
                routes.append(route + Layout.routeJoined)
                drivers.append(ride + Layout.rideDriver)
                taxis.append(ride + Layout.rideTaxi)
                routes.append(Layout.dispatchLine + r)
            }
        }
    }

    /// The world with every entity renamed.
    func rename(_ world: World, _ renaming: Renaming) -> World {
        var world = world, next = world
        withUnsafePointer(to: &world) { world in rename(world, renaming, over: &next) }
        return next
    }

    /// The same, written over `next`, which must hold a copy of `world`: records move to
    /// their new places, then every mention of a renamed entity is rewritten in place.
    func rename(_ world: UnsafePointer<World>, _ renaming: Renaming, over next: UnsafeMutablePointer<World>) {
        let driversMove = !renaming.drivers.isIdentity, taxisMove = !renaming.taxis.isIdentity
        let clientsMove = clientsAreSymmetric && !renaming.clients.isIdentity
        // A route moves with its client: where each route slot goes, worked out once per
        // renaming. When no route moves, as with one client, route names stay as they are.
        var slots = Permutation.Slots.identity
        if clientsMove {
            let perClient = scope.routesPerClient
            for r in 0..<scope.routes {
                slots[r] = UInt8(Int(renaming.clients[r / perClient]) * perClient + r % perClient)
            }
        }
        let routesMove = !slots.isIdentity
        typealias Layout = WorldBytes.Layout
        let source = UnsafeRawPointer(world), bytes = UnsafeMutableRawPointer(next)
        /// Record `index` of a `stride`-byte array at `start` to position `target`.
        @inline(__always) func move<Record>(_: Record.Type, at start: Int, stride: Int, _ index: Int, to target: UInt8) {
            let record = source.loadUnaligned(fromByteOffset: start &+ index &* stride, as: Record.self)
            bytes.storeBytes(of: record, toByteOffset: start &+ Int(target) &* stride, as: Record.self)
        }
        if driversMove {
            for d in 0..<scope.drivers { move(DriverRecord.self, at: Layout.drivers, stride: Layout.driverStride, d, to: renaming.drivers[d]) }
        }
        if driversMove || taxisMove {
            for t in 0..<scope.taxis {
                let owners = source.load(fromByteOffset: Layout.taxiOwners &+ t, as: UInt8.self)
                var renamed: UInt8 = 0
                for d in 0..<scope.drivers { renamed |= (owners &>> UInt8(truncatingIfNeeded: d) & 1) &<< renaming.drivers[d] }
                bytes.storeBytes(of: renamed, toByteOffset: Layout.taxiOwners &+ Int(renaming.taxis[t]), as: UInt8.self)
            }
        }
        if clientsMove {
            for c in 0..<scope.clients { move(ClientRecord.self, at: Layout.clients, stride: Layout.clientStride, c, to: renaming.clients[c]) }
        }
        if routesMove {
            for r in 0..<scope.routes {
                move(RouteRecord.self, at: Layout.routes, stride: Layout.routeStride, r, to: slots[r])
                move(RideRecord.self, at: Layout.rides, stride: Layout.rideStride, r, to: slots[r])
                // The ride's routes are a bit set over slots.
                let members = source.load(fromByteOffset: Layout.rides &+ r &* Layout.rideStride &+ Layout.rideRoutes, as: UInt8.self)
                var renamed: UInt8 = 0
                for member in 0..<scope.routes { renamed |= (members &>> UInt8(truncatingIfNeeded: member) & 1) &<< slots[member] }
                bytes.storeBytes(of: renamed, toByteOffset: Layout.rides &+ Int(slots[r]) &* Layout.rideStride &+ Layout.rideRoutes, as: UInt8.self)
            }
        }
        if driversMove { rewrite(mentions.drivers, in: bytes, by: renaming.drivers.word) }
        if taxisMove { rewrite(mentions.taxis, in: bytes, by: renaming.taxis.word) }
        if routesMove { rewrite(mentions.routes, in: bytes, by: slots.word) }
    }

    /// Every listed byte below 8 replaced by its target (byte `id` of `targets`), the others,
    /// `noEntity` among them, left alone: a compare, a shift and a conditional move a byte.
    ///
    /// The offsets are read through a pointer: indexed as an `InlineArray`, the 32 of them
    /// were copied again before every byte (the stores below might have changed them, as far
    /// as the compiler knew), two of the loop's nine instructions.
    @inline(__always)
    private func rewrite(_ list: Mentions.Offsets, in bytes: UnsafeMutableRawPointer, by targets: UInt64) {
        let count = list.count
        withUnsafeBytes(of: list.offsets) { offsets in
            for index in 0..<count {
                let offset = Int(offsets[index])
                let id = bytes.load(fromByteOffset: offset, as: UInt8.self)
                let renamed = id < 8 ? UInt8(truncatingIfNeeded: targets &>> (UInt64(id) &<< 3)) : id
                bytes.storeBytes(of: renamed, toByteOffset: offset, as: UInt8.self)
            }
        }
    }
}

extension Symmetry.Permutation {
    /// The four targets as one word, target `i` in byte `i`, and bytes 4 to 7 naming
    /// entities 4 to 7 as themselves (there are none; it lets one rewrite serve every kind).
    var word: UInt64 {
        UInt64(UInt32(littleEndian: withUnsafeBytes(of: targets) { $0.loadUnaligned(as: UInt32.self) })) | 0x0706_0504 << 32
    }

    /// New indices for up to eight route slots.
    struct Slots {
        var targets = InlineArray<8, UInt8>(repeating: 0)

        static var identity: Slots {
            var slots = Slots()
            for slot in 0..<8 { slots.targets[slot] = UInt8(slot) }
            return slots
        }

        subscript(slot: Int) -> UInt8 {
            get { targets[slot] }
            set { targets[slot] = newValue }
        }

        var word: UInt64 { UInt64(littleEndian: withUnsafeBytes(of: targets) { $0.loadUnaligned(as: UInt64.self) }) }
        var isIdentity: Bool { word == 0x0706_0504_0302_0100 }
    }
}
