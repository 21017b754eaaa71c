import Checker

/// The whole myTaxiService world at one moment: a value type of fixed size with no
/// pointers, so that it is copied, hashed and compared as raw bytes.
///
/// It mirrors the Alloy signatures of seed 000 section 3.8 (User, Client, TaxiDriver,
/// CreditCard, Zone, TaxiQueue, Taxi, Ride, Route) and adds what a system that runs over
/// time needs: the request offered and to whom, consecutive refusals, suspension, passengers,
/// reservation times, a clock, and the dispatcher's waiting line in order of arrival.
public struct World: Sendable {
    public var drivers = InlineArray<4, DriverRecord>(repeating: DriverRecord())
    public var clients = InlineArray<4, ClientRecord>(repeating: ClientRecord())
    /// Taxi.drivers (its owners, who registered it), as a bit set over drivers.
    public var taxiOwners = InlineArray<4, UInt8>(repeating: 0)
    /// Each zone's FIFO queue of (driver, taxi) entries, front first: zone z uses slots
    /// z*4 ..< z*4 + queueLength[z].
    public var queueDrivers = InlineArray<12, UInt8>(repeating: noEntity)
    public var queueTaxis = InlineArray<12, UInt8>(repeating: noEntity)
    public var queueLength = InlineArray<3, UInt8>(repeating: 0)
    public var routes = InlineArray<8, RouteRecord>(repeating: RouteRecord())
    public var rides = InlineArray<8, RideRecord>(repeating: RideRecord())
    /// Requests waiting for a driver, in order of arrival (002 3.2.3: "processed in order of
    /// arrival"): immediate requests from the moment they are made, reservations from their
    /// allocation 10 minutes before pickup.
    public var dispatchLine = InlineArray<8, UInt8>(repeating: noEntity)
    public var dispatchCount: UInt8 = 0
    /// Ticks since the start.
    public var clock: UInt8 = 0

    public init() {}
}

extension World: PlainDataState {
    public static func == (lhs: World, rhs: World) -> Bool { rawBytesEqual(lhs, rhs) }
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: self) { hasher.combine(bytes: $0) }
    }
    public func stableHash(into hasher: inout StableHasher) { hasher.combineRawBytes(of: self) }
    public var fingerprint: UInt64 { withUnsafePointer(to: self) { World.fingerprint(at: $0) } }
    public static func fingerprint(at pointer: UnsafePointer<World>) -> UInt64 {
        // Every byte is meaningful (no padding, no pointers): known when compiling, so free.
        precondition(_isPOD(World.self) && MemoryLayout<World>.alignment == 1, "a world is hashed as its raw bytes")
        return StableHasher.fingerprint(ofRawBytes: UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<World>.size))
    }

    /// Writes the world at `source` over the one at `target` (both initialised, or `target`
    /// trivially so: a world is plain bytes), 32 bytes at a time, the last stride overlapping
    /// the one before. Swift copies a 189-byte value with a call to memcpy, about 30
    /// instructions where these take 12; the canonical form and the check phase copy a world
    /// for most states they see.
    @inline(__always)
    static func copy(_ source: UnsafePointer<World>, to target: UnsafeMutablePointer<World>) {
        precondition(_isPOD(World.self) && MemoryLayout<World>.size >= 32, "a world is copied as its raw bytes")
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target), size = MemoryLayout<World>.size
        var offset = 0
        while offset < size {
            let start = min(offset, size - 32)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: start, as: SIMD32<UInt8>.self), toByteOffset: start, as: SIMD32<UInt8>.self)
            offset += 32
        }
    }
}

// MARK: - Reading the world

extension World {
    public static let queueSlots = 4

    public func driver(_ id: DriverID) -> DriverRecord { drivers[id.index] }
    public func route(_ id: RouteID) -> RouteRecord { routes[id.index] }
    public func ride(_ id: RideID) -> RideRecord { rides[id.index] }

    /// The drivers in `zone`'s queue, front first.
    public func queue(_ zone: ZoneID) -> PackedIDs<DriverID> { packed(queueDrivers, zone) }

    /// The taxis in `zone`'s queue, in queue order.
    public func queueTaxiList(_ zone: ZoneID) -> PackedIDs<TaxiID> { packed(queueTaxis, zone) }

