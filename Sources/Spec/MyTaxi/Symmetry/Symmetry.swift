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
///
/// A class, though nothing in it changes: as a 296-byte struct held by the model, it was
/// copied onto the stack for every canonical form the explorer asked for (a `memcpy` per
/// form, 1.2% of a symmetric search's instructions).
public final class Symmetry: Sendable {
    public let scope: Scope
    /// Every permutation of the drivers, of the taxis, and of the clients (only the identity
    /// when clients are not symmetric).
    let driverPermutations: [Permutation]
    let taxiPermutations: [Permutation]
    let clientPermutations: [Permutation]
    /// Where this scope's worlds name entities (`Symmetry+Renaming`).
    let mentions: Mentions
    /// The bytes the signatures read (`rankedBytesEqual`).
    let rankedBytes: RankedBytes

    public init(scope: Scope) {
        // The forms read the world without bounds checks, trusting these.
        precondition(scope.drivers <= Capacity.drivers && scope.taxis <= Capacity.taxis && scope.clients <= Capacity.clients
                     && scope.zones <= Capacity.zones && scope.routes <= Capacity.routes, "a scope within the world's capacity")
        precondition(WorldBytes.Layout.checked.allSatisfy { $0.constant == $0.actual }, "WorldBytes.Layout matches World")
        self.scope = scope
        mentions = Mentions(scope: scope)
        rankedBytes = RankedBytes(scope: scope)
        driverPermutations = Permutation.all(of: scope.drivers)
        taxiPermutations = Permutation.all(of: scope.taxis)
        clientPermutations = scope.clients <= 2 ? Permutation.all(of: scope.clients) : [Permutation.identity]
    }

    public var clientsAreSymmetric: Bool { scope.clients <= 2 }

    /// New indices for up to four entities: entity `i` becomes `self[i]`.
    struct Permutation: Sendable, ExpressibleByArrayLiteral {
        var targets = InlineArray<4, UInt8>(repeating: 0)

        init() {}

        /// Built in place, not from a literal: a variadic literal allocates its array, and
        /// the fast canonical form asks for the identity on every successor.
        static var identity: Permutation {
            var identity = Permutation()
            for entity in 0..<4 { identity.targets[entity] = UInt8(entity) }
            return identity
        }

        /// Each of the first `count` entities sent to its position in the order of `keys`,
        /// or nil if two of them tie (then several renamings compete: `Ranking`). Inlined into
        /// the canonical form, which asks twice per form: called, the answer went through an
        /// optional packed and unpacked (callgrind, bench with symmetry: 10 million
        /// instructions less inlined).
        @inline(__always)
        static func ranks(_ keys: InlineArray<4, UInt64>, count: Int) -> Permutation? {
            var result = Permutation.identity
            // Two entities, as in every named scope: one comparison (the loops below cost
            // 80 instructions for it).
            if count == 2 {
                let first = keys[unchecked: 0], second = keys[unchecked: 1]
                if first == second { return nil }
                if first > second { result.targets[unchecked: 0] = 1; result.targets[unchecked: 1] = 0 }
                return result
            }
            for entity in 0..<count {
                let key = keys[unchecked: entity]
                var rank: UInt8 = 0
                for other in 0..<count where other != entity {
                    let otherKey = keys[unchecked: other]
                    if otherKey == key { return nil }
                    rank &+= otherKey < key ? 1 : 0
                }
                result.targets[unchecked: entity] = rank
            }
            return result
        }

        init(arrayLiteral elements: UInt8...) {
            precondition(elements.count <= 4, "a permutation of at most four entities")
            for (entity, target) in elements.enumerated() { targets[entity] = target }
        }

        subscript(entity: Int) -> UInt8 {
            get { targets[entity] }
            set { targets[entity] = newValue }
        }

        /// Whether every entity keeps its index (the four targets read as one word).
        var isIdentity: Bool { word32 == 0x0302_0100 }

        /// The four targets as one word, target `i` in byte `i`.
        var word32: UInt32 { UInt32(littleEndian: withUnsafeBytes(of: targets) { $0.loadUnaligned(as: UInt32.self) }) }

