/// The bytes of a footprint in a plain-data state, as the words to read: word `w` is the
/// eight bytes at `offsets[w]` with `masks[w]` applied. Two states whose masked words are
/// equal are equal in every part of the footprint, so a property that reads only those
/// parts has the same verdict on both.
struct FootprintWords: Sendable {
    let offsets: [Int]
    let masks: [UInt64]

    /// The words covering `ranges` of a state of `size` bytes (at least eight). A word that
    /// would run past the end is read from `size - 8`, its mask shifted to match.
    init(ranges: [Range<Int>], size: Int) {
        precondition(size >= 8, "a footprint is read eight bytes at a time")
        var covered = [Bool](repeating: false, count: size)
        for range in ranges {
            precondition(range.lowerBound >= 0 && range.upperBound <= size, "the bytes \(range) are outside a state of \(size) bytes")
            for byte in range { covered[byte] = true }
        }
        var offsets: [Int] = [], masks: [UInt64] = []
        var start = 0
        while start < size {
            let offset = min(start, size - 8)
            var mask: UInt64 = 0
            for byte in max(start, offset)..<(offset + 8) where covered[byte] { mask |= 0xFF << (8 * UInt64(byte - offset)) }
            if mask != 0 {
                offsets.append(offset)
                masks.append(mask)
            }
            start = offset + 8
        }
        self.offsets = offsets
        self.masks = masks
    }
}

/// A worker's cache of state properties' verdicts, by footprint: for each footprint it
/// serves, a table from the footprint's bytes to the verdicts of the invariants that read
/// it, applied and violated, one bit per invariant.
///
/// Why: most states share their footprint's bytes with a state checked before. In the
/// myTaxi bench, state properties were evaluated 3.6 million times on 212 thousand distinct
/// (property, bytes) pairs; twelve invariants read the routes and rides alone, which take
/// 2,257 values over 72 thousand states. A state the parent-verdict rule (`StateParts`)
/// cannot skip is looked up here before anything is evaluated.
///
/// An entry is found by two 64-bit hashes of the footprint's words, computed with different
/// multipliers in one pass: one places the entry and tags it, the other must match too. A
/// false match needs both to agree on different bytes, about one chance in 2^128 per lookup,
/// beside which the visited set's fingerprint collisions (one in 2^64 per pair of states)
/// are everything; keeping the words themselves for an exact compare made the tables six
/// times larger than a core's cache could hold. An entry written over is only a lost hit.
/// Each worker has its own cache: nothing is shared, and what it holds depends on which
/// chunks the worker took, which changes the work done, never a verdict.
///
/// A cache pays only where a footprint's values recur: in the myTaxi qa scope, the states'
/// routes take so many values that most lookups miss, and caching made the search slower.
/// So each table judges itself (`Usage`): over each run of lookups it weighs the
/// evaluations its hits saved against the lookups' cost, and when they did not pay, the
/// footprint goes uncached for a while, then is tried again.
final class VerdictMemo {
    /// Entries per footprint, direct-mapped. In the myTaxi bench, 1,024 saved 4% of a
    /// search's instructions, 2,048 6%, 4,096 7.4%, 16,384 no more.
    static let entriesPerTable = 4096

    /// How one footprint's cache has been doing.
    struct Usage {
        /// Lookups and hits since the last judgement.
        var lookups = 0
        var hits = 0
        /// Chunks left to check without the cache, after a judgement against it, and how
        /// many the next such judgement sets: doubled by each one in a row, so that a cache
        /// that never pays is soon tried seldom.
        var pausedChunks = 0
        var nextPause = Usage.shortestPause

        /// Lookups between judgements, and the bounds of the pause after a bad one.
        static let window = 2048
        static let shortestPause = 16
        static let longestPause = 1024

        /// Whether the cache saved more than it cost since the last judgement. An
        /// evaluation is taken to cost as much as reading 20 words of a footprint, a lookup
        /// the footprint's words and four more, a miss as much again (it is stored): in the
        /// myTaxi model, the predicates run 100 to 200 instructions and a word costs 7.
        func paid(members: Int, words: Int) -> Bool {
            hits * members * 20 > (2 * lookups - hits) * (words + 4)
        }
    }

    /// One footprint's table and how to read the footprint, as plain pointers, so that a
    /// lookup touches no reference count.
    struct Table {
        /// Entries of four words: the placing hash with its low bit set (0 when empty), the
        /// checking hash, applied bits, violated bits.
        let entries: UnsafeMutablePointer<UInt64>
        let offsets: UnsafeMutablePointer<Int>
        let masks: UnsafeMutablePointer<UInt64>
        let words: Int
        let usage: UnsafeMutablePointer<Usage>

