#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Address space reserved for one large buffer and backed by memory only where it has been
/// touched; the pages touched stay with the region, so touching them again costs nothing.
///
/// Why: the kernel hands out memory a page at a time, zeroing each page when it is first
/// touched, and on the machines we run on that costs about 2 µs a page (4 KiB). A search
/// that allocated a fresh buffer for each level larger than the ones before paid that for
/// every state it kept: in the myTaxi bench, 14 thousand of the 22 thousand page faults of
/// a one-worker search, in the kernel, where callgrind does not look. A region reserved
/// once for the largest level there can be keeps the pages of the levels before, and
/// `PagePool` hands regions on to the next search in the process.
///
/// Owned by one buffer at a time, which alone reads and writes its memory: the class is
/// `@unchecked Sendable` under that discipline, so that the pool can pass it on.
final class PageRegion: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    /// Bytes reserved: a whole number of pages.
    let size: Int
    /// How many bytes from the start may hold something other than zeros: what owners have
    /// written (a fresh region reads zero throughout).
    var written = 0
    /// What the last buffer to hold the region kept in it (`PagePool.Kind`).
    var kind: PagePool.Kind?

    /// Reserves `bytes` of address space (rounded up to whole pages), or nil if the system
    /// refuses (a limit on the process's address space, say).
    init?(reserving bytes: Int) {
        precondition(bytes > 0, "a region of at least one byte")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = (bytes + page - 1) / page * page
        #if os(Linux)
        // Address space only: no swap is set aside for pages never touched.
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), memory != MAP_FAILED else { return nil }
        base = memory
        self.size = size
    }

    deinit {
        munmap(base, size)
    }

    /// Makes the first `bytes` read zero, and backs them with memory now: `memset` over what
    /// an owner wrote, and the kernel's zeroed pages for the rest, asked for as if written.
    /// A buffer read before it is written, as a hash table is, would otherwise take two
    /// faults a page: a read maps the shared zero page, and the first write then copies it.
    ///
    /// The pages past what the owner said it wrote are dropped first (`MADV_DONTNEED`: they
    /// read zero after it), not trusted to be untouched: an owner can write past its count
    /// and never count it (a merge's free space filled for a level a budget then cut short),
    /// and a visited set's table that took such a region probed its stale words for ever.
    func zero(first bytes: Int) {
        let dirty = min(bytes, written)
        if dirty > 0 { memset(base, 0, dirty) }
        guard bytes > dirty else { return }
        #if os(Linux)
        // MADV_POPULATE_WRITE (Linux 5.14): every page faulted in by one call, without a
        // trap for each. Older kernels refuse it, and a write to each page does the same.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (dirty + page - 1) / page * page
        if start < bytes {
            guard madvise(base + start, bytes - start, MADV_DONTNEED) == 0 else {
                memset(base + dirty, 0, bytes - dirty)
                return
            }
        }
        if dirty < start { memset(base + dirty, 0, min(bytes, start) - dirty) }
        if start >= bytes || madvise(base + start, bytes - start, 23) == 0 { return }
        memset(base + start, 0, bytes - start)
        #else
        memset(base + dirty, 0, bytes - dirty)
        #endif
    }
}
