import CheckerHints

/// The visited set: 64-bit fingerprints in one open-addressing table, nothing else.
///
/// Slots are mapped with a multiply-shift ("fastrange") rather than a power-of-two mask, so
/// the table can grow by half rather than double: its load stays between about 0.53 and 0.8,
/// which keeps it under 16 bytes per fingerprint (8 / 0.53 = 15). Zero marks an empty slot;
/// `StableHashable.fingerprint` never returns zero.
///
/// Concurrency: the explorer reads the set from several workers while nobody writes it, and
/// writes it from one thread between those phases. The table is a class so that the workers
/// share one copy; it is `@unchecked Sendable` under that discipline. Under the same
/// discipline its fields skip the runtime's exclusivity checks, which would otherwise cost a
/// call into the runtime for every probe of the merge loop.
public final class FingerprintSet: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var storedCount: Int = 0
    /// How many fingerprints the set holds.
    public var count: Int { storedCount }
    @exclusivity(unchecked) @usableFromInline var growthThreshold: Int

    static let maximumLoad = 0.8
    /// How many probes ahead a loop asks for its slots (`prefetch`): enough to cover a miss
    /// to memory at the pace of the merge loop, few enough that the lines are still cached
    /// when the probe comes.
    public static let prefetchDistance = 16

    public init(minimumCapacity: Int = 1 << 16) {
        capacity = max(minimumCapacity, 64)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        growthThreshold = Int(Double(capacity) * FingerprintSet.maximumLoad)
    }

    deinit { slots.deallocate() }

    /// Bytes held by the table.
    public var bytes: Int { capacity * MemoryLayout<UInt64>.stride }

    @inlinable
    func home(of fingerprint: UInt64, capacity: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// Starts loading the slot where a probe for `fingerprint` begins, without waiting for it.
    /// In a large search the table is far larger than the caches and nearly every probe
    /// misses; a loop that asks for its probes some iterations ahead has several misses in
    /// flight at once. Safe from any thread at any time: a prefetch reads nothing that a
    /// writer could tear, and never faults.
    @inlinable @inline(__always)
    public func prefetch(_ fingerprint: UInt64) {
        checker_prefetch(slots + home(of: fingerprint, capacity: capacity))
    }

    /// Whether `fingerprint` is present. Safe to call from several threads while no one inserts.
    @inlinable
    public func contains(_ fingerprint: UInt64) -> Bool {
        var index = home(of: fingerprint, capacity: capacity)
        while true {
            let slot = slots[index]
            if slot == fingerprint { return true }
            if slot == 0 { return false }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    /// Looks `fingerprint` up and inserts it when absent, in one probe sequence.
    /// Returns true when it was new.
    @inlinable
    @discardableResult
    public func insert(_ fingerprint: UInt64) -> Bool {
        precondition(fingerprint != 0, "fingerprint 0 is reserved for empty slots")
        if storedCount >= growthThreshold { grow() }
        var index = home(of: fingerprint, capacity: capacity)
        while true {
            let slot = slots[index]
            if slot == fingerprint { return false }
            if slot == 0 {
                slots[index] = fingerprint
                storedCount += 1
                return true
            }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    @usableFromInline
    func grow() {
        let newCapacity = capacity + capacity / 2
        let newSlots = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        newSlots.initialize(repeating: 0, count: newCapacity)
        for old in 0..<capacity where slots[old] != 0 {
            let fingerprint = slots[old]
            var index = home(of: fingerprint, capacity: newCapacity)
            while newSlots[index] != 0 {
                index += 1
                if index == newCapacity { index = 0 }
            }
            newSlots[index] = fingerprint
        }
        slots.deallocate()
        slots = newSlots
        capacity = newCapacity
        growthThreshold = Int(Double(capacity) * FingerprintSet.maximumLoad)
    }
}
