/// Where a model lists the transitions out of a state for the explorer: one buffer per
/// worker, kept for the whole search, into which each successor is written once, in place.
///
/// Listing into an array cost two copies of the state per candidate action (one into a
/// temporary, one into the array) and two uniqueness checks, and a refused candidate cost a
/// third copy to take it out again: in the myTaxi bench, those copies were a twelfth of a
/// search's time. Here a candidate's slot starts as a copy of the source state, the model's
/// rule changes it where it lies, and a refused candidate's slot is simply reused.
///
/// One worker owns a buffer; it is neither shared nor `Sendable`. The views it hands out
/// (`transitions`) are valid until the next `append` or `removeAll`.
public final class TransitionBuffer<Action: Sendable, State: Sendable> {
    // Each worker's buffer is made right after the one before, and small objects made in
    // turn lie side by side: without the pads, two workers' counts could share a cache line
    // and every append of one would take it from the other.
    private let apartBefore = CacheLinePad()
    // Unchecked: one worker owns the buffer, and a dynamic exclusivity check on every
    // append cost more than the append.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Transition<Action, State>>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var stored = 0
    private let apartAfter = CacheLinePad()
    /// Where the explorer's buffers keep their transitions: a region from `PagePool`, nil
    /// for a buffer of allocated memory.
    ///
    /// Why: a chunk of the myTaxi bench lists up to 6 thousand transitions, 1.3 MB. Doubling
    /// allocated memory from 64 copied the buffer seven times into fresh pages,
    /// which the kernel zeroes on first touch, and every search in a process did it again
    /// for each worker: listing a level's first 9 thousand transitions cost 200 to 330 ns
    /// each, against 35 once the buffer had grown. In a region reserved up front, the
    /// buffer grows by touching pages past its end, and the next search's workers find
    /// those pages backed.
    private var region: RegionSlots<Transition<Action, State>>?
    /// How many transitions the buffer holds.
    public var count: Int { stored }

    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer in a region with room for `reservedBytes` of transitions before it moves.
    init(reserving reservedBytes: Int, pool: PagePool = .shared) {
        let slots = RegionSlots<Transition<Action, State>>(reserving: reservedBytes, pool: pool)
        region = slots
        base = slots.base
        capacity = slots.capacity
    }

    deinit {
        base.deinitialize(count: stored)
        if let region {
            region.recycle(holding: stored)
        } else {
            base.deallocate()
        }
    }

    /// Bytes of memory the buffer has touched: of its region, the most it has held; of
    /// allocated memory, all it allocated.
    var bytes: Int { region?.bytes(holding: stored) ?? capacity * MemoryLayout<Transition<Action, State>>.stride }

    /// The transitions held, for reading and, in place, for hashing.
    public var transitions: UnsafeMutableBufferPointer<Transition<Action, State>> {
        UnsafeMutableBufferPointer(start: base, count: stored)
    }

    /// Lists `action` if `apply` says it is enabled: the new slot's state starts as a copy of
    /// `state`, and `apply` changes it in place and returns whether the action's guard held.
    /// When it did not, the slot is given back (`apply` must then have left it unchanged or
    /// at least initialised).
    @inlinable @inline(__always)
    public func append(_ action: Action, from state: UnsafePointer<State>, _ apply: (inout State) -> Bool) {
        if stored == capacity { grow() }
        let slot = base + stored
        // Field by field, the state straight from its source: building a `Transition` first
        // made a temporary and copied the state twice.
        slot.pointer(to: \.action)!.initialize(to: action)
        let successor = slot.pointer(to: \.state)!
        successor.initialize(from: state, count: 1)
        if apply(&successor.pointee) {
            stored += 1
        } else {
            slot.deinitialize(count: 1)
        }
    }

    /// Lists a transition already made.
    public func append(_ transition: Transition<Action, State>) {
        if stored == capacity { grow() }
        (base + stored).initialize(to: transition)
        stored += 1
    }

    /// Empties the buffer, keeping its memory.
    public func removeAll() {
        region?.touch(stored)
        base.deinitialize(count: stored)
        stored = 0
    }

    @usableFromInline
    func grow() {
        if var slots = region {
            // Past the reservation: a region twice the size (`RegionSlots.move`).
            slots.move(toHold: 2 * capacity, live: stored)
            region = slots
            base = slots.base
            capacity = slots.capacity
            return
        }
        let grown = UnsafeMutablePointer<Transition<Action, State>>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: stored)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
