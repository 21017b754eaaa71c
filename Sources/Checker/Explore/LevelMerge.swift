import Synchronization

/// The merge of one level: puts the level's candidates in the visited set and keeps each
/// one that is new, the first to arrive in chunk order and, within a chunk, in frontier
/// order; the states kept get, in that order, the next ids, their parent links in the trace
/// log and their origins (and hints) for the check phase.
///
/// It runs while the level is still being expanded, and in parallel:
/// 1. A worker that finishes a chunk sorts its candidates by shard of the visited set
///    (`FingerprintSet`) and offers the chunk. It then goes through the shards, and for
///    each one whose turn it can take, inserts that shard's part of every chunk ready, in
///    chunk order, zeroing the fingerprint of each candidate already visited.
/// 2. Whoever merges a chunk's last shard counts what it keeps.
/// 3. Chunks get their place in the level in chunk order, each after the count of the one
///    before: one addition per chunk, under a turn of its own. Whoever places a chunk then
///    writes its states' records there, beside the other workers writing theirs, and frees
///    its candidates.
/// What stays serial is step 3's addition, a few instructions per chunk of 512 states.
///
/// Nothing about the result depends on the timing:
/// - Each fingerprint lives in one shard, and each shard merges the chunks in order, so the
///   candidate kept for a state is its first in chunk order, as with one merge in order; the
///   states kept, their ids and their parent links, and so every counterexample, are the
///   same for any number of workers. The state budget keeps the first states in that order.
/// - Workers expanding later chunks probe the visited set while the merge inserts into it
///   (see `FingerprintSet` on why that is safe), and may find a state that this level has
///   already merged from an earlier chunk. They drop that candidate, which the merge would
///   have dropped as a later arrival anyway.
/// - An offer can go unseen (its worker found a turn taken just as its holder was leaving);
///   `finish()` does whatever is left once every worker has stopped.
///
/// A chunk's candidates are written by its offering worker before it is offered, then by
/// each shard's turn holder in that shard's part only, and read by whoever counts and then
/// writes the chunk; each range of the log and the origins is written by one worker, and
/// read by the coordinator after every worker has stopped. The class is
/// `@unchecked Sendable` under that discipline.
final class LevelMerge<M: Model>: @unchecked Sendable {
    typealias Candidate = ChunkOutput<M>.Candidate

    /// A chunk's candidates while shards merge them: the candidates (a shard that finds one
    /// already visited zeroes its fingerprint), their hints, and with several shards their
    /// positions sorted by shard, shard `s`'s from `starts[s]` to `starts[s + 1]`.
    struct Pending {
        let candidates: UnsafeMutableBufferPointer<Candidate>
        let hints: [UInt64]
        let sorted: (order: UnsafeMutableBufferPointer<UInt32>, starts: UnsafeMutableBufferPointer<UInt32>)?

        func free() {
            candidates.deinitialize()
            candidates.baseAddress?.deallocate()
            sorted?.order.deallocate()
            sorted?.starts.deallocate()
        }
    }

    /// Where a level's records go: record `r` at `links[r]`, `origins[r]` (or in
    /// `originFile`) and `hints[r]`.
    struct Destination {
        let links: UnsafeMutablePointer<UInt64>
        let origins: UnsafeMutablePointer<Search<M>.Origin>?
        let hints: UnsafeMutablePointer<UInt64>?
    }

    /// Where the origins go instead of the array, with levels kept in files.
    private let originFile: LevelFile<Search<M>.Origin>?

    /// The free space past the trace log's end and past the origins' and hints' (emptied
    /// for the level), and how many records it has room for.
    private let inPlace: Destination
    private let roomInPlace: Int
    /// `finish()` has made the records written part of the arrays.
    private var finished = false
    /// How many states the state budget leaves.
    private let room: Int

