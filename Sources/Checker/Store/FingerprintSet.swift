import CheckerHints
import Synchronization

/// The visited set: 64-bit fingerprints in open-addressing tables, nothing else, cut into
/// shards by the fingerprint's low bits so that as many workers as there are shards can
/// insert at once.
///
/// Slots are mapped with a multiply-shift ("fastrange", the fingerprint's high bits) rather
/// than a power-of-two mask, so a table can grow by half rather than double
/// (`grownCapacity`): its load stays between about 0.53 and 0.8, which keeps it under 16
/// bytes per fingerprint (8 / 0.53 = 15). Zero marks an empty slot;
/// `StableHashable.fingerprint` never returns zero. The shard comes from the low bits, which
/// the slot does not use, so every shard's fingerprints spread over its whole table.
///
/// Measured and left: a load of at most 0.7, growing by three eighths (so that it stays
/// above a half), shortens the probes for fingerprints not in the table (linear probing
/// runs past the clusters: about 13 slots at 0.8, 6 at 0.7), but saved only 1.1% of a
/// bench search's instructions (0.6% with symmetry) and nothing measurable in time (ten
/// alternated rounds of `verify bench --repeat 3`: 0.97 to 1.01).
///
/// Concurrency: per shard, one writer at a time, and readers on any thread at any time. The
/// explorer merges a level's first chunks (inserting, each shard under its own turn) while
/// workers still expand its later ones (probing with `contains`).
/// - Each slot is an atomic word that changes once, from empty to a fingerprint, and never
///   again. A reader sees a slot either empty or whole; it may miss a fingerprint being
///   inserted, and then answers "absent", which is what it would have answered a moment
///   earlier. It never answers "present" for a fingerprint not inserted.
/// - Growing builds a shard's new table beside the old one and then publishes it; readers
///   that still hold the old one read a consistent, older table. Old tables are freed by
///   `reclaim()`, which the coordinator calls when no reader or writer is left, and, with
///   registered readers, as soon as every reader has been idle or begun again since
///   (`enter`, `leave`, `reclaimQuiet`: a quiescent-state scheme): a level's merge would
///   otherwise hold every table its shards outgrew, up to two thirds of the set, till its end.
/// - `insert` belongs to the writer of the fingerprint's shard (`LevelMerge` hands each
///   shard's role from thread to thread); `reclaim`, `count` and `bytes` to the coordinator,
///   between phases.
/// - Each shard's published table sits on a cache line of its own, apart from the writers'
///   fields (which change at every insert) and from the other shards', so that an insert
///   takes no line from the readers' cores.
///
/// Relaxed atomic loads and stores are plain moves on the machines we run on; the class is
/// `@unchecked Sendable` under the discipline above.
public final class FingerprintSet: @unchecked Sendable {
    @usableFromInline typealias Slot = Atomic<UInt64>

    /// A shard's writer fields.
    @usableFromInline struct Shard {
        @usableFromInline var table: UnsafeMutablePointer<Slot>
        @usableFromInline var capacity: Int
        @usableFromInline var storedCount = 0
        @usableFromInline var growthThreshold: Int
        var region: PageRegion
        /// Tables replaced, with the bytes each held and the epoch they were replaced at.
        var retired: [(region: PageRegion, bytes: Int, epoch: Int)] = []
        var retiredBytes = 0
    }

    /// Per shard, a line of its own: the table readers probe (its first word holds the
    /// capacity, the slots follow).
    @usableFromInline let published: UnsafeMutableRawPointer
    /// Per shard, lines of their own: its writer's fields.
    @usableFromInline let shards: UnsafeMutableRawPointer
    @usableFromInline let shardStride = CacheLinePad.rounded(MemoryLayout<Shard>.stride)
    @usableFromInline let shardMask: UInt64
    public let shardCount: Int
    private let pool: PagePool
    /// Per registered reader, a line of its own: the epoch it entered at, or `Int.max` when
    /// idle. Growing a table moves `epoch` on; the table it replaced may go once every
    /// reader is idle or entered at the new epoch or later.
    private let readerEpochs: UnsafeMutableRawPointer
    private let readerCount: Int
    private let epoch = Atomic<Int>(0)

    static let maximumLoad = 0.8

