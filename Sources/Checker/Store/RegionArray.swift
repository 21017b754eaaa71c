/// An array that only grows at its end (and empties), kept in a `PageRegion`: it grows by
/// touching the pages past its end, not by moving into a larger allocation, and its pages
/// go to `PagePool` with it, for the next search in the process.
///
/// Why: the trace log and the origins of each level were Swift arrays, which double. Each
/// doubling copied the array into fresh memory, which the kernel zeroes page by page on
/// first touch (about 2 µs a page here), and held old and new at once. In the myTaxi qa
/// scope to depth 8 (7.6 million states, a 61 MB log), moving both here took the page
/// faults from 561 to 464 thousand, the search from 4.81 to 4.52 s and the most memory
/// resident down by 55 MB. A region reserved for as much as the memory budget allows is
/// address space only: the pages never touched cost nothing.
///
/// Owned by one writer at a time (a search's coordinator, or the worker holding the merge's
/// turn), read by workers only while nobody writes: the class is `@unchecked Sendable`
/// under that discipline, as `LevelStates` is.
final class RegionArray<Element>: @unchecked Sendable {
    // Unchecked: the discipline above keeps writers and readers apart, and a dynamic
    // exclusivity check on every append cost more than the append.
    @exclusivity(unchecked) private var slots: RegionSlots<Element>
    @exclusivity(unchecked) private(set) var count = 0

    /// An empty array with room for `reservedBytes` of elements before it must move.
    init(reserving reservedBytes: Int, pool: PagePool = .shared) {
        slots = RegionSlots(reserving: reservedBytes, pool: pool)
    }

    deinit {
        slots.base.deinitialize(count: count)
        slots.recycle(holding: count)
    }

    @inline(__always)
    func append(_ element: Element) {
        if count == slots.capacity { grow() }
        (slots.base + count).initialize(to: element)
        count += 1
    }

    /// The slots past the end, and how many the region holds before the array must move:
    /// where a caller may initialise elements before `appendUninitialized` takes them in.
    var freeSpace: (start: UnsafeMutablePointer<Element>, count: Int) { (slots.base + count, slots.capacity - count) }

    /// Takes `count` more elements at the end and returns where they start: the caller
    /// initialises every one of them (from any threads, each its own) before the array is
    /// next read or changed, unless it did so already through `freeSpace` (then the region
    /// does not move: `count` is within its `freeSpace`).
    func appendUninitialized(_ count: Int) -> UnsafeMutablePointer<Element> {
        precondition(count >= 0, "a negative number of elements")
        if self.count + count > slots.capacity { slots.move(toHold: 2 * (self.count + count), live: self.count) }
        let start = slots.base + self.count
        self.count += count
        slots.touch(self.count)
        return start
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "element \(index) is outside the array of \(count)")
        return slots.base[index]
    }

    /// The elements, read in place; valid until the next `append` or `removeAll`.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: slots.base, count: count) }

    /// Drops every element and keeps the region, pages and all.
    func removeAll() {
        slots.touch(count)
        slots.base.deinitialize(count: count)
        count = 0
    }

    /// Bytes of memory the array holds: the part of its region it has touched.
    var bytes: Int { slots.bytes(holding: count) }

    /// Past the reservation: a region twice the size (`RegionSlots.move`).
    private func grow() {
        slots.move(toHold: 2 * slots.capacity, live: count)
    }
}