    /// A zone's four slots read as one word (predicates ask for queues all the time), the
    /// slots past the queue's length masked off.
    func packed<ID: EntityID>(_ slots: InlineArray<12, UInt8>, _ zone: ZoneID) -> PackedIDs<ID> {
        let count = min(Int(queueLength[zone.index]), World.queueSlots)
        let word = withUnsafeBytes(of: slots) {
            UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: zone.index * World.queueSlots, as: UInt32.self))
        }
        let mask: UInt32 = count == World.queueSlots ? .max : (1 << (8 * UInt32(count))) - 1
        return PackedIDs(bits: word & mask, count: count)
    }

    // The small reads below that are marked `@inline(__always)` are the ones the rules and
    // predicates make for most actions they try: left to the optimiser they stayed calls
    // (`owns` 202 thousand times in a symmetric bench search, `RouteRecord.status` 326
    // thousand), each with its arguments' copies. Callgrind, bench, 1 worker, with those
    // of `Rules`: 1.730 G → 1.625 G instructions, with symmetry 1.035 G → 0.987 G. Forcing
    // others (`rides(of:)`, `isChangeable`, `isMovable`) added instructions; they are left.
    @inline(__always)
    public func head(of zone: ZoneID) -> DriverID? {
        queueLength[zone.index] == 0 ? nil : DriverID(raw: queueDrivers[zone.index * World.queueSlots])
    }

    /// The zones whose queue holds `driver` (one, if the world is consistent).
    public func queues(holding driver: DriverID, zones: Int) -> IDSet<ZoneID> {
        var result = IDSet<ZoneID>()
        for zone in 0..<zones {
            for slot in 0..<Int(queueLength[zone]) where queueDrivers[zone * World.queueSlots + slot] == driver.raw {
                result.insert(ZoneID(zone))
            }
        }
        return result
    }

    /// Every queue's drivers and length, as two words: equal signatures mean equal queues,
    /// which lets a step predicate skip the zones of a step that moved nobody (most steps).
    /// Assembled byte by byte, which the compiler turns into a few loads, rather than read
    /// through `withUnsafeBytes` of a copy, which gave QueueOrderIsFair's gate, run on every
    /// step, a stack guard and a copy (callgrind, bench, 1 worker: 1.935 G → 1.931 G
    /// instructions; with symmetry 1.149 G → 1.147 G).
    @inline(__always)
    public var queueSignature: (UInt64, UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        for slot in 0..<8 { low |= UInt64(queueDrivers[slot]) &<< (8 &* UInt64(slot)) }
        for slot in 8..<12 { high |= UInt64(queueDrivers[slot]) &<< (8 &* UInt64(slot &- 8)) }
        high |= (UInt64(queueLength[0]) | UInt64(queueLength[1]) &<< 8 | UInt64(queueLength[2]) &<< 16) &<< 32
        return (low, high)
    }

    /// Zone `zone`'s queue read out of a `queueSignature`: the list `queue(_:)` gives, from
    /// two words already in registers (see QueueOrderIsFair).
    @inline(__always)
    public static func queue(_ zone: Int, in signature: (UInt64, UInt64)) -> PackedIDs<DriverID> {
        let slots = zone < 2 ? signature.0 &>> (32 &* UInt64(truncatingIfNeeded: zone)) : signature.1
        let length = Int(UInt8(truncatingIfNeeded: signature.1 &>> (32 &+ 8 &* UInt64(truncatingIfNeeded: zone))))
        let count = min(length, World.queueSlots)
        let mask: UInt32 = count == World.queueSlots ? .max : (1 &<< (8 &* UInt32(truncatingIfNeeded: count))) &- 1
        return PackedIDs(bits: UInt32(truncatingIfNeeded: slots) & mask, count: count)
    }

    /// Whether any of the first `routes` routes is offered to someone else in `other`.
    @inline(__always)
    public func offersDiffer(from other: World, routes: Int) -> Bool {
        for index in 0..<routes where self.routes[index].offeredToRaw != other.routes[index].offeredToRaw { return true }
        return false
    }

    @inline(__always)
    public func owns(_ driver: DriverID, _ taxi: TaxiID) -> Bool {
        taxiOwners[taxi.index] & (1 << driver.raw) != 0
    }

    /// Whether `route` is in the dispatch line (no array is made).
    @inline(__always)
    public func isPending(_ route: RouteID) -> Bool {
        for slot in 0..<Int(dispatchCount) where dispatchLine[slot] == route.raw { return true }
        return false
    }

    /// The dispatch line as a set, for membership tests in predicates.
    public var pendingSet: IDSet<RouteID> {
        @inline(__always) get {
            var set = IDSet<RouteID>()
            for slot in 0..<Int(dispatchCount) { set.insert(RouteID(raw: dispatchLine[slot])) }
            return set
        }
    }

    public var pendingRequests: [RouteID] {
        (0..<Int(dispatchCount)).map { RouteID(raw: dispatchLine[$0]) }
    }

    /// The routes of a ride (Alloy Ride.routes).
    public func routes(of ride: RideID) -> IDSet<RouteID> { IDSet(mask: rides[ride.index].routeMask) }

    /// The route a driver is offered right now, if any.
    @inline(__always)
    public func offer(to driver: DriverID, routes count: Int) -> RouteID? {
        for index in 0..<count where routes[index].offeredToRaw == driver.raw { return RouteID(index) }
        return nil
    }

    /// The rides a driver has driven or drives, oldest slot first.
    public func rides(of driver: DriverID) -> IDSet<RideID> {
        var result = IDSet<RideID>()
        for index in 0..<Capacity.routes where rides[index].driverRaw == driver.raw { result.insert(RideID(index)) }
        return result
    }

    /// A ride with a WAITING or ON_BOARD route.
    public func isCurrent(_ ride: RideID) -> Bool {
        routes(of: ride).contains { routes[$0.index].status.isCurrent }
    }

    /// The driver's ride in progress (the first, if the world is inconsistent).
    @inline(__always)
    public func currentRide(of driver: DriverID) -> RideID? {
        rides(of: driver).first { isCurrent($0) }
    }

    /// Routes that joined `owner`'s shared ride before it was allocated.
    @inline(__always)
    public func joiners(of owner: RouteID, routes count: Int) -> IDSet<RouteID> {
        var result = IDSet<RouteID>()
        for index in 0..<count where routes[index].joinedRaw == owner.raw { result.insert(RouteID(index)) }
        return result
    }
}