    private let chunkCount: Int
    private let shardCount: Int
    private let workers: Int
    private let actionKinds: Int
    /// Per chunk: offered (set once, after `pending` is written); shards yet to merge it;
    /// its candidates until written; counted (set once, after `keptCounts` is written);
    /// written (its records are in place); its new states per action kind once written.
    private let ready: UnsafeMutablePointer<Atomic<Bool>>
    private let shardsLeft: UnsafeMutablePointer<Atomic<Int>>
    private let pending: UnsafeMutablePointer<Pending?>
    private let keptCounts: UnsafeMutablePointer<Int>
    private let counted: UnsafeMutablePointer<Atomic<Bool>>
    private let written: UnsafeMutablePointer<Bool>
    private let kindCounts: UnsafeMutablePointer<[Int]>
    /// Chunk `c`'s first record is `offsets[c]` (chunks placed so far, plus one).
    private let offsets: UnsafeMutablePointer<Int>
    /// Per shard, a line of its own: its turn (only ever tried, never waited for, so a flag
    /// does; and unlike `Mutex`, whose lock lives in a library built without the thread
    /// sanitizer's instrumentation, the sanitizer sees its ordering), and how many chunks,
    /// from the first, it has merged (read and written under the turn). After the shards,
    /// one more line: the placing's turn and how many chunks have their place.
    private let turns: UnsafeMutableRawPointer
    private let visited: FingerprintSet
    /// New states counted so far, for a progress report read while workers merge.
    private let keptSoFarCount = Atomic<Int>(0)
    /// Candidates offered and not yet freed, for the memory a level holds.
    private let candidatesHeldCount = Atomic<Int>(0)

    /// A merge into `visited` of the chunks that will be offered, `chunkCount` of them,
    /// expanded by `workers` workers, keeping at most `room` states (the state budget's
    /// remainder) after the trace log's and `origins`' ends (or with `originFile`, the
    /// origins in it from its start).
    init(chunkCount: Int, visited: FingerprintSet, workers: Int, actionKinds: Int, room: Int?,
         log: TraceLog, origins: RegionArray<Search<M>.Origin>, originFile: LevelFile<Search<M>.Origin>? = nil,
         hints: RegionArray<UInt64>?) {
        self.originFile = originFile
        self.chunkCount = chunkCount
        self.visited = visited
        self.workers = workers
        self.actionKinds = actionKinds
        self.room = room ?? .max
        shardCount = visited.shardCount
        origins.removeAll()
        hints?.removeAll()
        inPlace = Destination(links: log.freeSpace.start, origins: originFile == nil ? origins.freeSpace.start : nil,
                              hints: hints?.freeSpace.start)
        roomInPlace = min(log.freeSpace.count, originFile == nil ? origins.freeSpace.count : .max, hints?.freeSpace.count ?? .max)
        let chunks = max(1, chunkCount)
        ready = .allocate(capacity: chunks)
        shardsLeft = .allocate(capacity: chunks)
        pending = .allocate(capacity: chunks)
        keptCounts = .allocate(capacity: chunks)
        counted = .allocate(capacity: chunks)
        written = .allocate(capacity: chunks)
        kindCounts = .allocate(capacity: chunks)
        offsets = .allocate(capacity: chunks + 1)
        offsets.initialize(to: 0)
        for chunk in 0..<chunkCount {
            (ready + chunk).initialize(to: Atomic(false))
            (shardsLeft + chunk).initialize(to: Atomic(shardCount))
            (pending + chunk).initialize(to: nil)
            (keptCounts + chunk).initialize(to: 0)
            (counted + chunk).initialize(to: Atomic(false))
            (written + chunk).initialize(to: false)
            (kindCounts + chunk).initialize(to: [])
            (offsets + chunk + 1).initialize(to: 0)
        }
        let line = MemoryLayout<CacheLinePad>.size
        turns = .allocate(byteCount: line * (shardCount + 1), alignment: line)
        for turn in 0...shardCount {
            (turns + turn * line).bindMemory(to: Atomic<Bool>.self, capacity: 1).initialize(to: Atomic(false))
            (turns + turn * line + 8).bindMemory(to: Int.self, capacity: 1).initialize(to: 0)
        }
    }

    deinit {
        for chunk in 0..<chunkCount { pending[chunk]?.free() }
        if !finished, let origins = inPlace.origins {
            // A level cut short: the origins written in place are nobody's.
            for chunk in 0..<chunkCount where written[chunk] {
                let start = offsets[chunk]
                (origins + start).deinitialize(count: max(0, min(offsets[chunk + 1], room) - start))
            }
        }
        ready.deinitialize(count: chunkCount)
        ready.deallocate()
        shardsLeft.deinitialize(count: chunkCount)
        shardsLeft.deallocate()
        pending.deinitialize(count: chunkCount)
        pending.deallocate()
        keptCounts.deallocate()
        counted.deinitialize(count: chunkCount)
        counted.deallocate()
        written.deallocate()
        kindCounts.deinitialize(count: chunkCount)
        kindCounts.deallocate()
        offsets.deallocate()
        turns.deallocate()
    }

