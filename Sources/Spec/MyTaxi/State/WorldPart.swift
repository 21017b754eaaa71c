import Checker

/// The parts of a `World` a state property may read, for its footprint (see `StateParts`):
/// each is a run of fields of the world's layout. A property lists the parts its verdict
/// depends on; on a state whose step changed none of them, the explorer takes the parent's
/// verdict instead of running the predicate. `FootprintTests` holds every property to its
/// list, and checks that every byte of the world belongs to exactly one part.
public enum WorldPart: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Accounts, status, zone, taxi, refusals and suspension of every driver.
    case drivers
    /// Email confirmation and cards of every client.
    case clients
    /// Who owns each taxi.
    case taxiOwners
    /// The zones' queues: drivers, taxis and lengths.
    case queues
    /// Every route but the driver it is offered to.
    case routes
    /// The driver each route is offered to: a part of its own because offering changes
    /// nothing else, and few properties read it.
    case offers
    /// Whether each route is paid: paying changes nothing else, and no state property reads it.
    case payments
    case rides
    /// The dispatcher's waiting line and its length.
    case dispatchLine
    case clock

    public var description: String {
        switch self {
        case .drivers: return "drivers"
        case .clients: return "clients"
        case .taxiOwners: return "taxi owners"
        case .queues: return "queues"
        case .routes: return "routes"
        case .offers: return "offers"
        case .payments: return "payments"
        case .rides: return "rides"
        case .dispatchLine: return "dispatch line"
        case .clock: return "clock"
        }
    }

    public var bit: StateParts { StateParts(rawValue: 1 << UInt64(rawValue)) }

    public static func parts(_ parts: [WorldPart]) -> StateParts {
        parts.reduce(into: StateParts()) { $0.formUnion($1.bit) }
    }

    /// The parts in a footprint, in declaration order.
    public static func members(of footprint: StateParts) -> [WorldPart] {
        allCases.filter { footprint.contains($0.bit) }
    }

    /// The fields of each part, as byte ranges of the world's layout.
    static let layout: [(part: WorldPart, bytes: Range<Int>)] = {
        func field<T>(_ part: WorldPart, _ path: KeyPath<World, T>) -> (part: WorldPart, bytes: Range<Int>) {
            let offset = MemoryLayout<World>.offset(of: path)!
            return (part, offset..<(offset + MemoryLayout<T>.size))
        }
        // Each byte of a route record: its offer, its payment, or the rest of the route.
        var routes: [(part: WorldPart, bytes: Range<Int>)] = []
        for route in 0..<Capacity.routes {
            for byte in 0..<MemoryLayout<RouteRecord>.size {
                let part: WorldPart = byte == World.offerOffset ? .offers : byte == World.paidOffset ? .payments : .routes
                let offset = World.routesOffset + route * MemoryLayout<RouteRecord>.stride + byte
                routes.append((part, offset..<(offset + 1)))
            }
        }
        return [
            field(.drivers, \.drivers), field(.clients, \.clients), field(.taxiOwners, \.taxiOwners),
            field(.queues, \.queueDrivers), field(.queues, \.queueTaxis), field(.queues, \.queueLength),
        ] + routes + [
            field(.rides, \.rides),
            field(.dispatchLine, \.dispatchLine), field(.dispatchLine, \.dispatchCount), field(.clock, \.clock),
        ]
    }()
}

extension WorldPart {
    /// `layout` less the bytes no state of `scope` ever changes: the records of drivers,
    /// clients, taxis and routes past the scope's counts and the queue slots of zones past
    /// its zones keep their initial bytes in every state of a search (rides and the dispatch
    /// line are indexed by route). What the verdict cache reads (`MyTaxiModel.stateBytes`):
    /// in the bench scope, one route of eight. `FootprintTests` walks every named scope and
    /// requires the bytes left out to stay as they start.
    static func layout(in scope: Scope) -> [(part: WorldPart, bytes: Range<Int>)] {
        var used = [Bool](repeating: false, count: MemoryLayout<World>.size)
        func use<T>(_ path: KeyPath<World, T>, from first: Int = 0, count: Int) {
            let offset = MemoryLayout<World>.offset(of: path)! + first
            for byte in offset..<(offset + count) { used[byte] = true }
        }
        use(\.drivers, count: scope.drivers * MemoryLayout<DriverRecord>.stride)
        use(\.clients, count: scope.clients * MemoryLayout<ClientRecord>.stride)
        use(\.taxiOwners, count: scope.taxis)
        for zone in 0..<scope.zones {
            use(\.queueDrivers, from: zone * World.queueSlots, count: World.queueSlots)
            use(\.queueTaxis, from: zone * World.queueSlots, count: World.queueSlots)
        }
        use(\.queueLength, count: scope.zones)
        use(\.routes, count: scope.routes * MemoryLayout<RouteRecord>.stride)
        use(\.rides, count: scope.routes * MemoryLayout<RideRecord>.stride)
        use(\.dispatchLine, count: scope.routes)
        use(\.dispatchCount, count: 1)
        use(\.clock, count: 1)
        var result: [(part: WorldPart, bytes: Range<Int>)] = []
        for (part, bytes) in layout {
            var start: Int?
            for byte in bytes.lowerBound...bytes.upperBound {
                let inUse = byte < bytes.upperBound && used[byte]
                if inUse && start == nil { start = byte }
                if !inUse, let first = start {
                    result.append((part, first..<byte))
                    start = nil
                }
            }
        }
        return result
    }
}

