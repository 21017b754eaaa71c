/// Parent links for every distinct state, as TLC keeps them: (parent id, action index),
/// packed in one word per state. A counterexample is rebuilt by following the links back to
/// an initial state and then replaying the recorded action indices forward.
public struct TraceLog: Sendable {
    /// Marks a root record; its action field holds the index of the initial state.
    static let noParent = UInt32.max
    private var records: [UInt64] = []

    public init() {}

    public var count: Int { records.count }
    public var bytes: Int { records.capacity * MemoryLayout<UInt64>.stride }

    /// Records a state and returns its id, which is its position in the log.
    @discardableResult
    public mutating func append(parent: UInt32, actionIndex: Int) -> UInt32 {
        precondition(actionIndex < Int(UInt32.max), "too many actions enabled in one state")
        precondition(records.count < Int(UInt32.max), "more than 4 billion distinct states")
        records.append(UInt64(parent) << 32 | UInt64(UInt32(actionIndex)))
        return UInt32(records.count - 1)
    }

    @discardableResult
    public mutating func appendRoot(initialStateIndex: Int) -> UInt32 {
        append(parent: TraceLog.noParent, actionIndex: initialStateIndex)
    }

    /// The initial state index and the action indices that lead from it to state `id`.
    public func path(to id: UInt32) -> (initial: Int, actions: [Int]) {
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
