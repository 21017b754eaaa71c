/// What QueueOrderIsFair judges of one zone's queue that a step changed. The drivers in the
/// queue both before and after, the refuser aside, "stayed": they must keep their order
/// (`inOrder`), and everyone else in the queue now must stand behind them (`arrivalAhead`
/// is false).
///
/// The property runs on half of all transitions (every step that touches a queue), so this
/// works on the packed slots (`PackedIDs.bits`, one byte per driver) with bit masks. That
/// saved little (the property's cost is mostly reaching its two queues), but it is kept
/// apart so that `QueueFairnessTests` can hold it to the plain statement on every pair of
/// queues. It reads any slots, those of a broken queue included (an id past the bit masks
/// counts as in no set, as `IDSet` has it, and repeated drivers are judged as the plain
/// loops judge them), because the Reference's worlds come through here too.
struct QueueFairness {
    let inOrder: Bool
    let arrivalAhead: Bool

    // Inlined into QueueOrderIsFair, which judges about a million changed queues in a bench
    // run: the call cost about 20 of its 80 instructions (callgrind, bench, 1 worker:
    // 2.374 G → 2.352 G).
    @inline(__always)
    init(old: PackedIDs<DriverID>, new: PackedIDs<DriverID>, refuser: DriverID?) {
        @inline(__always) func id(_ bits: UInt32, _ position: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: bits >> (8 * UInt32(position)))
        }
        // Shifts past the mask give 0, as `IDSet.insert` does for an id it cannot hold.
        @inline(__always) func member(_ raw: UInt8) -> UInt8 { 1 << raw }
        var before: UInt8 = 0
        for position in 0..<old.count { before |= member(id(old.bits, position)) }
        let refused = refuser.map { member($0.raw) } ?? 0
        // Bit p: the driver at position p of the new queue stayed.
        var stayedAt: UInt8 = 0
        for position in 0..<new.count {
            let driver = member(id(new.bits, position))
            // `driver` is not 0 here: it is in `before`.
            if before & driver != 0 && driver != refused { stayedAt |= 1 << UInt8(position) }
        }
        // Those who stayed stand first exactly when their positions are a run from 0.
        arrivalAhead = stayedAt & (stayedAt &+ 1) != 0
        // Each one who stayed is found in the old queue at or after the one before him.
        var cursor = 0, ordered = true
        for position in 0..<new.count where stayedAt & (1 << UInt8(position)) != 0 {
            let driver = id(new.bits, position)
            while cursor < old.count && id(old.bits, cursor) != driver { cursor += 1 }
            if cursor == old.count { ordered = false; break }
        }
        inOrder = ordered
    }
}