extension World {
    /// The parts in which `after` differs from `before`, comparing bytes field by field.
    /// Written out rather than looped over `WorldPart.layout`, so that each comparison has a
    /// size known when compiling and unrolls into a few loads; `FootprintTests` checks that
    /// it agrees with the layout.
    static func changedParts(from before: UnsafePointer<World>, to after: UnsafePointer<World>) -> StateParts {
        @inline(__always)
        func differ<T>(_ path: KeyPath<World, T>) -> Bool {
            let offset = MemoryLayout<World>.offset(of: path)!
            return !rawBytesEqual(UnsafeRawPointer(before) + offset, UnsafeRawPointer(after) + offset, count: MemoryLayout<T>.size)
        }
        var changed = StateParts()
        if differ(\.drivers) { changed.formUnion(WorldPart.drivers.bit) }
        if differ(\.clients) { changed.formUnion(WorldPart.clients.bit) }
        if differ(\.taxiOwners) { changed.formUnion(WorldPart.taxiOwners.bit) }
        if differ(\.queueDrivers) || differ(\.queueTaxis) || differ(\.queueLength) { changed.formUnion(WorldPart.queues.bit) }
        // The routes, eight bytes at a time, offer and payment bytes told apart by masks.
        var routeBytes: UInt64 = 0, offerBytes: UInt64 = 0, paymentBytes: UInt64 = 0
        for word in 0..<World.routeWords {
            let offset = World.routesOffset + 8 * word
            let difference = UnsafeRawPointer(before).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ UnsafeRawPointer(after).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let offers = World.routeMask(word: word, field: World.offerOffset)
            let payments = World.routeMask(word: word, field: World.paidOffset)
            offerBytes |= difference & offers
            paymentBytes |= difference & payments
            routeBytes |= difference & ~(offers | payments)
        }
        if routeBytes != 0 { changed.formUnion(WorldPart.routes.bit) }
        if offerBytes != 0 { changed.formUnion(WorldPart.offers.bit) }
        if paymentBytes != 0 { changed.formUnion(WorldPart.payments.bit) }
        if differ(\.rides) { changed.formUnion(WorldPart.rides.bit) }
        if differ(\.dispatchLine) || differ(\.dispatchCount) { changed.formUnion(WorldPart.dispatchLine.bit) }
        if differ(\.clock) { changed.formUnion(WorldPart.clock.bit) }
        return changed
    }

    // Computed properties, not stored ones: a stored `static let` is a lazy global that
    // costs a call to `swift_once` on every read, three per distinct state in
    // `changedParts`; these fold into constants where they are used.
    @inline(__always) static var routesOffset: Int { MemoryLayout<World>.offset(of: \World.routes)! }
    @inline(__always) static var offerOffset: Int { MemoryLayout<RouteRecord>.offset(of: \RouteRecord.offeredToRaw)! }
    @inline(__always) static var paidOffset: Int { MemoryLayout<RouteRecord>.offset(of: \RouteRecord.paid)! }
    /// The routes read as whole words: their bytes are a multiple of eight.
    @inline(__always) static var routeWords: Int {
        let bytes = MemoryLayout<InlineArray<8, RouteRecord>>.size
        precondition(bytes % 8 == 0, "the routes fill whole words")
        return bytes / 8
    }

    /// In word `word` of the routes, the bytes that hold field `field` of a route record.
    @inline(__always)
    static func routeMask(word: Int, field: Int) -> UInt64 {
        var mask: UInt64 = 0
        for route in 0..<Capacity.routes {
            let byte = route * MemoryLayout<RouteRecord>.stride + field
            if byte / 8 == word { mask |= 0xFF << (8 * UInt64(byte % 8)) }
        }
        return mask
    }

    /// This world with `parts` taken from `other`: what a test builds to check that a
    /// property reads nothing outside its footprint.
    func taking(_ parts: StateParts, from other: World) -> World {
        var result = self
        withUnsafeMutableBytes(of: &result) { target in
            withUnsafeBytes(of: other) { source in
                for (part, bytes) in WorldPart.layout where parts.contains(part.bit) {
                    UnsafeMutableRawBufferPointer(rebasing: target[bytes]).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[bytes]))
                }
            }
        }
        return result
    }
}

