/// A state's key in a split search: its fingerprint and a second 64-bit hash of the same
/// value (`StableHasher.wideHalf`), 128 bits in all. The fingerprint chooses the state's owner
/// and its slot; the second half only tells apart states whose fingerprints agree.
///
/// Why: a split search is for scopes past one machine, and a visited set of 64-bit
/// fingerprints loses a state whenever two share one, a chance TLC estimates at n (g - n) /
/// 2^64 for n distinct states and g generated: 1.3e-3 for myTaxi `qa` at depth 11 (70
/// million states), past 1 at 10^10. At 10^10 states with five successors each, 128 bits
/// bring it to about 1e-18. Chosen for every split run, not by its size: the size is not
/// known before the run, and the second half costs each successor one hash more, 8 bytes
/// more in the files and 8 more per slot in the sets (docs/PERFORMANCE.md).
struct WideKey: Hashable {
    let fingerprint: UInt64
    let check: UInt64
}

/// A set of wide keys for one thread: open addressing with linear probing, pairs of words
/// side by side, a zero fingerprint marking an empty slot (`StableHasher.fingerprint` never
/// returns zero). A slot is chosen by the fingerprint's high bits: its low bits choose the
/// owner (`ShardPlan.owner(of:)`), so a process's keys all share them. Plain memory rather
/// than an array: the array paid a bounds check on every probe.
final class WideKeySet {
    // Unchecked: one thread owns the set, and a dynamic exclusivity check on every probe
    // cost more than the probe.
    @exclusivity(unchecked) private var words: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(minimumCapacity: Int = 1 << 12) {
        capacity = max(16, minimumCapacity)
        words = Self.emptyTable(capacity)
    }

    deinit { words.deallocate() }

    var bytes: Int { 2 * capacity * MemoryLayout<UInt64>.stride }

    func contains(_ key: WideKey) -> Bool {
        var slot = home(key.fingerprint, capacity)
        while words[2 * slot] != 0 {
            if words[2 * slot] == key.fingerprint && words[2 * slot + 1] == key.check { return true }
            slot = slot + 1 == capacity ? 0 : slot + 1
        }
        return false
    }

    /// Adds `key`; says whether it was new.
    @discardableResult
    func insert(_ key: WideKey) -> Bool {
        precondition(key.fingerprint != 0, "a fingerprint is never zero")
        var slot = home(key.fingerprint, capacity)
        while words[2 * slot] != 0 {
            if words[2 * slot] == key.fingerprint && words[2 * slot + 1] == key.check { return false }
            slot = slot + 1 == capacity ? 0 : slot + 1
        }
        words[2 * slot] = key.fingerprint
        words[2 * slot + 1] = key.check
        count += 1
        if 4 * count > 3 * capacity { grow() }
        return true
    }

    private func home(_ fingerprint: UInt64, _ capacity: Int) -> Int {
        FingerprintSet.home(of: fingerprint, capacity: capacity)
    }

    private static func emptyTable(_ capacity: Int) -> UnsafeMutablePointer<UInt64> {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacity)
        words.initialize(repeating: 0, count: 2 * capacity)
        return words
    }

    private func grow() {
        let old = words
        let oldCapacity = capacity
        capacity *= 2
        words = Self.emptyTable(capacity)
        for index in 0..<oldCapacity where old[2 * index] != 0 {
            var slot = home(old[2 * index], capacity)
            while words[2 * slot] != 0 { slot = slot + 1 == capacity ? 0 : slot + 1 }
            words[2 * slot] = old[2 * index]
            words[2 * slot + 1] = old[2 * index + 1]
        }
        old.deallocate()
    }
}