    /// The shards of a search's visited set for `workers` workers: four per worker, so that
    /// they rarely wait for one another's turn, up to 64, so that a chunk's candidates sorted
    /// by shard (`LevelMerge`) still fill each shard's run with a few dozen; one for one
    /// worker, which merges every shard itself and so skips the sorting. Each shard costs
    /// every chunk a turn tried: with 64 shards for 2 workers the bench's search ran 16%
    /// slower than with one shard.
    public static func shards(forWorkers workers: Int) -> Int {
        guard workers > 1 else { return 1 }
        var shards = 1
        while shards < 4 * workers && shards < 64 { shards *= 2 }
        return shards
    }

    /// The capacity a table of `capacity` slots grows to: half as much again, so that the
    /// load just after growing, 0.8 / 1.5, is still above a half.
    static func grownCapacity(_ capacity: Int) -> Int { capacity + capacity / 2 }

    /// How many probes ahead a loop asks for its slots (`prefetch`): enough to cover a miss
    /// to memory at the pace of the merge loop, few enough that the lines are still cached
    /// when the probe comes.
    public static let prefetchDistance = 16

    public convenience init(minimumCapacity: Int = 1 << 16, shards: Int = 1, readers: Int = 0) {
        self.init(minimumCapacity: minimumCapacity, shards: shards, readers: readers, pool: .shared)
    }

