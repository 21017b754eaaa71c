import Dispatch
import Synchronization

/// What one chunk produces in a parallel phase: in the expansion, the successors not seen in
/// earlier levels, the findings on transitions and local counters; in the check, the
/// findings on states and how often each property was exercised. One worker writes a chunk's output;
/// the coordinator reads all of them, in chunk order, once the phase is over.
struct ChunkOutput<M: Model>: Sendable {
    /// A successor not seen in earlier levels: where it comes from, not the state itself.
    /// The check phase rebuilds the state from its parent (`source`, a position in the
    /// level) and `action`, for the candidates the merge keeps; copying every candidate
    /// state instead cost a copy per arrival, three times as many as the states kept.
    struct Candidate: Sendable {
        /// Zeroed by the merge when the state was already visited (`LevelMerge`).
        var fingerprint: UInt64
        let parent: UInt32
        let actionIndex: UInt32
        let actionKind: Int32
        let source: Int32
        let action: M.Action
    }

    /// A property decided on a transition: the trace is the parent's plus one action.
    struct Finding: Sendable {
        let property: Int
        let parent: UInt32
        let actionIndex: Int
        let witness: String
    }

    var candidates: [Candidate] = []
    /// With symmetry, each candidate's hint: what its canonical form left for its
    /// successors' forms (`ModelHooks.canonicalForm(of:scratch:parent:parentHint:hint:)`), 0 for
    /// nothing. Empty without symmetry, so that a candidate costs no more there.
    var hints: [UInt64] = []
    var findings: [Finding] = []
    var deadlocks: [UInt32] = []
    var generated = 0
    /// With symmetry, successors whose canonical form was computed (not found in the memo).
    var canonicalForms = 0
    /// Steps listed per action kind. The explorer fires every enabled action, so this is
    /// also the count fired.
    var actionEnabled: [Int]
    var exercised: [Int]

    /// Counts a non-vacuous evaluation and keeps the chunk's first violation of the property.
    /// Where it happened (`origin`) and its message (`explain`) are asked for only then:
    /// later violations in the chunk cannot be the first of the level, so they are only counted.
    @inline(__always)
    mutating func record(_ check: PropertyCheck, property: Int, origin: () -> (parent: UInt32, actionIndex: Int),
                         explain: () -> Verdict) {
        guard check.applied else { return }
        exercised[property] += 1
        if check.violated { keepViolation(of: property, at: origin(), explain: explain) }
    }

    /// The same for a whole batch, from its tally.
    mutating func record(_ tally: VerdictTally, property: Int, origin: (Int) -> (parent: UInt32, actionIndex: Int),
                         explain: (Int) -> Verdict) {
        exercised[property] += tally.applied
        if let index = tally.firstViolation { keepViolation(of: property, at: origin(index)) { explain(index) } }
    }

    mutating func keepViolation(of property: Int, at origin: (parent: UInt32, actionIndex: Int), explain: () -> Verdict) {
        guard !findings.contains(where: { $0.property == property }) else { return }
        guard case .violated(let witness) = explain() else {
            preconditionFailure("property \(property) was violated, but not when evaluated again: its predicate is not a function of its arguments")
        }
        findings.append(.init(property: property, parent: origin.parent, actionIndex: origin.actionIndex, witness: witness))
    }

    /// Counts a state that satisfies a reachability property, keeping the chunk's first.
    mutating func reached(_ property: Int, origin: (parent: UInt32, actionIndex: Int)) {
        exercised[property] += 1
        guard !findings.contains(where: { $0.property == property }) else { return }
        findings.append(.init(property: property, parent: origin.parent, actionIndex: origin.actionIndex, witness: "satisfied"))
    }

    init(actionKinds: Int, properties: Int) {
        actionEnabled = Array(repeating: 0, count: actionKinds)
        exercised = Array(repeating: 0, count: properties)
    }
}

/// Each worker's buffers for the whole search. Slot `i` is touched only by worker `i` while a
/// level is expanded, and only by the coordinator between levels; the class is
/// `@unchecked Sendable` under that discipline.
///
/// The slots lie a whole number of cache lines apart (`CacheLinePad`): a worker writes its
/// slot's fields all through a chunk, and packed side by side, the end of one worker's slot
/// and the start of the next one's could share a line.
final class WorkerBuffers<M: Model>: @unchecked Sendable {
    private let memory: UnsafeMutableRawPointer
    private let stride = CacheLinePad.rounded(MemoryLayout<ExpansionBuffers<M>>.stride)
    let count: Int

    /// Buffers for `count` workers, each reserving `reservedBytes` for its transitions.
    init(count: Int, reserving reservedBytes: Int) {
        self.count = count
        memory = .allocate(byteCount: stride * count, alignment: MemoryLayout<CacheLinePad>.size)
        // One each: a buffer of transitions is a class, which `repeating:` would share.
        for worker in 0..<count {
            (memory + worker * stride).bindMemory(to: ExpansionBuffers<M>.self, capacity: 1).initialize(to: ExpansionBuffers(reserving: reservedBytes))
        }
    }

    /// Worker `worker`'s buffers.
    func slot(_ worker: Int) -> UnsafeMutablePointer<ExpansionBuffers<M>> {
        (memory + worker * stride).assumingMemoryBound(to: ExpansionBuffers<M>.self)
    }

    deinit {
        for worker in 0..<count { slot(worker).deinitialize(count: 1) }
        memory.deallocate()
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

/// Hands out chunks `0..<count` to `workers` threads, each chunk to exactly one of them, in
/// increasing order. `body(worker, chunk)` returns false to stop every worker: chunks not
/// yet claimed are then never run. One worker runs on the calling thread.
func runChunks(count: Int, workers: Int, _ body: @Sendable (_ worker: Int, _ chunk: Int) -> Bool) {
    let nextChunk = Atomic<Int>(0)
    let stopped = Atomic<Bool>(false)
    let threads = min(workers, count)
    withoutActuallyEscaping(body) { body in
        let work: @Sendable (Int) -> Void = { worker in
            while !stopped.load(ordering: .relaxed) {
                let chunk = nextChunk.add(1, ordering: .relaxed).oldValue
                if chunk >= count { return }
                if !body(worker, chunk) { stopped.store(true, ordering: .relaxed) }
            }
        }
        if threads <= 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads, execute: work)
        }
    }
}
