/// The regions of searches that have ended, for the next search in the process (the bench's
/// repeated runs, the targets of one `verify check`, a test suite): its buffers then find
/// their pages already backed by memory, and it zeroes with `memset` what it needs zeroed,
/// at a tenth of the cost of faulting it in.
///
/// A search's buffers come here when it ends (its level buffers, trace log and origins, its
/// visited set's table, its canonical memo, its workers' transitions and verdict caches),
/// and so do the tables its visited set outgrows, as it outgrows them. Other buffers a search
/// outgrows while it runs are unmapped at once. A region with more than `regionLimit` bytes of
/// pages is unmapped too, as malloc unmaps a block above 32 MiB, so that the buffers of a
/// large search do not outlive it. At most `capacity` regions are kept (over it, the one
/// with the fewest pages goes).
final class PagePool: Sendable {
    /// The pool the explorer's buffers share. The bench's searches hold regions of at most
    /// 22 MiB of pages. A search of the bench with two workers hands back up to fourteen:
    /// two levels, the trace log, the origins, up to six tables of the visited set (the one
    /// it ended with and those it outgrew), the canonical memo with symmetry, and each
    /// worker's transitions and verdict caches.
    static let shared = PagePool(capacity: 24, regionLimit: 32 << 20)

    let capacity: Int
    let regionLimit: Int
    // `Locked`, not `Mutex`: see `Locked` on the thread sanitizer.
    private let spare = Locked<[PageRegion]>([])

    init(capacity: Int, regionLimit: Int) {
        precondition(capacity >= 0 && regionLimit >= 0, "a pool of zero regions or more")
        self.capacity = capacity
        self.regionLimit = regionLimit
    }

    /// A region of at least `minimum` bytes whose first `zeroed` bytes read zero, for a
    /// buffer of `kind`: of the regions in the pool large enough, one that held a buffer of
    /// the same kind if there is one, the smallest of those; else a new reservation of
    /// `reserve` bytes (if more than `minimum`), else of `minimum`; nil if the system refuses.
    ///
    /// Why the kind: a search's level buffers, trace log and origins all reserve the memory
    /// budget's worth of address space, so size alone does not tell their regions apart.
    /// Handed out by size, the log could take the region of the last search's largest level
    /// (tens of megabytes touched) and the level the log's (a few), and then fault in the
    /// pages the log's region never had: in the bench, about 210 of a repeated search's
    /// 2,360 page faults.
    func region(atLeast minimum: Int, reserving reserve: Int = 0, zeroed: Int = 0, for kind: Kind) -> PageRegion? {
        precondition(zeroed <= minimum, "zeroes only within the bytes asked for")
        let region = take(atLeast: minimum, kind: kind)
            ?? (reserve > minimum ? PageRegion(reserving: reserve) : nil)
            ?? PageRegion(reserving: minimum)
        region?.kind = kind
        region?.zero(first: zeroed)
        return region
    }

    /// What a region holds, for matching it with the next buffer of its kind: the type of
    /// the buffer's elements, say.
    typealias Kind = ObjectIdentifier

    private func take(atLeast bytes: Int, kind: Kind) -> PageRegion? {
        // The same kind first, then the smallest.
        let rank = { (region: PageRegion) in (region.kind == kind ? 0 : 1, region.size) }
        return spare.withLock { regions -> PageRegion? in
            var best: Int?
            for index in regions.indices where regions[index].size >= bytes {
                if best == nil || rank(regions[index]) < rank(regions[best!]) { best = index }
            }
            return best.map { regions.remove(at: $0) }
        }
    }

    /// Takes back a region whose owner has written (at most) its first `written` bytes.
    func recycle(_ region: PageRegion, written: Int) {
        region.written = max(region.written, min(written, region.size))
        guard region.written <= regionLimit else { return }
        let dropped = spare.withLock { regions -> PageRegion? in
            regions.append(region)
            guard regions.count > capacity else { return nil }
            return regions.remove(at: regions.indices.min { regions[$0].written < regions[$1].written }!)
        }
        // Unmapped as it goes out of scope, after the lock is released.
        withExtendedLifetime(dropped) {}
    }

    /// Regions held, for tests.
    var count: Int { spare.withLock { $0.count } }
}