        /// A table for `plan` whose entries are at `entries`, zeroed (`VerdictMemo.prepare`).
        init(_ plan: FootprintWords, entries: UnsafeMutablePointer<UInt64>) {
            words = plan.offsets.count
            usage = .allocate(capacity: 1)
            usage.initialize(to: Usage())
            self.entries = entries
            offsets = .allocate(capacity: words)
            offsets.initialize(from: plan.offsets, count: words)
            masks = .allocate(capacity: words)
            masks.initialize(from: plan.masks, count: words)
        }

        func free() {
            usage.deallocate()
            offsets.deallocate()
            masks.deallocate()
        }

        /// Where `state`'s footprint is (or would be) cached, and the two hashes.
        @inline(__always)
        func place(_ state: UnsafeRawPointer) -> (entry: UnsafeMutablePointer<UInt64>, tag: UInt64, check: UInt64) {
            var placing: UInt64 = 0x243F_6A88_85A3_08D3, checking: UInt64 = 0x1319_8A2E_0370_7344
            for word in 0..<words {
                let value = state.loadUnaligned(fromByteOffset: offsets[word], as: UInt64.self) & masks[word]
                placing = (placing ^ value) &* 0x9E37_79B9_7F4A_7C15
                placing ^= placing >> 29
                checking = (checking &+ value) &* 0xC2B2_AE3D_27D4_EB4F
                checking ^= checking >> 31
            }
            // The high bits of the last product depend on every word; folded, they place.
            placing ^= placing >> 32
            placing &*= 0xFF51_AFD7_ED55_8CCD
            let index = Int(truncatingIfNeeded: placing >> 52) & (VerdictMemo.entriesPerTable - 1)
            return (entries + 4 * index, placing | 1, checking)
        }

        /// The cached verdicts on `state`, if any.
        @inline(__always)
        func lookup(_ state: UnsafeRawPointer) -> (applied: UInt64, violated: UInt64)? {
            let (entry, tag, check) = place(state)
            return entry[0] == tag && entry[1] == check ? (entry[2], entry[3]) : nil
        }

        /// Caches the verdicts on `state`, over whatever the entry held.
        @inline(__always)
        func store(_ state: UnsafeRawPointer, applied: UInt64, violated: UInt64) {
            let (entry, tag, check) = place(state)
            entry[0] = tag
            entry[1] = check
            entry[2] = applied
            entry[3] = violated
        }

        /// Whether to check the next chunk through the cache (counts down a pause).
        @inline(__always)
        func isActive() -> Bool {
            guard usage.pointee.pausedChunks > 0 else { return true }
            usage.pointee.pausedChunks -= 1
            return false
        }

        /// Counts a chunk's lookups and hits, and judges the cache at the end of a window.
        func record(lookups: Int, hits: Int, members: Int) {
            usage.pointee.lookups += lookups
            usage.pointee.hits += hits
            guard usage.pointee.lookups >= Usage.window else { return }
            if usage.pointee.paid(members: members, words: words) {
                usage.pointee.nextPause = Usage.shortestPause
            } else {
                usage.pointee.pausedChunks = usage.pointee.nextPause
                usage.pointee.nextPause = min(2 * usage.pointee.nextPause, Usage.longestPause)
            }
            usage.pointee.lookups = 0
            usage.pointee.hits = 0
        }
    }

    /// Per footprint slot of `CompiledProperties`: its table, or nil.
    @exclusivity(unchecked) private(set) var tables: [Table?] = []
    /// The entries of every table, one after another, in a region from `PagePool`: a
    /// worker's tables are a megabyte or more, and allocated afresh for each search, their
    /// pages were faulted in during the search's first levels, each worker's in turn.
    private var region: PageRegion?
    private var written = 0

    private let pool: PagePool

    static let tableBytes = entriesPerTable * 4 * MemoryLayout<UInt64>.stride

    init(pool: PagePool = .shared) {
        self.pool = pool
    }

    deinit {
        for case let table? in tables { table.free() }
        if let region { pool.recycle(region, written: written) }
    }

    /// Sets up the tables for `plans` on first use; a worker's memo serves one search.
    func prepare(_ plans: [FootprintWords?]) {
        guard tables.isEmpty else { return }
        let count = plans.lazy.filter { $0 != nil }.count
        let bytes = max(1, count) * VerdictMemo.tableBytes
        guard let region = pool.region(atLeast: bytes, zeroed: bytes, for: ObjectIdentifier(VerdictMemo.self)) else {
            fatalError("no address space left for the verdict caches of \(count) footprints")
        }
        self.region = region
        written = bytes
        var next = region.base.bindMemory(to: UInt64.self, capacity: bytes / MemoryLayout<UInt64>.stride)
        tables = plans.map { plan in
            plan.map { plan in
                defer { next += VerdictMemo.tableBytes / MemoryLayout<UInt64>.stride }
                return Table(plan, entries: next)
            }
        }
    }
}