        /// The permutation whose `word32` is `word`.
        init(word: UInt32) {
            for entity in 0..<4 { targets[entity] = UInt8(truncatingIfNeeded: word &>> (8 &* UInt32(entity))) }
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
        var world = world, scratch = world
        return withUnsafePointer(to: &world) { world in
            withUnsafeMutablePointer(to: &scratch) { canonicalForm(of: world, scratch: $0).pointee }
        }
    }

    /// The same, read in place: `world` itself when it is its own canonical form, else the
    /// form written over `scratch`.
    public func canonicalForm(of world: UnsafePointer<World>, scratch: UnsafeMutablePointer<World>) -> UnsafePointer<World> {
        var hint: UInt64 = 0
        return form(of: world, scratch: scratch, hint: &hint)
    }

    /// The same for a successor of `parent`, whose own form left `parentHint`. When the step
    /// left every byte the signatures read alone (`rankedBytesEqual`), the successor's
    /// signatures are its parent's, and so is the renaming that ranks its drivers and taxis,
    /// which the hint holds: the signatures are skipped. `hint` gets what this form passes
    /// on: the renaming when it was one ranking with no ties and one order of clients (the
    /// drivers' targets in the low four bytes, the taxis' in the high four; never 0, as a
    /// permutation of four sends some entity to 1), else 0.
    ///
    /// Why: the signatures were the largest part of a symmetric search (104 million of its
    /// 979 million instructions in the bench), and a step leaves what they read alone for
    /// about two forms in five (a clock tick, a request, a payment). Callgrind, bench with
    /// symmetry, 1 worker: signatures for 139 thousand of 227 thousand forms, 0.979 G →
    /// 0.958 G instructions in all (the hints' keeping included); without symmetry, where
    /// no hint is kept, 1.608 G → 1.610 G.
    public func canonicalForm(of world: UnsafePointer<World>, scratch: UnsafeMutablePointer<World>,
                              parent: UnsafePointer<World>, parentHint: UInt64, hint: inout UInt64) -> UnsafePointer<World> {
        guard parentHint != 0 && rankedBytesEqual(world, parent) else { return form(of: world, scratch: scratch, hint: &hint) }
        hint = parentHint
        let drivers = Permutation(word: UInt32(truncatingIfNeeded: parentHint)), taxis = Permutation(word: UInt32(truncatingIfNeeded: parentHint &>> 32))
        if drivers.isIdentity && taxis.isIdentity { return world }
        World.copy(world, to: scratch)
        rename(world, Renaming(drivers: drivers, taxis: taxis, clients: .identity), over: scratch)
        return UnsafePointer(scratch)
    }

    @inline(__always)
    private func form(of world: UnsafePointer<World>, scratch: UnsafeMutablePointer<World>, hint: inout UInt64) -> UnsafePointer<World> {
        let keys = signatures(at: world)
        // No ties and one client order: one candidate, nothing to compare (most forms).
        if clientPermutations.count == 1, let drivers = Permutation.ranks(keys.drivers, count: scope.drivers),
           let taxis = Permutation.ranks(keys.taxis, count: scope.taxis) {
            hint = UInt64(drivers.word32) | UInt64(taxis.word32) &<< 32
            if drivers.isIdentity && taxis.isIdentity { return world }
            World.copy(world, to: scratch)
            rename(world, Renaming(drivers: drivers, taxis: taxis, clients: .identity), over: scratch)
            return UnsafePointer(scratch)
        }
        hint = 0
        scratch.pointee = smallest(world, drivers: Ranking(keys.drivers, count: scope.drivers), taxis: Ranking(keys.taxis, count: scope.taxis))
        return UnsafePointer(scratch)
    }

    /// Whether `a` and `b` agree on every byte the signatures read (`RankedBytes`).
    @inline(__always)
    func rankedBytesEqual(_ a: UnsafePointer<World>, _ b: UnsafePointer<World>) -> Bool {
        rankedBytes.equal(UnsafeRawPointer(a), UnsafeRawPointer(b))
    }

    /// The bytes `signatures(at:)` reads in this scope's worlds, as masks over a world's six
    /// 32-byte strides (those `World.copy` moves, the last overlapping the one before):
    /// every driver's record, the taxis' owners, the zones' queues and lengths, each route's
    /// offer and each ride's driver and taxi. Vectors of four words, in six fields: as
    /// vectors of 32 bytes, Swift 6.3 compiled their `|` and `==` lane by lane through the
    /// stack (4,500 instructions a comparison), and read through an `InlineArray` the masks
    /// were copied for every comparison.
    struct RankedBytes: Sendable {
        typealias Stride = SIMD4<UInt64>
        let first: Stride, second: Stride, third: Stride, fourth: Stride, fifth: Stride, last: Stride
        static var size: Int { MemoryLayout<World>.size }