    /// A set of `shards` shards (a power of two) holding `minimumCapacity` slots in all to
    /// begin with, whose tables come from `pool` and go back to it; `readers` readers may
    /// register (`enter`), and with none the tables outgrown wait for `reclaim()`.
    init(minimumCapacity: Int, shards: Int = 1, readers: Int = 0, pool: PagePool) {
        precondition(shards >= 1 && shards & (shards - 1) == 0, "a power of two of shards, not \(shards)")
        self.pool = pool
        readerCount = readers
        readerEpochs = .allocate(byteCount: MemoryLayout<CacheLinePad>.size * max(1, readers), alignment: MemoryLayout<CacheLinePad>.size)
        for reader in 0..<readers {
            (readerEpochs + reader * MemoryLayout<CacheLinePad>.size).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(.max))
        }
        shardCount = shards
        shardMask = UInt64(shards - 1)
        let line = MemoryLayout<CacheLinePad>.size
        published = .allocate(byteCount: line * shards, alignment: line)
        self.shards = .allocate(byteCount: shardStride * shards, alignment: line)
        let capacity = max(minimumCapacity / shards, 64)
        for shard in 0..<shards {
            let (region, table) = FingerprintSet.makeTable(capacity: capacity, pool: pool)
            (published + shard * line).bindMemory(to: Atomic<UnsafeMutablePointer<Slot>>.self, capacity: 1).initialize(to: Atomic(table))
            (self.shards + shard * shardStride).bindMemory(to: Shard.self, capacity: 1).initialize(to: Shard(
                table: table, capacity: capacity, growthThreshold: Int(Double(capacity) * FingerprintSet.maximumLoad), region: region))
        }
    }

    deinit {
        reclaim()
        for shard in 0..<shardCount {
            let writer = self.shard(shard)
            // The search is over: a later one may take the table's pages.
            pool.recycle(writer.pointee.region, written: (writer.pointee.capacity + 1) * MemoryLayout<Slot>.stride)
            writer.deinitialize(count: 1)
            publishedTable(shard).deinitialize(count: 1)
        }
        published.deallocate()
        shards.deallocate()
        readerEpochs.deallocate()
    }

    @inlinable @inline(__always)
    func shard(_ shard: Int) -> UnsafeMutablePointer<Shard> {
        (shards + shard * shardStride).assumingMemoryBound(to: Shard.self)
    }

    @inlinable @inline(__always)
    func publishedTable(_ shard: Int) -> UnsafeMutablePointer<Atomic<UnsafeMutablePointer<Slot>>> {
        (published + shard * MemoryLayout<CacheLinePad>.size).assumingMemoryBound(to: Atomic<UnsafeMutablePointer<Slot>>.self)
    }

    /// The shard that holds `fingerprint`.
    @inlinable @inline(__always)
    public func shard(of fingerprint: UInt64) -> Int { Int(truncatingIfNeeded: fingerprint & shardMask) }

    /// How many fingerprints the set holds. The coordinator's call, between phases.
    public var count: Int { (0..<shardCount).reduce(0) { $0 + shard($1).pointee.storedCount } }

    /// Bytes held by the tables, and by tables replaced while readers may still hold them.
    /// The coordinator's call, between phases.
    public var bytes: Int { bytes(retired: true) }

    /// The same, with or without the tables replaced.
    func bytes(retired: Bool) -> Int {
        (0..<shardCount).reduce(0) { total, index in
            let writer = shard(index).pointee
            return total + (writer.capacity + 1) * MemoryLayout<Slot>.stride + (retired ? writer.retiredBytes : 0)
        }
    }

    @inlinable @inline(__always)
    static func home(of fingerprint: UInt64, capacity: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The published table of `fingerprint`'s shard, its capacity and slots, for a reader.
    /// Sequentially consistent, against a reader's `enter` (a plain load on x86-64).
    @inlinable @inline(__always)
    func readerView(_ fingerprint: UInt64) -> (capacity: Int, slots: UnsafeMutablePointer<Slot>) {
        let table = publishedTable(shard(of: fingerprint)).pointee.load(ordering: .sequentiallyConsistent)
        return (Int(truncatingIfNeeded: table[0].load(ordering: .relaxed)), table + 1)
    }

    /// Starts loading the slot where a probe for `fingerprint` begins, without waiting for it.
    /// In a large search the table is far larger than the caches and nearly every probe
    /// misses; a loop that asks for its probes some iterations ahead has several misses in
    /// flight at once. Safe from any thread at any time: a prefetch reads nothing that a
    /// writer could tear, and never faults.
    @inlinable @inline(__always)
    public func prefetch(_ fingerprint: UInt64) {
        let view = readerView(fingerprint)
        checker_prefetch(view.slots + FingerprintSet.home(of: fingerprint, capacity: view.capacity))
    }

    /// Whether `fingerprint` is present. Safe from any thread, also while writers insert
    /// (see the type's note on concurrency).
    @inlinable @inline(__always)
    public func contains(_ fingerprint: UInt64) -> Bool {
        let (capacity, slots) = readerView(fingerprint)
        var index = FingerprintSet.home(of: fingerprint, capacity: capacity)
        while true {
            let slot = slots[index].load(ordering: .relaxed)
            if slot == fingerprint { return true }
            if slot == 0 { return false }
            // Unchecked: below the capacity, the index cannot overflow, and the check was
            // an instruction in every probe.
            index &+= 1
            if index == capacity { index = 0 }
        }
    }

    /// Looks `fingerprint` up and inserts it when absent, in one probe sequence.
    /// Returns true when it was new. The call of the writer of the fingerprint's shard.
    @inlinable
    @discardableResult
    public func insert(_ fingerprint: UInt64) -> Bool {
        precondition(fingerprint != 0, "fingerprint 0 is reserved for empty slots")
        let index = shard(of: fingerprint)
        let writer = shard(index)
        if writer.pointee.storedCount >= writer.pointee.growthThreshold { grow(index) }
        let capacity = writer.pointee.capacity, slots = writer.pointee.table + 1
        var slot = FingerprintSet.home(of: fingerprint, capacity: capacity)
        while true {
            let stored = slots[slot].load(ordering: .relaxed)
            if stored == fingerprint { return false }
            if stored == 0 {
                slots[slot].store(fingerprint, ordering: .relaxed)
                writer.pointee.storedCount += 1
                return true
            }
            slot &+= 1
            if slot == capacity { slot = 0 }
        }
    }

    private func readerEpoch(_ reader: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (readerEpochs + reader * MemoryLayout<CacheLinePad>.size).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Reader `reader` is about to probe (a worker, before it expands a chunk).
    func enter(reader: Int) {
        readerEpoch(reader).pointee.store(epoch.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
    }

    /// Reader `reader` holds no table any more.
    func leave(reader: Int) {
        readerEpoch(reader).pointee.store(.max, ordering: .releasing)
    }

    /// Frees the tables shard `index` outgrew that no registered reader can still hold. The
    /// call of the shard's writer.
    func reclaimQuiet(_ index: Int) {
        let writer = shard(index)
        guard readerCount > 0, !writer.pointee.retired.isEmpty else { return }
        let oldest = (0..<readerCount).reduce(Int.max) { min($0, readerEpoch($1).pointee.load(ordering: .sequentiallyConsistent)) }
        while let table = writer.pointee.retired.first, table.epoch <= oldest {
            writer.pointee.retired.removeFirst()
            writer.pointee.retiredBytes -= table.bytes
            if table.bytes <= pooledTableLimit { pool.recycle(table.region, written: table.bytes) }
        }
    }

    /// Frees the tables that growing replaced. Only when no reader can hold one: between
    /// the explorer's phases.
    public func reclaim() {
        for index in 0..<shardCount {
            let writer = shard(index)
            for table in writer.pointee.retired where table.bytes <= pooledTableLimit {
                pool.recycle(table.region, written: table.bytes)
            }
            // The others are unmapped as they go: while the search runs, its memory is what
            // its budget counts.
            writer.pointee.retired.removeAll()
            writer.pointee.retiredBytes = 0
        }
    }

    /// The largest outgrown table that goes to `PagePool` for the next search's growth,
    /// rather than being unmapped: `pooledBytes` over the shards.
    ///
    /// Why: a new table is read before it is written, so it comes backed with memory up
    /// front (`PageRegion.zero`), which costs the kernel's time in the merge, where every
    /// worker waits at the end of a level. In the myTaxi bench the tables a search outgrew
    /// (five, without symmetry) took 1.3 to 6 ms of it, against under 1 ms when the next
    /// search found them in the pool. Pooling every outgrown table held 4 to 9% more memory
    /// resident in the qa scope to depth 8, which no budget counted; up to 4 MiB over the
    /// shards, a search holds at most about 11 MB more than its budget counts, whatever its size.
    var pooledTableLimit: Int { FingerprintSet.pooledBytes / shardCount }
    static let pooledBytes = 4 << 20

    @usableFromInline
    func grow(_ index: Int) {
        let writer = shard(index)
        let capacity = writer.pointee.capacity
        let newCapacity = FingerprintSet.grownCapacity(capacity)
        let (grownRegion, grown) = FingerprintSet.makeTable(capacity: newCapacity, pool: pool)
        let oldSlots = writer.pointee.table + 1, newSlots = grown + 1
        for old in 0..<capacity {
            let fingerprint = oldSlots[old].load(ordering: .relaxed)
            guard fingerprint != 0 else { continue }
            var slot = FingerprintSet.home(of: fingerprint, capacity: newCapacity)
            while newSlots[slot].load(ordering: .relaxed) != 0 {
                slot &+= 1
                if slot == newCapacity { slot = 0 }
            }
            newSlots[slot].store(fingerprint, ordering: .relaxed)
        }
        // A reader that sees the new table sees every slot copied into it; one that enters
        // at the new epoch or later sees the new table.
        publishedTable(index).pointee.store(grown, ordering: .sequentiallyConsistent)
        let replacedAt = epoch.add(1, ordering: .sequentiallyConsistent).newValue
        let oldBytes = (capacity + 1) * MemoryLayout<Slot>.stride
        writer.pointee.retired.append((writer.pointee.region, oldBytes, replacedAt))
        writer.pointee.retiredBytes += oldBytes
        writer.pointee.table = grown
        writer.pointee.region = grownRegion
        writer.pointee.capacity = newCapacity
        writer.pointee.growthThreshold = Int(Double(newCapacity) * FingerprintSet.maximumLoad)
    }

    /// A table in a region of its own, from `PagePool` when an earlier search left one
    /// there. Its pages come backed by memory and zeroed, rather than faulted in as probed
    /// (twice a page, as a probe reads before it writes).
    static func makeTable(capacity: Int, pool: PagePool) -> (region: PageRegion, table: UnsafeMutablePointer<Slot>) {
        let bytes = (capacity + 1) * MemoryLayout<Slot>.stride
        guard let region = pool.region(atLeast: bytes, zeroed: bytes, for: ObjectIdentifier(Slot.self)) else {
            fatalError("no address space left for a visited set of \(capacity) slots")
        }
        // Zero bytes are an atomic word holding zero: every slot starts empty.
        let table = region.base.bindMemory(to: Slot.self, capacity: capacity + 1)
        table[0].store(UInt64(capacity), ordering: .relaxed)
        return (region, table)
    }
}
