/// What one chunk of a level produces in the parallel phase: the successors not seen in
/// earlier levels, the findings, and local counters. One worker writes a chunk's output;
/// the coordinator reads all of them, in chunk order, once the phase is over.
struct ChunkOutput<M: Model>: Sendable {
    struct Candidate: Sendable {
        let fingerprint: UInt64
        let state: M.State
        let parent: UInt32
        let actionIndex: UInt32
        let actionKind: Int32
    }

    /// A property decided on a transition: the trace is the parent's plus one action.
    struct Finding: Sendable {
        let property: Int
        let parent: UInt32
        let actionIndex: Int
        let witness: String
    }

    var candidates: [Candidate] = []
    var findings: [Finding] = []
    var deadlocks: [UInt32] = []
    var generated = 0
    var actionEnabled: [Int]
    var actionFired: [Int]
    var exercised: [Int]

    init(actionKinds: Int, properties: Int) {
        actionEnabled = Array(repeating: 0, count: actionKinds)
        actionFired = Array(repeating: 0, count: actionKinds)
        exercised = Array(repeating: 0, count: properties)
    }
}

/// Shared, unsynchronised storage for chunk outputs: each slot is written by exactly one
/// worker and read only after all workers have joined.
final class ChunkOutputs<M: Model>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<ChunkOutput<M>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
