import Synchronization

/// The merge of one level: puts the level's candidates in the visited set, in chunk order
/// and within a chunk in frontier order, and keeps each one that is new (its parent link in
/// the trace log, whose position is its id, and its origin).
///
/// It runs while the level is still being expanded. A worker that finishes a chunk offers
/// it; whoever then holds the merge's turn merges every chunk that is ready, in order, and
/// goes back to expanding. On one core a merge of its own after the expansion left the other
/// core idle for a sixth of a 2-worker search.
///
/// Nothing about the result depends on the timing:
/// - The order of the merge is fixed, so the states kept, their ids and their parent links
///   are the same for any number of workers, as the first arrival of each state wins.
/// - Workers expanding later chunks probe the visited set while the merge inserts into it
///   (see `FingerprintSet` on why that is safe), and may find a state that this level has
///   already merged from an earlier chunk. They drop that candidate, which the merge would
///   have dropped as a later arrival anyway.
/// - An offer can go unseen (its worker found the turn taken just as its holder was
///   leaving); `finish()` merges whatever is left once every worker has stopped.
///
/// The fields the merge writes are touched only by the holder of the turn, or by the
/// coordinator before and after the expansion; the class is `@unchecked Sendable` under
/// that discipline.
final class LevelMerge<M: Model>: @unchecked Sendable {
    /// Held by the worker merging. Only ever tried, never waited for, so a flag does; and
    /// unlike `Mutex`, whose lock lives in a library built without the thread sanitizer's
    /// instrumentation, the sanitizer sees its ordering.
    private let turn = Atomic<Bool>(false)
    /// Per chunk: its output is in `outputs` (set once, after the output is written).
    private let ready: UnsafeMutablePointer<Atomic<Bool>>
    private let chunkCount: Int
    /// How many chunks, from the first, have been merged.
    private let merged = Atomic<Int>(0)
    private let outputs: ChunkOutputs<M>
    private let visited: FingerprintSet
    private let maxStates: Int?

    private let log: TraceLog
    private let origins: RegionArray<Search<M>.Origin>
    private let hints: RegionArray<UInt64>
    /// New states per action kind: the coverage column.
    @exclusivity(unchecked) private(set) var newStates: [Int]
    /// States put in the visited set by this merge.
    @exclusivity(unchecked) private(set) var kept = 0
    /// `kept` as of the last chunk merged, for a progress report read while workers merge.
    private let keptPublished = Atomic<Int>(0)
    /// The state budget stopped the merge.
    @exclusivity(unchecked) private(set) var budgetHit = false

    /// A merge into `visited` of the chunks that will appear in `outputs`, appending to the
    /// search's trace log, to its origins and (with symmetry, when the chunks carry them) to
    /// their hints, which it empties first (their pages stay), and which nobody else touches
    /// until `finish`.
    init(outputs: ChunkOutputs<M>, visited: FingerprintSet, maxStates: Int?, actionKinds: Int,
         log: TraceLog, origins: RegionArray<Search<M>.Origin>, hints: RegionArray<UInt64>) {
        self.outputs = outputs
        self.visited = visited
        self.maxStates = maxStates
        chunkCount = outputs.slots.count
        ready = .allocate(capacity: max(1, chunkCount))
        for chunk in 0..<chunkCount { (ready + chunk).initialize(to: Atomic(false)) }
        newStates = Array(repeating: 0, count: actionKinds)
        self.log = log
        self.origins = origins
        self.hints = hints
        origins.removeAll()
        hints.removeAll()
    }

    deinit {
        ready.deinitialize(count: chunkCount)
        ready.deallocate()
    }

    /// Called by the worker that wrote `outputs.slots[chunk]`, after writing it: merges it
    /// now, with any chunks ready after it, unless another worker holds the turn.
    func offer(_ chunk: Int) {
        ready[chunk].store(true, ordering: .releasing)
        while takeTurn() {
            mergeReadyChunks()
            turn.store(false, ordering: .releasing)
            // A chunk offered while this worker held the turn found it taken: look again.
            let next = merged.load(ordering: .relaxed)
            guard next < chunkCount && ready[next].load(ordering: .acquiring) else { return }
        }
    }

    private func takeTurn() -> Bool {
        turn.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// Merges the chunks offered and not yet merged, up to the first one missing. The
    /// coordinator's call, once every worker has stopped.
    func finish() {
        precondition(takeTurn(), "the merge was finished while a worker still held its turn")
        mergeReadyChunks()
        turn.store(false, ordering: .releasing)
    }

    private func mergeReadyChunks() {
        var next = merged.load(ordering: .relaxed)
        while next < chunkCount && ready[next].load(ordering: .acquiring) {
            merge(chunk: next)
            // Once the state budget stops the merge, no chunk is left to merge: a worker that
            // still saw one waiting would take the turn again and again.
            next = budgetHit ? chunkCount : next + 1
            merged.store(next, ordering: .relaxed)
            keptPublished.store(kept, ordering: .relaxed)
        }
    }

    /// How many new states the chunks merged so far have kept: what a progress report adds
    /// to the level's starting count (any thread; a report may lag a chunk behind).
    var keptSoFar: Int { keptPublished.load(ordering: .relaxed) }

    private func merge(chunk: Int) {
        let candidates = outputs.slots[chunk]!.candidates, candidateHints = outputs.slots[chunk]!.hints
        let ahead = FingerprintSet.prefetchDistance
        for index in 0..<min(ahead, candidates.count) { visited.prefetch(candidates[index].fingerprint) }
        // Counted through a buffer: the array, a stored property, was checked for a second
        // owner at every state kept.
        newStates.withUnsafeMutableBufferPointer { newStates in
            for index in candidates.indices {
                if index + ahead < candidates.count { visited.prefetch(candidates[index + ahead].fingerprint) }
                if let limit = maxStates, visited.count >= limit {
                    budgetHit = true
                    break
                }
                let candidate = candidates[index]
                guard visited.insert(candidate.fingerprint) else { continue }
                log.append(parent: candidate.parent, actionIndex: Int(candidate.actionIndex))
                origins.append(Search<M>.Origin(source: candidate.source, action: candidate.action))
                if !candidateHints.isEmpty { hints.append(candidateHints[index]) }
                newStates[Int(candidate.actionKind)] += 1
                kept += 1
            }
        }
        // Merged: the chunk's candidates are not needed again.
        outputs.slots[chunk]!.candidates = []
        outputs.slots[chunk]!.hints = []
    }
}
