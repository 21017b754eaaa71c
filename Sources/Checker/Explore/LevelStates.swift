/// The states of one level, in one buffer kept for the whole search.
///
/// The search uses two in turn: the level being expanded and the next one, which the check
/// phase fills in parallel (each worker initialises the slots of its own chunks) by
/// replaying each new state's action from its parent. Kept rather than reallocated, so that
/// the kernel zeroes fresh pages only when a level outgrows every level before it.
///
/// Concurrency: workers write disjoint slots while nobody reads them, and read the whole
/// buffer while nobody writes it; the coordinator resizes it only between phases. The class
/// is `@unchecked Sendable` under that discipline.
final class LevelStates<State>: @unchecked Sendable {
    // Unchecked: the phases keep writers and readers apart (above), and a dynamic
    // exclusivity check on every slot access cost more than the access.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<State>
    private var capacity: Int
    /// How many slots the level has; all of them are initialised between phases.
    @exclusivity(unchecked) private(set) var count = 0

    init() {
        capacity = 0
        base = .allocate(capacity: 1)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The level's states, for reading.
    var states: UnsafeBufferPointer<State> { UnsafeBufferPointer(start: base, count: count) }

    /// Drops the states held and takes `states` instead.
    func replace(with states: [State]) {
        resize(states.count)
        _ = UnsafeMutableBufferPointer(start: base, count: states.count).initialize(from: states)
    }

    /// Drops the states held and makes room for `newCount` slots, which the caller must
    /// initialise, every one of them, through `uninitialized(_:)` before the next read.
    func resize(_ newCount: Int) {
        base.deinitialize(count: count)
        count = 0
        if newCount > capacity {
            base.deallocate()
            // A quarter more than asked: the next levels are usually larger.
            capacity = newCount + newCount / 4
            base = .allocate(capacity: capacity)
        }
        count = newCount
    }

    /// Slot `index`, which `resize` left uninitialised, for the caller to initialise.
    @inline(__always)
    func uninitialized(_ index: Int) -> UnsafeMutablePointer<State> {
        precondition(index >= 0 && index < count, "slot \(index) is outside the level")
        return base + index
    }

    /// Slot `index`, initialised, read in place.
    @inline(__always)
    func pointer(_ index: Int) -> UnsafePointer<State> {
        precondition(index >= 0 && index < count, "slot \(index) is outside the level")
        return UnsafePointer(base + index)
    }

    /// Bytes the buffer holds.
    var bytes: Int { capacity * MemoryLayout<State>.stride }
}

/// The trace-log ids of a level's states, by position in the level. A level's states enter
/// the log one after another, in level order (the roots in `Search.run`, each later level in
/// its merge), so their ids are consecutive: the first is all there is to keep.
struct LevelIDs: Sendable {
    let first: UInt32

    subscript(position: Int) -> UInt32 { first + UInt32(truncatingIfNeeded: position) }
}
