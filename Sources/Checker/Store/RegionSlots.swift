/// A `PageRegion` from a pool, bound to slots of `Element`: what `LevelStates`,
/// `RegionArray` and the explorer's `TransitionBuffer`s keep their values in. Which slots hold
/// a value is their owner's to know; how many it has held at most, the owner reports
/// (`touch`), so that the memory counted and handed back is the part of the region written.
struct RegionSlots<Element> {
    let pool: PagePool
    private var region: PageRegion
    private(set) var base: UnsafeMutablePointer<Element>
    /// Slots the region holds.
    private(set) var capacity: Int
    /// The most slots the owner has reported holding at once, since the region was made or
    /// moved.
    private var mostHeld = 0

    /// `reservedBytes` of address space, or, if the system refuses that much, one slot (and
    /// its owner moves as it grows).
    init(reserving reservedBytes: Int, pool: PagePool) {
        self.pool = pool
        region = pool.region(atLeast: max(MemoryLayout<Element>.stride, reservedBytes), for: RegionSlots.kind)
            ?? RegionSlots.region(for: 1, from: pool)
        capacity = region.size / MemoryLayout<Element>.stride
        base = region.base.bindMemory(to: Element.self, capacity: capacity)
    }

    /// A region for at least `count` slots with room to double, the first `live` values
    /// moved there; the old region is unmapped as it goes (while a search runs, its memory
    /// is what the budget counts).
    mutating func move(toHold count: Int, live: Int) {
        let larger = RegionSlots.region(for: count, from: pool)
        let slots = larger.base.bindMemory(to: Element.self, capacity: larger.size / MemoryLayout<Element>.stride)
        slots.moveInitialize(from: base, count: live)
        region = larger
        capacity = larger.size / MemoryLayout<Element>.stride
        base = slots
        mostHeld = live
    }

    /// The owner holds `count` values: the region has been written that far.
    mutating func touch(_ count: Int) {
        mostHeld = max(mostHeld, count)
    }

    /// Bytes of the region written, with `count` values held now.
    func bytes(holding count: Int) -> Int {
        max(mostHeld, count) * MemoryLayout<Element>.stride
    }

    /// Hands the region to the pool with the bytes written, counting the `count` values the
    /// owner held last (already deinitialised).
    func recycle(holding count: Int) {
        pool.recycle(region, written: bytes(holding: count))
    }

    /// Regions go from one buffer of `Element`s to the next (`PagePool.Kind`).
    private static var kind: PagePool.Kind { ObjectIdentifier(Element.self) }

    /// Room for `count` slots and space to double; stops the program if the system refuses
    /// even that: no address space is left.
    private static func region(for count: Int, from pool: PagePool) -> PageRegion {
        let bytes = max(1, count) * MemoryLayout<Element>.stride
        guard let region = pool.region(atLeast: bytes, reserving: 2 * bytes, for: kind) else {
            fatalError("no address space left for \(count) values of \(Element.self)")
        }
        return region
    }
}
