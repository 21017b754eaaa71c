/// Parent links for every distinct state, as TLC keeps them: (parent id, action index),
/// packed in one word per state. A counterexample is rebuilt by following the links back to
/// an initial state and then replaying the recorded action indices forward.
///
/// The words live in a `RegionArray`, so that the log grows without copying itself and
/// hands its pages to the next search. A search's coordinator owns it; between levels the
/// merge writes it, one worker at a time (`LevelMerge`).
final class TraceLog: @unchecked Sendable {
    /// Marks a root record; its action field holds the index of the initial state.
    static let noParent = UInt32.max
    private let records: RegionArray<UInt64>

    /// A log with room for `reservedBytes` of links before it must move (see `RegionArray`).
    init(reserving reservedBytes: Int, pool: PagePool = .shared) {
        records = RegionArray(reserving: reservedBytes, pool: pool)
    }

    var count: Int { records.count }
    /// The memory the links take: the pages written, not the space reserved.
    var bytes: Int { records.bytes }

    /// Records a state and returns its id, which is its position in the log.
    @discardableResult
    func append(parent: UInt32, actionIndex: Int) -> UInt32 {
        precondition(records.count < Int(UInt32.max), "more than 4 billion distinct states")
        records.append(TraceLog.link(parent: parent, actionIndex: actionIndex))
        return UInt32(records.count - 1)
    }

    /// A state's record: its parent's id and the index of the action from there.
    static func link(parent: UInt32, actionIndex: Int) -> UInt64 {
        precondition(actionIndex < Int(UInt32.max), "too many actions enabled in one state")
        return UInt64(parent) << 32 | UInt64(UInt32(actionIndex))
    }

    /// The room past the log's end (`RegionArray.freeSpace`).
    var freeSpace: (start: UnsafeMutablePointer<UInt64>, count: Int) { records.freeSpace }

    /// Room for the records of `count` states, the next ids in order, which the caller
    /// fills (from any threads, each its own records: `LevelMerge`) before the log is next
    /// read or changed, unless it filled them already through `freeSpace`.
    func appendUninitialized(_ count: Int) -> UnsafeMutablePointer<UInt64> {
        precondition(records.count + count < Int(UInt32.max), "more than 4 billion distinct states")
        return records.appendUninitialized(count)
    }

    @discardableResult
    func appendRoot(initialStateIndex: Int) -> UInt32 {
        append(parent: TraceLog.noParent, actionIndex: initialStateIndex)
    }

    /// State `id`'s record (`link(parent:actionIndex:)`).
    func record(_ id: Int) -> UInt64 { records[id] }

    /// The initial state index and the action indices that lead from it to state `id`.
    func path(to id: UInt32) -> (initial: Int, actions: [Int]) {
        var actions: [Int] = []
        var current = id
        while true {
            let record = records[Int(current)]
            let parent = UInt32(truncatingIfNeeded: record >> 32)
            let action = Int(UInt32(truncatingIfNeeded: record))
            if parent == TraceLog.noParent {
                return (action, actions.reversed())
            }
            actions.append(action)
            current = parent
        }
    }
}
