extension Symmetry {
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
        withUnsafePointer(to: world) { signatures(at: $0) }
    }

    /// Read in place, as bytes (`WorldBytes`): it runs on every successor the explorer
    /// generates.
    func signatures(at pointer: UnsafePointer<World>) -> Signatures {
        @inline(__always) func mix(_ value: UInt64) -> UInt64 {
            let product = (value ^ 0x9E37_79B1_85EB_CA87).multipliedFullWidth(by: 0xC2B2_AE3D_27D4_EB4F)
            return product.high ^ product.low
        }
        // Per-entity counts and positions are kept in words of four byte lanes, lane e for
        // entity e: the passes below then touch no array. Ids past the lanes (`noEntity`)
        // count nowhere; every count is below 256 (at most eight routes or four taxis).
        @inline(__always) func lane(_ id: UInt8) -> UInt32 { id < 4 ? 1 &<< (8 &* UInt32(id)) : 0 }
        @inline(__always) func byte(_ word: UInt32, _ entity: Int) -> UInt64 { UInt64((word &>> (8 &* UInt32(truncatingIfNeeded: entity))) & 0xFF) }
        @inline(__always) func place(_ position: Int, of id: UInt8, in word: inout UInt32) {
            guard id < 4 else { return }
            let shift = 8 &* UInt32(id)
            word = word & ~(0xFF &<< shift) | UInt32(truncatingIfNeeded: position) &<< shift
        }
        let world = WorldBytes(pointer)
        var driverQueued: UInt32 = .max, taxiQueued: UInt32 = .max
        for z in 0..<scope.zones {
            let first = z &* World.queueSlots
            for position in first..<(first &+ min(world.queueLength(z), World.queueSlots)) {
                place(position, of: world.queueDriver(position), in: &driverQueued)
                place(position, of: world.queueTaxi(position), in: &taxiQueued)
            }
        }
        var offered: UInt32 = 0, driven: UInt32 = 0, served: UInt32 = 0
        for r in 0..<scope.routes {
            offered &+= lane(world.offeredTo(r))
            driven &+= lane(world.rideDriver(r))
            served &+= lane(world.rideTaxi(r))
        }
        // A taxi's owners are a bit set over drivers: spread to lanes, they count each
        // driver's taxis.
        let driverMask = UInt32(truncatingIfNeeded: 1 &<< scope.drivers) &- 1
        var owned: UInt32 = 0, ownerCounts: UInt32 = 0
        for t in 0..<scope.taxis {
            let owners = UInt32(world.taxiOwners(t)) & driverMask
            owned &+= (owners & 1) | (owners & 2) &<< 7 | (owners & 4) &<< 14 | (owners & 8) &<< 21
            ownerCounts |= UInt32(truncatingIfNeeded: owners.nonzeroBitCount) &<< (8 &* UInt32(truncatingIfNeeded: t))
        }
        var keys = Signatures()
        // Each driver's key, mixed once, goes to the taxi he works with and to those he owns
        // (added under a mask rather than behind a branch on each ownership bit).
        var ownerKeys = InlineArray<4, UInt64>(repeating: 0), userKeys = InlineArray<4, UInt64>(repeating: 0)
        for d in 0..<scope.drivers {
            let driver = world.driver(d)
            // Every field in a byte (or bit) of its own: different signatures, different keys.
            var key = UInt64(driver.emailConfirmed ? 1 : 0) | UInt64(driver.activated ? 2 : 0) | UInt64(driver.suspended ? 4 : 0)
            key |= UInt64(driver.taxiRaw == noEntity ? 0 : 8) | UInt64(driver.statusRaw) &<< 8 | UInt64(driver.zoneRaw) &<< 16
            key |= UInt64(driver.refusals) &<< 24 | byte(driverQueued, d) &<< 32 | byte(owned, d) &<< 40
            key |= byte(offered, d) &<< 48 | byte(driven, d) &<< 56
            keys.drivers[unchecked: d] = key
            let mixed = mix(key)
            if driver.taxiRaw < 4 { userKeys[unchecked: Int(driver.taxiRaw)] &+= mixed }
            for t in 0..<scope.taxis {
                let owns = UInt64((world.taxiOwners(t) &>> UInt8(truncatingIfNeeded: d)) & 1)
                ownerKeys[unchecked: t] &+= mixed & (0 &- owns)
            }
        }
        for t in 0..<scope.taxis {
            let own = byte(ownerCounts, t) &<< 16 | byte(taxiQueued, t) &<< 8 | byte(served, t)
            keys.taxis[unchecked: t] = mix(ownerKeys[unchecked: t] ^ mix(userKeys[unchecked: t] &+ own))
        }
        return keys
    }
}
