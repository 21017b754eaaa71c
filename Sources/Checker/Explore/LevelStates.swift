/// The states of one level, in one buffer kept for the whole search.
///
/// The search uses two in turn: the level being expanded and the next one, which the check
/// phase fills in parallel (each worker initialises the slots of its own chunks) by
/// replaying each new state's action from its parent. Each lives in a `PageRegion` reserved
/// for the largest level the memory budget allows, so that a level larger than the ones
/// before is not copied or moved: it touches the pages they touched, which are already
/// backed by memory, and fresh ones only past them.
///
/// With a `LevelFile` the states are kept there instead, and workers reach them through
/// windows (`window`, `writable`, `commit`): the level takes no memory.
///
/// Concurrency: workers write disjoint slots while nobody reads them, and read the whole
/// buffer while nobody writes it; the coordinator resizes it only between phases. The class
/// is `@unchecked Sendable` under that discipline.
final class LevelStates<State>: @unchecked Sendable {
    /// Where the states are kept instead of the region, if anywhere.
    let file: LevelFile<State>?
    // Unchecked: the phases keep writers and readers apart (above), and a dynamic
    // exclusivity check on every slot access cost more than the access.
    @exclusivity(unchecked) private var slots: RegionSlots<State>
    /// How many slots the level has; all of them are initialised between phases.
    @exclusivity(unchecked) private(set) var count = 0

    /// A buffer for levels of up to `reservedBytes` (more costs a move to a larger region).
    init(reserving reservedBytes: Int, pool: PagePool = .shared, file: LevelFile<State>? = nil) {
        self.file = file
        slots = RegionSlots(reserving: file == nil ? reservedBytes : MemoryLayout<State>.stride, pool: pool)
    }

    deinit {
        if file == nil { slots.base.deinitialize(count: count) }
        // The search is over: a later one may take the level's pages.
        slots.recycle(holding: file == nil ? count : 0)
    }

    /// The level's states, for reading; not for a level kept in a file.
    var states: UnsafeBufferPointer<State> {
        precondition(file == nil, "a level kept in a file is read through windows")
        return UnsafeBufferPointer(start: slots.base, count: count)
    }

    /// The level's states for reading positions `range`: all of them, or for a level kept in
    /// a file, those of `range` read into `window` (and only those may be read).
    func window(_ range: Range<Int>, in window: LevelWindow<State>) -> UnsafeBufferPointer<State> {
        guard let file else { return states }
        let base = window.positions(range)
        file.read(range, into: base + range.lowerBound)
        return UnsafeBufferPointer(start: base, count: count)
    }

    /// Where the caller initialises the slots of positions `range` (`base + position`):
    /// in place, or for a level kept in a file in `window`, until `commit`.
    func writable(_ range: Range<Int>, in window: LevelWindow<State>) -> UnsafeMutablePointer<State> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "slots \(range) are outside the level")
        guard file != nil else { return slots.base }
        return window.positions(range)
    }

    /// Puts the states of `range`, initialised at `base` (from `writable`), in the file.
    func commit(_ range: Range<Int>, from base: UnsafeMutablePointer<State>) {
        guard let file else { return }
        file.write(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), at: range.lowerBound)
    }

    /// Drops the states held and takes `states` instead.
    func replace(with states: [State]) {
        states.withUnsafeBufferPointer { replace(with: $0) }
    }

    /// Drops the states held and takes copies of `states` instead.
    func replace(with states: UnsafeBufferPointer<State>) {
        resize(states.count)
        if let file {
            file.write(states, at: 0)
            return
        }
        _ = UnsafeMutableBufferPointer(start: slots.base, count: states.count).initialize(fromContentsOf: states)
    }

    /// Drops the states held and makes room for `newCount` slots, which the caller must
    /// initialise, every one of them, through `uninitialized(_:)` before the next read.
    func resize(_ newCount: Int) {
        if let file {
            // Plain bytes: nothing to deinitialise, and the file's space goes with them.
            file.truncate(to: newCount)
            count = newCount
            return
        }
        slots.base.deinitialize(count: count)
        count = 0
        if newCount > slots.capacity {
            // Past the reservation (a budget larger than the machine, or address space
            // refused): a region twice the size; the old one is unmapped.
            slots.move(toHold: newCount, live: 0)
        }
        count = newCount
        slots.touch(newCount)
    }

    /// Slot `index`, which `resize` left uninitialised, for the caller to initialise.
    @inline(__always)
    func uninitialized(_ index: Int) -> UnsafeMutablePointer<State> {
        precondition(file == nil && index >= 0 && index < count, "slot \(index) is outside the level, or in its file")
        return slots.base + index
    }

    /// Bytes of memory the buffer holds: the part of the region its levels have touched.
    var bytes: Int { file == nil ? slots.bytes(holding: count) : 0 }
}

/// The trace-log ids of a level's states, by position in the level. A level's states enter
/// the log one after another, in level order (the roots in `Search.run`, each later level in
/// its merge), so their ids are consecutive: the first is all there is to keep.
struct LevelIDs: Sendable {
    let first: UInt32

    subscript(position: Int) -> UInt32 { first + UInt32(truncatingIfNeeded: position) }
}
