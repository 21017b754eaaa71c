import CheckerHints
import Synchronization

/// The visited set: 64-bit fingerprints in one open-addressing table, nothing else.
///
/// Slots are mapped with a multiply-shift ("fastrange") rather than a power-of-two mask, so
/// the table can grow by half rather than double (`grownCapacity`): its load stays between
/// about 0.53 and 0.8, which keeps it under 16 bytes per fingerprint (8 / 0.53 = 15). Zero
/// marks an empty slot; `StableHashable.fingerprint` never returns zero.
///
/// Measured and left: a load of at most 0.7, growing by three eighths (so that it stays
/// above a half), shortens the probes for fingerprints not in the table (linear probing
/// runs past the clusters: about 13 slots at 0.8, 6 at 0.7), but saved only 1.1% of a
/// bench search's instructions (0.6% with symmetry) and nothing measurable in time (ten
/// alternated rounds of `verify bench --repeat 3`: 0.97 to 1.01).
///
/// Concurrency: one writer at a time, and readers on any thread at any time. The explorer
/// merges a level's first chunks (inserting) while workers still expand its later ones
/// (probing with `contains`), so that the merge is not a phase of its own on one core.
/// - Each slot is an atomic word that changes once, from empty to a fingerprint, and never
///   again. A reader sees a slot either empty or whole; it may miss a fingerprint being
///   inserted, and then answers "absent", which is what it would have answered a moment
///   earlier. It never answers "present" for a fingerprint not inserted.
/// - Growing builds a new table beside the old one and then publishes it; readers that
///   still hold the old one read a consistent, older table. Old tables are freed by
///   `reclaim()`, which the coordinator calls when no reader is left.
/// - `insert`, `reclaim` and `count` belong to the writer; the explorer hands the writer's
///   role from thread to thread under a lock (`LevelMerge`).
///
/// Relaxed atomic loads and stores are plain moves on the machines we run on; the class is
/// `@unchecked Sendable` under the discipline above, and its writer-only fields skip the
/// runtime's exclusivity checks, which would cost a call into the runtime per probe.
public final class FingerprintSet: @unchecked Sendable {
    @usableFromInline typealias Slot = Atomic<UInt64>

    // Every probe of every worker reads `published`, and every insert writes `storedCount`:
    // on one cache line, each insert would take the line from the readers' cores. The pads
    // keep it apart from the writer's fields and from the object's reference count.
    private let readersApart = CacheLinePad()
    /// The table readers probe: its first word holds the capacity, the slots follow.
    @usableFromInline let published: Atomic<UnsafeMutablePointer<Slot>>
    private let writerApart = CacheLinePad()
    // The writer's view of the same table, and tables replaced but perhaps still read.
    @exclusivity(unchecked) @usableFromInline var table: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var storedCount: Int = 0
    @exclusivity(unchecked) @usableFromInline var growthThreshold: Int
    @exclusivity(unchecked) private var tableRegion: PageRegion
    /// Tables replaced, with the bytes each held.
    @exclusivity(unchecked) private var retired: [(region: PageRegion, bytes: Int)] = []
    @exclusivity(unchecked) private var retiredBytes = 0
    private let pool: PagePool

    /// How many fingerprints the set holds.
    public var count: Int { storedCount }

    static let maximumLoad = 0.8

    /// The capacity a table of `capacity` slots grows to: half as much again, so that the
    /// load just after growing, 0.8 / 1.5, is still above a half.
    static func grownCapacity(_ capacity: Int) -> Int { capacity + capacity / 2 }

    /// How many probes ahead a loop asks for its slots (`prefetch`): enough to cover a miss
    /// to memory at the pace of the merge loop, few enough that the lines are still cached
    /// when the probe comes.
    public static let prefetchDistance = 16

    public convenience init(minimumCapacity: Int = 1 << 16) {
        self.init(minimumCapacity: minimumCapacity, pool: .shared)
    }

    /// A set whose tables come from `pool` and go back to it.
    init(minimumCapacity: Int, pool: PagePool) {
        self.pool = pool
        capacity = max(minimumCapacity, 64)
        (tableRegion, table) = FingerprintSet.makeTable(capacity: capacity, pool: pool)
        published = Atomic(table)
        growthThreshold = Int(Double(capacity) * FingerprintSet.maximumLoad)
    }

    deinit {
        reclaim()
        // The search is over: a later one may take the table's pages.
        pool.recycle(tableRegion, written: (capacity + 1) * MemoryLayout<Slot>.stride)
    }

