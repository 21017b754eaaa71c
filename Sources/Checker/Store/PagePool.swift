import Synchronization

/// The regions of searches that have ended, for the next search in the process (the bench's
/// repeated runs, the targets of one `verify check`, a test suite): its buffers then find
/// their pages already backed by memory, and it zeroes with `memset` what it needs zeroed,
/// at a tenth of the cost of faulting it in.
///
/// Only a search's last buffers come here (its level buffers, the last table of its visited
/// set, its canonical memo): what a search stops using while it runs is unmapped at once, so
/// that its memory is what its budget counts. A region with more than `regionLimit` bytes of
/// pages is unmapped too, as malloc unmaps a block above 32 MiB, so that the buffers of a
/// large search do not outlive it. At most `capacity` regions are kept (over it, the one
/// with the fewest pages goes).
final class PagePool: Sendable {
    /// The pool the explorer's buffers share. The bench's searches hold regions of at most
    /// 22 MiB of pages.
    static let shared = PagePool(capacity: 8, regionLimit: 32 << 20)

    let capacity: Int
    let regionLimit: Int
    private let spare = Mutex<[PageRegion]>([])

    init(capacity: Int, regionLimit: Int) {
        precondition(capacity >= 0 && regionLimit >= 0, "a pool of zero regions or more")
        self.capacity = capacity
        self.regionLimit = regionLimit
    }

    /// A region of at least `minimum` bytes whose first `zeroed` bytes read zero: the
    /// smallest in the pool that is large enough, else a new reservation of `reserve`
    /// bytes (if more than `minimum`), else of `minimum`; nil if the system refuses.
    func region(atLeast minimum: Int, reserving reserve: Int = 0, zeroed: Int = 0) -> PageRegion? {
        precondition(zeroed <= minimum, "zeroes only within the bytes asked for")
        let region = take(atLeast: minimum)
            ?? (reserve > minimum ? PageRegion(reserving: reserve) : nil)
            ?? PageRegion(reserving: minimum)
        region?.zero(first: zeroed)
        return region
    }

    private func take(atLeast bytes: Int) -> PageRegion? {
        spare.withLock { regions -> PageRegion? in
            var best: Int?
            for index in regions.indices where regions[index].size >= bytes {
                if best == nil || regions[index].size < regions[best!].size { best = index }
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
