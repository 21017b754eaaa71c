import CheckerHints
import Synchronization

/// The fingerprints of canonical forms, cached by the fingerprint of the state as generated,
/// for a search with symmetry.
///
/// Why: a symmetric search asks for the canonical form of every successor, and most
/// successors are states it has generated before, from another parent. In the myTaxi bench,
/// 731 thousand successors are about 215 thousand different states; the canonical form
/// (signatures, ranking, renaming, then a second hash) cost about 1,000 instructions a
/// successor, two fifths of the search. A hit here costs one hash of the state as it is and
/// one load from this table.
///
/// One table for all workers, direct-mapped, written over on a clash: an entry lost is only
/// a canonical form computed again. An entry is two atomic words, `raw ^ canonical` and
/// `canonical`, written and read with relaxed ordering (plain moves): a reader that catches
/// an entry half written pairs the halves of two entries, and their exclusive or then names
/// some other fingerprint, so the lookup misses rather than answering wrong, unless 64 bits
/// happen to agree (`ExplorationResult.collisionProbability` counts that chance). Empty
/// entries are zeros, which no fingerprint matches: fingerprints are never zero.
///
/// What is cached is a function of the state alone, so which worker stored an entry, or
/// whether it was overwritten, changes the work done, never a fingerprint.
final class CanonicalMemo: @unchecked Sendable {
    typealias Word = Atomic<UInt64>
    private let region: PageRegion
    private let words: UnsafeMutablePointer<Word>
    let entries: Int
    /// Leaves the high bits of a fingerprint that choose its entry.
    private let shift: UInt64

    /// Entries held by default: 8 MiB. In the myTaxi bench with one worker, 2^16 entries
    /// found 54% of successors, 2^18 66%, 2^20 71% (about 215 thousand of the 731 thousand
    /// successors are first sightings, which no table can find).
    static let defaultEntries = 1 << 19

    /// A table of `entries` (a power of two, at least 2).
    init(entries: Int = CanonicalMemo.defaultEntries) {
        precondition(entries >= 2 && entries & (entries - 1) == 0, "a power of two entries")
        self.entries = entries
        shift = UInt64(64 - entries.trailingZeroBitCount)
        // Zeroed by `PagePool`: fresh pages backed in one call (probed before written, each
        // page would take two faults), or `memset` over a region an earlier search used,
        // which saves the faults too (2,048 pages at about 2 µs each). Initialising a
        // million words one by one cost 5 ms, more than a twentieth of the bench with
        // symmetry. Zero bytes are an atomic word holding zero.
        let bytes = entries * CanonicalMemo.entryBytes
        guard let region = PagePool.shared.region(atLeast: bytes, zeroed: bytes) else {
            fatalError("no address space left for a canonical memo of \(entries) entries")
        }
        self.region = region
        words = region.base.bindMemory(to: Word.self, capacity: 2 * entries)
    }

    /// The largest table within `budget` bytes, and no larger than the default.
    convenience init(within budget: Int) {
        var entries = CanonicalMemo.defaultEntries
        while entries > 2 && entries * CanonicalMemo.entryBytes > budget { entries /= 2 }
        self.init(entries: entries)
    }

    deinit {
        PagePool.shared.recycle(region, written: bytes)
    }

    static let entryBytes = 2 * MemoryLayout<UInt64>.stride
    var bytes: Int { entries * CanonicalMemo.entryBytes }

    /// The two words of `raw`'s entry (not private: a test writes half an entry).
    @inline(__always)
    func entry(_ raw: UInt64) -> UnsafeMutablePointer<Word> {
        words + 2 * Int(truncatingIfNeeded: raw &>> shift)
    }

    /// Starts loading `raw`'s entry, so that a loop that asks some states ahead finds it cached.
    @inline(__always)
    func prefetch(_ raw: UInt64) {
        checker_prefetch(entry(raw))
    }

    /// The canonical fingerprint stored for the state whose own fingerprint is `raw`, if any.
    @inline(__always)
    func canonical(of raw: UInt64) -> UInt64? {
        let slot = entry(raw)
        let canonical = slot[1].load(ordering: .relaxed)
        return slot[0].load(ordering: .relaxed) ^ canonical == raw ? canonical : nil
    }

    @inline(__always)
    func store(_ canonical: UInt64, for raw: UInt64) {
        let slot = entry(raw)
        slot[0].store(raw ^ canonical, ordering: .relaxed)
        slot[1].store(canonical, ordering: .relaxed)
    }
}