// MARK: - Changing the world (used by the actions; each keeps the arrays consistent)

extension World {
    @inline(__always)
    mutating func enqueue(_ driver: DriverID, taxi: TaxiID, in zone: ZoneID) {
        let length = Int(queueLength[zone.index])
        precondition(length < World.queueSlots, "queue of \(zone) is full")
        queueDrivers[zone.index * World.queueSlots + length] = driver.raw
        queueTaxis[zone.index * World.queueSlots + length] = taxi.raw
        queueLength[zone.index] += 1
    }

    /// Removes `driver` from whichever queue holds him; returns the zone, if any.
    @discardableResult
    @inline(__always)
    mutating func dequeue(_ driver: DriverID) -> ZoneID? {
        for zone in 0..<Capacity.zones {
            let base = zone * World.queueSlots
            let length = Int(queueLength[zone])
            guard let position = (0..<length).first(where: { queueDrivers[base + $0] == driver.raw }) else { continue }
            for slot in position..<(length - 1) {
                queueDrivers[base + slot] = queueDrivers[base + slot + 1]
                queueTaxis[base + slot] = queueTaxis[base + slot + 1]
            }
            queueDrivers[base + length - 1] = noEntity
            queueTaxis[base + length - 1] = noEntity
            queueLength[zone] -= 1
            return ZoneID(zone)
        }
        return nil
    }

    mutating func appendToDispatchLine(_ route: RouteID, atFront: Bool = false) {
        precondition(Int(dispatchCount) < Capacity.routes, "dispatch line is full")
        if atFront {
            var slot = Int(dispatchCount)
            while slot > 0 { dispatchLine[slot] = dispatchLine[slot - 1]; slot -= 1 }
            dispatchLine[0] = route.raw
        } else {
            dispatchLine[Int(dispatchCount)] = route.raw
        }
        dispatchCount += 1
    }

    /// The heir of a shared group keeps the owner's place in line.
    mutating func replaceInDispatchLine(_ route: RouteID, with heir: RouteID) {
        for slot in 0..<Int(dispatchCount) where dispatchLine[slot] == route.raw { dispatchLine[slot] = heir.raw }
    }

    @inline(__always)
    mutating func removeFromDispatchLine(_ route: RouteID) {
        let count = Int(dispatchCount)
        guard let position = (0..<count).first(where: { dispatchLine[$0] == route.raw }) else { return }
        for slot in position..<(count - 1) { dispatchLine[slot] = dispatchLine[slot + 1] }
        dispatchLine[count - 1] = noEntity
        dispatchCount -= 1
    }
}