    /// Bytes held by the table, and by tables replaced while readers may still hold them.
    public var bytes: Int { (capacity + 1) * MemoryLayout<Slot>.stride + retiredBytes }

    @inlinable @inline(__always)
    static func home(of fingerprint: UInt64, capacity: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The published table's capacity and slots, for a reader.
    @inlinable @inline(__always)
    func readerView() -> (capacity: Int, slots: UnsafeMutablePointer<Slot>) {
        let table = published.load(ordering: .acquiring)
        return (Int(truncatingIfNeeded: table[0].load(ordering: .relaxed)), table + 1)
    }

    /// Starts loading the slot where a probe for `fingerprint` begins, without waiting for it.
    /// In a large search the table is far larger than the caches and nearly every probe
    /// misses; a loop that asks for its probes some iterations ahead has several misses in
    /// flight at once. Safe from any thread at any time: a prefetch reads nothing that a
    /// writer could tear, and never faults.
    @inlinable @inline(__always)
    public func prefetch(_ fingerprint: UInt64) {
        let view = readerView()
        checker_prefetch(view.slots + FingerprintSet.home(of: fingerprint, capacity: view.capacity))
    }

    /// Whether `fingerprint` is present. Safe from any thread, also while the writer inserts
    /// (see the type's note on concurrency).
    @inlinable
    public func contains(_ fingerprint: UInt64) -> Bool {
        let (capacity, slots) = readerView()
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
    /// Returns true when it was new. The writer's call.
    @inlinable
    @discardableResult
    public func insert(_ fingerprint: UInt64) -> Bool {
        precondition(fingerprint != 0, "fingerprint 0 is reserved for empty slots")
        if storedCount >= growthThreshold { grow() }
        let slots = table + 1
        var index = FingerprintSet.home(of: fingerprint, capacity: capacity)
        while true {
            let slot = slots[index].load(ordering: .relaxed)
            if slot == fingerprint { return false }
            if slot == 0 {
                slots[index].store(fingerprint, ordering: .relaxed)
                storedCount += 1
                return true
            }
            index &+= 1
            if index == capacity { index = 0 }
        }
    }

    /// Frees the tables that growing replaced. Only when no reader can hold one: between
    /// the explorer's phases.
    public func reclaim() {
        for table in retired where table.bytes <= FingerprintSet.pooledTableLimit {
            pool.recycle(table.region, written: table.bytes)
        }
        // The others are unmapped as they go: while the search runs, its memory is what
        // its budget counts.
        retired.removeAll()
        retiredBytes = 0
    }

    /// The largest outgrown table that goes to `PagePool` for the next search's growth,
    /// rather than being unmapped.
    ///
    /// Why: a new table is read before it is written, so it comes backed with memory up
    /// front (`PageRegion.zero`), which costs the kernel's time in the merge, where every
    /// worker waits at the end of a level. In the myTaxi bench the tables a search outgrew
    /// (five, without symmetry) took 1.3 to 6 ms of it, against under 1 ms when the next
    /// search found them in the pool. Pooling every outgrown table held 4 to 9% more memory resident in
    /// the qa scope to depth 8, which no budget counted; up to 4 MiB, a search holds at
    /// most about 11 MB more than its budget counts, whatever its size.
    static let pooledTableLimit = 4 << 20

    @usableFromInline
    func grow() {
        let newCapacity = FingerprintSet.grownCapacity(capacity)
        let (grownRegion, grown) = FingerprintSet.makeTable(capacity: newCapacity, pool: pool)
        let oldSlots = table + 1, newSlots = grown + 1
        for old in 0..<capacity {
            let fingerprint = oldSlots[old].load(ordering: .relaxed)
            guard fingerprint != 0 else { continue }
            var index = FingerprintSet.home(of: fingerprint, capacity: newCapacity)
            while newSlots[index].load(ordering: .relaxed) != 0 {
                index &+= 1
                if index == newCapacity { index = 0 }
            }
            newSlots[index].store(fingerprint, ordering: .relaxed)
        }
        // Releasing: a reader that sees the new table sees every slot copied into it.
        published.store(grown, ordering: .releasing)
        retired.append((tableRegion, (capacity + 1) * MemoryLayout<Slot>.stride))
        retiredBytes += (capacity + 1) * MemoryLayout<Slot>.stride
        table = grown
        tableRegion = grownRegion
        capacity = newCapacity
        growthThreshold = Int(Double(capacity) * FingerprintSet.maximumLoad)
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