    /// Turn `index` (a shard's, or at `shardCount` the placing's) and the count it guards.
    private func turn(_ index: Int) -> UnsafeMutablePointer<Atomic<Bool>> {
        (turns + index * MemoryLayout<CacheLinePad>.size).assumingMemoryBound(to: Atomic<Bool>.self)
    }

    private func done(_ index: Int) -> UnsafeMutablePointer<Int> {
        (turns + index * MemoryLayout<CacheLinePad>.size + 8).assumingMemoryBound(to: Int.self)
    }

    private func take(_ index: Int) -> Bool {
        turn(index).pointee.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    private func release(_ index: Int) {
        turn(index).pointee.store(false, ordering: .releasing)
    }

    /// Called by the worker that expanded `chunk`, with its candidates and (with symmetry)
    /// their hints: sorts them by shard (with one shard there is nothing to sort), offers
    /// them, and merges every shard whose turn it can take.
    func offer(_ chunk: Int, candidates: [Candidate], hints: [UInt64], worker: Int) {
        let shards = shardCount
        let buffer = UnsafeMutableBufferPointer<Candidate>.allocate(capacity: max(1, candidates.count))
        _ = buffer.initialize(fromContentsOf: candidates)
        pending[chunk] = Pending(candidates: UnsafeMutableBufferPointer(rebasing: buffer[..<candidates.count]),
                                 hints: hints, sorted: shards == 1 ? nil : sortedByShard(candidates))
        candidatesHeldCount.add(candidates.count, ordering: .relaxed)
        ready[chunk].store(true, ordering: .releasing)
        // Workers start on different shards, so that they do not queue for the same turns.
        let first = worker * shards / max(1, workers)
        for step in 0..<shards { mergeShard((first + step) % shards) }
    }

    /// A counting sort of the candidates' positions by shard.
    private func sortedByShard(_ candidates: [Candidate]) -> (order: UnsafeMutableBufferPointer<UInt32>,
                                                              starts: UnsafeMutableBufferPointer<UInt32>) {
        let shards = shardCount
        let starts = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: shards + 1)
        starts.initialize(repeating: 0)
        for candidate in candidates { starts[visited.shard(of: candidate.fingerprint) + 1] += 1 }
        for shard in 0..<shards { starts[shard + 1] += starts[shard] }
        let order = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(1, candidates.count))
        var next = Array(starts.prefix(shards))
        for (position, candidate) in candidates.enumerated() {
            let shard = visited.shard(of: candidate.fingerprint)
            order[Int(next[shard])] = UInt32(position)
            next[shard] += 1
        }
        return (order, starts)
    }

    /// Merges every chunk ready that `shard` has not merged, unless another worker holds the
    /// shard's turn.
    private func mergeShard(_ shard: Int) {
        while take(shard) {
            var next = done(shard).pointee
            while next < chunkCount && ready[next].load(ordering: .acquiring) {
                merge(chunk: next, shard: shard)
                next += 1
            }
            done(shard).pointee = next
            visited.reclaimQuiet(shard)
            release(shard)
            // A chunk offered while this worker held the turn found it taken: look again.
            guard next < chunkCount && ready[next].load(ordering: .acquiring) else { return }
        }
    }

    private func merge(chunk: Int, shard: Int) {
        let part = pending[chunk]!
        let candidates = part.candidates
        // The shard's run of positions, or with one shard every position in order.
        let range = part.sorted.map { Int($0.starts[shard])..<Int($0.starts[shard + 1]) } ?? candidates.indices
        @inline(__always) func position(_ index: Int) -> Int { part.sorted.map { Int($0.order[index]) } ?? index }
        let ahead = FingerprintSet.prefetchDistance
        for index in range.prefix(ahead) { visited.prefetch(candidates[position(index)].fingerprint) }
        for index in range {
            if index + ahead < range.upperBound { visited.prefetch(candidates[position(index + ahead)].fingerprint) }
            let position = position(index)
            if !visited.insert(candidates[position].fingerprint) { candidates[position].fingerprint = 0 }
        }
        // The last shard to merge the chunk sees every other shard's zeroes.
        guard shardsLeft[chunk].subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        let count = candidates.count { $0.fingerprint != 0 }
        keptCounts[chunk] = count
        keptSoFarCount.add(count, ordering: .relaxed)
        counted[chunk].store(true, ordering: .releasing)
        place()
    }

    /// Gives every counted chunk after the last placed its place, unless another worker
    /// holds the placing's turn, then writes the chunks it placed.
    private func place() {
        let placing = shardCount
        while take(placing) {
            let first = done(placing).pointee
            var next = first
            while next < chunkCount && counted[next].load(ordering: .acquiring) {
                offsets[next + 1] = offsets[next] + keptCounts[next]
                next += 1
            }
            done(placing).pointee = next
            release(placing)
            for chunk in first..<next where min(offsets[chunk + 1], room) <= roomInPlace { write(chunk, to: inPlace) }
            guard next < chunkCount && counted[next].load(ordering: .acquiring) else { return }
        }
    }

    /// Writes a placed chunk's states at its place, those the state budget leaves room for,
    /// and frees its candidates.
    private func write(_ chunk: Int, to destination: Destination) {
        let end = min(offsets[chunk + 1], room)
        let part = pending[chunk]!
        var kinds = Array(repeating: 0, count: actionKinds)
        var record = offsets[chunk]
        // With an origin file, the chunk's origins are gathered and written in one call.
        var gathered: [Search<M>.Origin] = []
        for (index, candidate) in part.candidates.enumerated() where candidate.fingerprint != 0 {
            guard record < end else { break }
            destination.links[record] = TraceLog.link(parent: candidate.parent, actionIndex: Int(candidate.actionIndex))
            let origin = Search<M>.Origin(source: candidate.source, action: candidate.action)
            if let origins = destination.origins { (origins + record).initialize(to: origin) } else { gathered.append(origin) }
            if let hints = destination.hints { hints[record] = part.hints[index] }
            kinds[Int(candidate.actionKind)] += 1
            record += 1
        }
        if let originFile { gathered.withUnsafeBufferPointer { originFile.write($0, at: offsets[chunk]) } }
        kindCounts[chunk] = kinds
        written[chunk] = true
        candidatesHeldCount.subtract(part.candidates.count, ordering: .relaxed)
        part.free()
        pending[chunk] = nil
    }

    /// What the level kept.
    struct Kept {
        /// New states per action kind, and in all.
        let newStates: [Int]
        let count: Int
        /// Whether the state budget left out some of the states the level found.
        let budgetHit: Bool
    }

    /// Merges, places and writes whatever is left once every worker has stopped, and
    /// returns what the level kept, its states laid out after the trace log's end and in
    /// the origins (or their file). The coordinator's call, with the log and the arrays the merge was made
    /// with; only when the level's every chunk was offered.
    func finish(log: TraceLog, origins: RegionArray<Search<M>.Origin>, hints: RegionArray<UInt64>?) -> Kept {
        for shard in 0..<shardCount {
            precondition(!turn(shard).pointee.load(ordering: .acquiring), "the merge was finished while a worker still held a turn")
            mergeShard(shard)
        }
        place()
        precondition(done(shardCount).pointee == chunkCount, "a level was finished before every chunk was offered")
        let found = offsets[chunkCount], count = min(found, room)
        // The chunks written in place are a prefix; past the room made in place (the system
        // refused the address space reserved) the arrays move, and the rest is written there.
        let inPlace = (0..<chunkCount).first { !written[$0] }.map { min(offsets[$0], count) } ?? count
        _ = log.appendUninitialized(inPlace)
        if originFile == nil { _ = origins.appendUninitialized(inPlace) }
        _ = hints?.appendUninitialized(inPlace)
        finished = true
        if inPlace < count {
            let destination = Destination(links: log.appendUninitialized(count - inPlace) - inPlace,
                                          origins: originFile == nil ? origins.appendUninitialized(count - inPlace) - inPlace : nil,
                                          hints: hints.map { $0.appendUninitialized(count - inPlace) - inPlace })
            for chunk in 0..<chunkCount where !written[chunk] { write(chunk, to: destination) }
        }
        var newStates = Array(repeating: 0, count: actionKinds)
        for chunk in 0..<chunkCount {
            for (kind, states) in kindCounts[chunk].enumerated() { newStates[kind] += states }
        }
        return Kept(newStates: newStates, count: count, budgetHit: found > room)
    }

    /// How many new states the chunks counted so far hold: what a progress report adds to
    /// the level's starting count (any thread; a report may lag behind).
    var keptSoFar: Int { keptSoFarCount.load(ordering: .relaxed) }

    /// How many candidates the chunks offered and not yet written hold (any thread).
    var candidatesHeld: Int { candidatesHeldCount.load(ordering: .relaxed) }
}
