import CheckerHints
import Synchronization

/// The fingerprints of canonical forms, cached by the fingerprint of the state as generated,
/// for a search with symmetry.
///
/// Why: a symmetric search asks for the canonical form of every successor, and most
/// successors are states it has generated before, from another parent. In the myTaxi bench,
/// 731 thousand successors are about 203 thousand different states; the canonical form
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

    /// Entries a search starts with: 8 MiB. In the myTaxi bench with one worker, 2^16 entries
    /// found 54% of successors, 2^18 66%, 2^20 71% (about 203 thousand of the 731 thousand
    /// successors are first sightings, which no table can find). Starting smaller and
    /// growing with the states cost the bench forms: from 2^16, four entries per state
    /// computed 255 thousand forms, against 227 thousand from 2^19. Neither way is the
    /// bench faster (six alternated rounds each, 2 workers): 2^17 entries ran at 0.84 of
    /// 2^19's pace, and 2^20, which computes 29.4% of the forms instead of 31.0%, at 0.94.
    static let initialEntries = 1 << 19

    /// Whether the pages go to `PagePool` when the table goes: a table the search outgrew
    /// is unmapped instead, as the visited set's are, since while the search runs its
    /// memory is what its budget counts.
    private var pooled = true

    /// A table of `entries` (a power of two, at least 2).
    init(entries: Int = CanonicalMemo.initialEntries) {
        precondition(entries >= 2 && entries & (entries - 1) == 0, "a power of two entries")
        self.entries = entries
        shift = UInt64(64 - entries.trailingZeroBitCount)
        // Zeroed by `PagePool`: fresh pages backed in one call (probed before written, each
        // page would take two faults), or `memset` over a region an earlier search used,
        // which saves the faults too (2,048 pages at about 2 µs each). Initialising a
        // million words one by one cost 5 ms, more than a twentieth of the bench with
        // symmetry. Zero bytes are an atomic word holding zero.
        let bytes = entries * CanonicalMemo.entryBytes
        guard let region = PagePool.shared.region(atLeast: bytes, zeroed: bytes, for: ObjectIdentifier(CanonicalMemo.self)) else {
            fatalError("no address space left for a canonical memo of \(entries) entries")
        }
        self.region = region
        words = region.base.bindMemory(to: Word.self, capacity: 2 * entries)
    }

    /// The table a search starts with: `initialEntries`, or as many as fit in `budget`
    /// bytes (down to two).
    static func entries(within budget: Int) -> Int {
        var entries = initialEntries
        while entries > 2 && entries * entryBytes > budget { entries /= 2 }
        return entries
    }

    /// The table a search should have once it has found `states` distinct states, given the
    /// one it has (`current`): doubled until it holds `statesFactor` entries per state or
    /// would no longer fit in `budget` bytes; never smaller than `current`.
    ///
    /// Why it grows: a table of fixed size forgets the forms of a large search's states
    /// before they come back. With 2^19 entries (8 MiB), the qa scope to depth 8 computed
    /// the form of 60% of its 10 million successors, where the bench, with 731 thousand,
    /// computed 31%.
    static func entries(for states: Int, growing current: Int, within budget: Int) -> Int {
        var entries = current
        while entries < statesFactor * states && entries <= budget / (2 * entryBytes) { entries *= 2 }
        return entries
    }

    /// Entries per distinct state found. In the qa scope to depth 8 with symmetry and two
    /// workers, against the table of 2^19 entries throughout (medians of runs alternated
    /// with it, five and seven): 2 took the forms computed from 6.0 to 5.0 million and the
    /// search from 2.05 to 1.95 s; 4 took them to 4.6 million and the search from 2.32 to
    /// 2.10 s, with a table of 64 MiB (57 MB more resident at the end).
    static let statesFactor = 4

    /// A larger table of `entries` holding this one's entries, and this one retired. Each
    /// entry finds a place of its own there: a larger table chooses by more of the same high
    /// bits. Only between levels: no worker may be reading or writing either table.
    func grown(to entries: Int) -> CanonicalMemo {
        precondition(entries >= self.entries, "a canonical memo grows, it never shrinks")
        let grown = CanonicalMemo(entries: entries)
        for index in 0..<self.entries {
            let canonical = words[2 * index + 1].load(ordering: .relaxed)
            guard canonical != 0 else { continue }
            grown.store(canonical, for: words[2 * index].load(ordering: .relaxed) ^ canonical)
        }
        pooled = false
        return grown
    }

    deinit {
        if pooled { PagePool.shared.recycle(region, written: bytes) }
    }

    static let entryBytes = 2 * MemoryLayout<UInt64>.stride
    var bytes: Int { entries * CanonicalMemo.entryBytes }

    /// The two words of `raw`'s entry (not private: a test writes half an entry).
    @inline(__always)
    func entry(_ raw: UInt64) -> UnsafeMutablePointer<Word> {
        words + 2 * Int(truncatingIfNeeded: raw &>> shift)
    }

    /// How many states ahead of its lookup a state is hashed and its entry asked for.
    static let prefetchDistance = 16

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