        init(scope: Scope) {
            typealias Layout = WorldBytes.Layout
            let size = RankedBytes.size
            precondition(size > 5 * 32 && size <= 6 * 32, "a world takes six 32-byte strides")
            var ranked = [Bool](repeating: false, count: size)
            for byte in Layout.drivers..<(Layout.drivers + scope.drivers * Layout.driverStride) { ranked[byte] = true }
            for t in 0..<scope.taxis { ranked[Layout.taxiOwners + t] = true }
            for z in 0..<scope.zones {
                for slot in 0..<World.queueSlots {
                    ranked[Layout.queueDrivers + z * World.queueSlots + slot] = true
                    ranked[Layout.queueTaxis + z * World.queueSlots + slot] = true
                }
                ranked[Layout.queueLength + z] = true
            }
            for r in 0..<scope.routes {
                ranked[Layout.routes + r * Layout.routeStride + Layout.offeredTo] = true
                ranked[Layout.rides + r * Layout.rideStride + Layout.rideDriver] = true
                ranked[Layout.rides + r * Layout.rideStride + Layout.rideTaxi] = true
            }
            func mask(from start: Int) -> Stride {
                var words = Stride()
                for byte in 0..<32 where ranked[start + byte] { words[byte / 8] |= 0xFF << (8 * UInt64(byte % 8)) }
                return words
            }
            (first, second, third, fourth, fifth) = (mask(from: 0), mask(from: 32), mask(from: 64), mask(from: 96), mask(from: 128))
            last = mask(from: size - 32)
        }

        /// Whether `a` and `b` agree on every ranked byte.
        @inline(__always)
        func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
            @inline(__always) func differing(_ start: Int, _ mask: Stride) -> Stride {
                (a.loadUnaligned(fromByteOffset: start, as: Stride.self) ^ b.loadUnaligned(fromByteOffset: start, as: Stride.self)) & mask
            }
            let difference = differing(0, first) | differing(32, second) | differing(64, third) | differing(96, fourth)
                | differing(128, fifth) | differing(RankedBytes.size - 32, last)
            return (difference[0] | difference[1] | difference[2] | difference[3]) == 0
        }
    }

    /// The reference canonical form for measuring the fast one: every permutation of every
    /// symmetric set. Exact by construction and slow.
    public func exhaustiveCanonicalForm(of world: World) -> World {
        withUnsafePointer(to: world) { smallest($0, drivers: .allTied(scope.drivers), taxis: .allTied(scope.taxis)) }
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
    func smallest(_ world: UnsafePointer<World>, drivers: Ranking, taxis: Ranking) -> World {
        // Two worlds used in turn: each renaming is written over the spare one and, when it
        // is smaller, the two swap roles (pointers swap, not worlds). Two locals rather than
        // `withUnsafeTemporaryAllocation`: with that allocation in this function (and a
        // `Permutation` tried as one 32-bit word), Swift 6.3's release build faulted on an
        // aligned vector store to a misaligned stack (in the one-renaming path this function
        // then held); the debug build ran, and with two locals the release build does too.
        var first = world.pointee, second = world.pointee
        return withUnsafeMutablePointer(to: &first) { first in
            withUnsafeMutablePointer(to: &second) { second in
                var best = first, spare = second
                var found = false
                for driverPermutation in driverPermutations {
                    guard let driverRenaming = drivers.renaming(driverPermutation) else { continue }
                    for taxiPermutation in taxiPermutations {
                        guard let taxiRenaming = taxis.renaming(taxiPermutation) else { continue }
                        for clients in clientPermutations {
                            if found { spare.update(from: world, count: 1) }
                            rename(world, Renaming(drivers: driverRenaming, taxis: taxiRenaming, clients: clients), over: spare)
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

    /// Byte order, as `memcmp` defines it: a total order on worlds, all of whose bytes count.
    func less(_ a: UnsafePointer<World>, _ b: UnsafePointer<World>) -> Bool {
        memcmp(a, b, MemoryLayout<World>.size) < 0
    }
}
