import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The coordinator of one breadth-first search: owns the visited set, the trace log and the
/// per-property state, runs the levels, and assembles the result.
struct Search<M: Model> {
    let explorer: BreadthFirstExplorer<M>
    let properties: [Property<M>]
    let compiled: CompiledProperties<M>
    var model: M { explorer.model }
    var options: ExplorationOptions { explorer.options }

    let visited: FingerprintSet
    /// With symmetry, the canonical fingerprints of states already generated.
    var canonicalMemo: CanonicalMemo?
    let log: TraceLog
    /// The origins of the level being built, in level order (`LevelMerge` fills them), and
    /// with symmetry their hints.
    let origins: RegionArray<Origin>
    let originHints: RegionArray<UInt64>
    let workerBuffers: WorkerBuffers<M>
    var decided: [Bool]
    var exercised: [Int]
    var findings: [Counterexample<M>?]
    var deadlock: Counterexample<M>?
    var coverage: [ActionCoverage]
    var generated = 0
    var canonicalForms = 0
    /// States in the trace log whose invariants were not checked (time ran out).
    var unchecked = 0
    /// Whether the last level's expansion stopped before its end (time budget).
    var levelCutShort = false
    /// A level was cut short because its successors would not fit the memory budget.
    var memoryCutShort = false
    /// Levels expanded so far.
    var depth = 0
    /// Levels that hold at least one state: TLC's "depth of the complete state graph".
    var levels = 0
    /// When the last progress report went out (seconds since the start): reports are spaced
    /// by the progress interval across levels, not restarted at each one.
    var lastProgress: Double = 0
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant

    /// Where the levels are kept instead of in memory, if anywhere: from the start
    /// (`ExplorationOptions.levelDirectory`), or from the level that would have outgrown the
    /// memory budget (`moveLevelsToFiles`).
    var levelFiles: LevelFiles<M>?
    var levelsMoved: LevelsMoved?
    /// The last level expanded: its states and their successors, from which the next
    /// level's are guessed (`levelWouldOutgrowMemory`).
    var lastLevel = (states: 0, generated: 0)
    /// Whether rebuilding a successor lists every successor of its parent (the default
    /// `successor(of:via:)`; `DerivedSuccessorProbe`), found out on the first rebuild: the
    /// check phase then lists each parent once.
    let rebuildWay = RebuildWay()

    init(explorer: BreadthFirstExplorer<M>, properties: [Property<M>], levelFiles: LevelFiles<M>? = nil) {
        self.levelFiles = levelFiles
        visited = FingerprintSet(minimumCapacity: 1 << 16, shards: FingerprintSet.shards(forWorkers: explorer.options.workers),
                                 readers: max(1, explorer.options.workers))
        // Setting up (the tables below, the canonical memo) is part of the search's time.
        start = ContinuousClock.now
        self.explorer = explorer
        self.properties = properties
        // Caching verdicts by footprint rests on the footprints as parent verdicts do:
        // with those off, so is the cache.
        compiled = CompiledProperties(properties) { [hooks = explorer.hooks, on = explorer.options.useFootprints] in
            on ? hooks.stateBytes(of: $0) : nil
        }
        workerBuffers = WorkerBuffers(count: max(1, explorer.options.workers), reserving: explorer.options.memoryBudget)
        let options = explorer.options
        // Address space for as much as the budget could hold; pages only where written.
        log = TraceLog(reserving: options.memoryBudget)
        origins = RegionArray(reserving: options.memoryBudget)
        originHints = RegionArray(reserving: options.memoryBudget)
        // At most a sixteenth of the memory budget: the rest is for the states.
        canonicalMemo = !options.symmetry ? nil
            : CanonicalMemo(entries: options.canonicalMemoEntries ?? CanonicalMemo.entries(within: options.memoryBudget / 16))
        decided = Array(repeating: false, count: properties.count)
        exercised = Array(repeating: 0, count: properties.count)
        findings = Array(repeating: nil, count: properties.count)
        coverage = explorer.model.actionKindNames.map { ActionCoverage(name: $0, enabled: 0, fired: 0, newStates: 0) }
    }

    var elapsed: Double { Search.seconds(since: start) }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A state the merge kept for the next level: the position of its parent in the level
    /// being expanded and the action that leads from there. The check phase rebuilds it.
    struct Origin: Sendable {
        let source: Int32
        let action: M.Action
    }

    mutating func run(initials: [M.State]) -> ExplorationResult<M> {
        // Two level buffers in turn, each emptied but not freed, for the reason
        // `LevelStates` gives: the next level is built in the memory of the level before last.
        // No level outgrows the memory budget: the expansion stops before its successors would.
        var frontier = LevelStates<M.State>(reserving: options.memoryBudget, file: levelFiles?.states.0)
        var next = LevelStates<M.State>(reserving: options.memoryBudget, file: levelFiles?.states.1)
        // Each state's canonical-form hint (`ModelHooks.canonicalForm(of:scratch:parent:parentHint:hint:)`),
        // beside it in the same order; empty without symmetry.
        var hints = LevelStates<UInt64>(reserving: options.memoryBudget), nextHints = LevelStates<UInt64>(reserving: options.memoryBudget)
        var applied = AppliedInvariants(words: compiled.invariantWords), nextApplied = AppliedInvariants(words: compiled.invariantWords)
        var ids = LevelIDs(first: UInt32(log.count))
        var roots: [M.State] = []
        var initialOutput = ChunkOutput<M>(actionKinds: coverage.count, properties: properties.count)
        for (index, state) in initials.enumerated() where visited.insert(explorer.key(of: state)) {
            roots.append(state)
            log.appendRoot(initialStateIndex: index)
        }
        frontier.replace(with: roots)
        // Hints come only from canonical forms: without symmetry the levels have none.
        if options.symmetry { hints.replace(with: Array(repeating: 0, count: roots.count)) }
        applied.resize(roots.count)
        roots.withUnsafeBufferPointer { roots in
            explorer.checkStates(roots, lineage: nil, rows: applied.row(0), properties: compiled, decided: decided,
                                 buffers: &workerBuffers.slot(0).pointee, into: &initialOutput) { [ids] index in
                (ids[index], -1)
            }
        }
        record(initialOutput)
        mergeFindings([initialOutput])
        // A property of the initial states alone has said all it will.
        for (number, property) in properties.enumerated() where property.initialStatesOnly { decided[number] = true }
        levels = frontier.count == 0 ? 0 : 1

        var reason: StopReason = .exhausted
        while frontier.count > 0 {
            if let stop = stopBeforeLevel() { reason = stop; break }
            growCanonicalMemo()
            if levelFiles == nil, levelsMoved == nil, let directory = options.spillDirectory,
                levelWouldOutgrowMemory(frontier: frontier, hints: hints)
            {
                moveLevelsToFiles(directory, frontier: &frontier, next: &next)
            }
            // In files, the level before the frontier and the frontier's origins give their
            // disk back now, not when the next level's states and origins take their place:
            // the disk holds the frontier and the next level's origins and states, no more.
            if let levelFiles {
                next.resize(0)
                levelFiles.origins?.truncate(to: 0)
            }
            let nextIDs = LevelIDs(first: UInt32(log.count))
            let generatedBefore = generated
            let expansion = expandLevel(frontier: frontier, hints: hints, ids: ids)
            lastLevel = (frontier.count, generated - generatedBefore)
            if levelCutShort || explorer.outOfTime(since: start) {
                // The level was not finished: the states its merge put in the visited set
                // are neither kept nor checked, so they are not reported as explored.
                reason = levelFiles?.failed == true ? .levelFiles : memoryCutShort ? .memoryBudget : explorer.timeStop
                mergeFindings(expansion.outputs)
                break
            }
            for kind in coverage.indices { coverage[kind].newStates += expansion.newStates[kind] }
            mergeFindings(expansion.outputs)
            // The level's invariants are checked after the merge, so each distinct state is
            // checked once: a level reaches most of its states from several parents.
            let checked = checkLevel(filling: (next, nextApplied, nextHints), from: (frontier, applied), ids: nextIDs)
            mergeFindings(checked)
            swap(&frontier, &next)
            swap(&hints, &nextHints)
            swap(&applied, &nextApplied)
            ids = nextIDs
            depth += 1
            if frontier.count > 0 { levels += 1 }
            let checkedCount = LevelChunks(states: frontier.count, workers: options.workers).statesCovered(byFirst: checked.count)
            if checkedCount < frontier.count || levelFiles?.failed == true {
                // Out of time while checking, or the level's file failed (then the level
                // cannot be expanded, even if every state was checked): the states left
                // unchecked are not reported as explored.
                unchecked = frontier.count - checkedCount
                reason = levelFiles?.failed == true ? .levelFiles : explorer.timeStop
                break
            }
            if expansion.budgetHit { reason = .stateBudget; break }
            if options.stopAtFirstViolation && (findings.contains { $0 != nil && $0!.kind != .witness } || deadlock != nil) {
                reason = .firstViolation
                break
            }
            // Once every selected property is decided there is nothing left to learn but a
            // deadlock; like TLC after its first violation, the search stops.
            if !decided.isEmpty && decided.allSatisfy({ $0 }) {
                reason = .allDecided
                break
            }
        }
        if reason == .exhausted && frontier.count > 0 { reason = .depthBound }
        return result(reason: reason)
    }

    /// Gives the canonical memo the size the states found so far call for
    /// (`CanonicalMemo.entries(for:growing:within:)`), within a sixteenth of the memory
    /// budget, as at the start.
    mutating func growCanonicalMemo() {
        guard let memo = canonicalMemo, options.canonicalMemoGrows else { return }
        let wanted = CanonicalMemo.entries(for: visited.count, growing: memo.entries, within: options.memoryBudget / 16)
        if wanted > memo.entries { canonicalMemo = memo.grown(to: wanted) }
    }

    func stopBeforeLevel() -> StopReason? {
        if levelFiles?.failed == true { return .levelFiles }
        if let bound = options.maxDepth, depth >= bound { return .depthBound }
        return budgetStop()
    }

    /// Memory held across levels: the visited set, the trace log and the canonical memo.
    var fixedBytes: Int { visited.bytes + log.bytes + (canonicalMemo?.bytes ?? 0) }

    func budgetStop() -> StopReason? {
        if options.stopRequest?.isRaised == true { return .interrupted }
        if let seconds = options.maxSeconds, elapsed >= seconds { return .timeBudget }
        if let limit = options.maxStates, log.count >= limit { return .stateBudget }
        if fixedBytes > options.memoryBudget { return .memoryBudget }
        return nil
    }

    /// What expanding a level produced: the outputs of its chunks (an unbroken prefix of
    /// the level, shorter only if a budget stopped it) and what their merge kept.
    struct LevelExpansion {
        let outputs: [ChunkOutput<M>]
        /// New states per action kind (none when the level was cut short), and whether the
        /// state budget left some out.
        let newStates: [Int]
        let budgetHit: Bool
    }

    /// Expands the level in parallel chunks and merges them as they come (`LevelMerge`):
    /// each new state gets its parent link in the log (its id is its place there) and its
    /// origin (in `origins`), in level order.
    mutating func expandLevel(frontier level: LevelStates<M.State>, hints: LevelStates<UInt64>, ids: LevelIDs) -> LevelExpansion {
        let chunks = LevelChunks(states: level.count, workers: options.workers)
        let chunkCount = chunks.count
        let outputs = ChunkOutputs<M>(count: chunkCount)
        let hintsKept = options.symmetry ? originHints : nil
        let merge = LevelMerge<M>(chunkCount: chunkCount, visited: visited, workers: options.workers, actionKinds: coverage.count,
                                  room: options.maxStates.map { max(0, $0 - log.count) }, log: log, origins: origins,
                                  originFile: levelFiles?.origins, hints: hintsKept)
        let explorer = self.explorer
        let properties = self.compiled
        let decided = self.decided
        let visited = self.visited
        let canonicalMemo = self.canonicalMemo
        let levelStart = generated
        let levelGenerated = Atomic<Int>(0)
        let snapshot = (distinct: log.count, depth: depth, started: start)
        let progressGate = Locked<Double>(lastProgress)
        // Memory in use: the visited set, the trace log, this level and its hints, and what
        // each successor generated so far costs (`successorBytesInMemory`), less its slot in
        // the next level when the levels are in files.
        let stride = levelFiles == nil ? successorBytesInMemory : successorBytesInMemory - MemoryLayout<M.State>.stride
        let baseBytes = fixedBytes + level.bytes + hints.bytes
        // With the levels in files, what the level holds is counted as it is held: for each
        // state kept so far its parent link, its row of applied invariants, its slot in the
        // visited set three times over, with symmetry its hint three times, and its origin
        // unless that is in a file too; and each candidate not yet written, with its place
        // in its chunk's order. A level generates several times the states it keeps, so
        // counting every successor at the cost of one kept would stop a search far larger
        // than memory long before its memory ran out.
        let keptCost = (1 + compiled.invariantWords + 3 + (options.symmetry ? 3 : 0)) * MemoryLayout<UInt64>.stride
            + (levelFiles?.origins == nil ? MemoryLayout<Origin>.stride : 0)
        let heldCost = MemoryLayout<ChunkOutput<M>.Candidate>.stride + MemoryLayout<UInt32>.stride
        let files = levelFiles
        let workerBuffers = self.workerBuffers
        let memoryBudget = options.memoryBudget
        let memoryHit = Atomic<Bool>(false)
        runChunks(count: chunkCount, workers: options.workers) { worker, chunk in
            if explorer.outOfTime(since: snapshot.started) { return false }
            let range = chunks.range(chunk)
            let frontier = level.window(range, in: workerBuffers.slot(worker).pointee.frontierWindow)
            if files?.failed == true { return false }
            // The worker probes the visited set while it expands: tables that shards outgrow
            // meanwhile wait for it to leave.
            visited.enter(reader: worker)
            var output = explorer.expand(
                frontier: frontier, hints: hints.states, ids: ids, range: range, properties: properties,
                decided: decided, visited: visited, canonical: canonicalMemo, buffers: &workerBuffers.slot(worker).pointee)
            visited.leave(reader: worker)
            let generatedSoFar = levelGenerated.add(output.generated, ordering: .relaxed).newValue
            merge.offer(chunk, candidates: output.candidates, hints: output.hints, worker: worker)
            output.candidates = []
            output.hints = []
            outputs.slots[chunk] = output
            if worker == 0 {
                Search.reportProgress(explorer.options, gate: progressGate, started: snapshot.started) { seconds in
                    ExplorationProgress(
                        generated: levelStart + levelGenerated.load(ordering: .relaxed), distinct: snapshot.distinct + merge.keptSoFar,
                        queue: frontier.count - range.upperBound, depth: snapshot.depth, seconds: seconds)
                }
            }
            let levelBytes = files != nil ? keptCost * merge.keptSoFar + heldCost * merge.candidatesHeld : stride * generatedSoFar
            if baseBytes + levelBytes > memoryBudget {
                memoryHit.store(true, ordering: .relaxed)
                return false
            }
            return true
        }
        lastProgress = progressGate.withLock { $0 }
        let result = unbrokenPrefix(outputs)
        for output in result { record(output) }
        // A file that failed (the states read, or the origins written) leaves the level unusable.
        levelCutShort = result.count < chunkCount || memoryHit.load(ordering: .relaxed) || levelFiles?.failed == true
        memoryCutShort = memoryHit.load(ordering: .relaxed)
        // A level cut short keeps no state: the search stops before checking any.
        guard !levelCutShort else {
            visited.reclaim()
            return LevelExpansion(outputs: result, newStates: [], budgetHit: false)
        }
        let kept = merge.finish(log: log, origins: origins, hints: hintsKept)
        // No worker probes the visited set any more: the tables it outgrew can go.
        visited.reclaim()
        return LevelExpansion(outputs: result, newStates: kept.newStates, budgetHit: kept.budgetHit)
    }

    /// Builds the next level in `next` from the origins the merge kept, and checks every
    /// undecided invariant and reachability property on its states, each distinct state
    /// once, in parallel chunks; a state inherits from its parent the verdicts of the
    /// properties whose footprint its step left alone. Returns the outputs of the chunks
    /// checked, an unbroken prefix of the level (shorter only if time ran out).
    mutating func checkLevel(filling next: (states: LevelStates<M.State>, applied: AppliedInvariants, hints: LevelStates<UInt64>),
                             from level: (states: LevelStates<M.State>, applied: AppliedInvariants),
                             ids: LevelIDs) -> [ChunkOutput<M>] {
        let origins = self.origins, originHints = self.originHints, originFile = levelFiles?.origins, files = levelFiles
        // A level the depth bound leaves unexpanded is checked and not kept: in a file, its
        // states, the largest level of such a search, would take the disk for nothing.
        let expanded = options.maxDepth.map { depth + 1 < $0 } ?? true
        // The level's states are the log's last records (the origins may be in their file).
        let count = log.count - Int(ids.first)
        next.states.resize(count)
        next.applied.resize(count)
        let hinted = options.symmetry
        next.hints.resize(hinted ? count : 0)
        let chunks = LevelChunks(states: count, workers: options.workers)
        let chunkCount = chunks.count
        let outputs = ChunkOutputs<M>(count: chunkCount)
        let explorer = self.explorer
        let properties = self.compiled
        let decided = self.decided
        let started = start
        let (actionKinds, propertyCount) = (coverage.count, self.properties.count)
        let workerBuffers = self.workerBuffers
        let outOfTime = Atomic<Bool>(false)
        let compare = options.useFootprints
        let rebuildWay = self.rebuildWay
        let progressGate = Locked<Double>(lastProgress)
        let snapshot = (generated: generated, distinct: log.count, depth: depth + 1)
        runChunks(count: chunkCount, workers: options.workers) { worker, chunk in
            let range = chunks.range(chunk)
            let buffers = workerBuffers.slot(worker)
            let keptHints = originHints.elements
            // The chunk's origins, addressed by position in the level: in place, or read from
            // their file into the worker's window.
            let kept: UnsafePointer<Origin>
            if let originFile {
                let window = buffers.pointee.originWindow.positions(range)
                originFile.read(range, into: window + range.lowerBound)
                // Origins that could not be read name no parents.
                if originFile.failed { return false }
                kept = UnsafePointer(window)
            } else {
                kept = origins.elements.baseAddress ?? UnsafePointer(origins.freeSpace.start)
            }
            // The parents of a chunk lie in one run of the level: the merge keeps the states
            // in frontier order.
            let parents = range.isEmpty ? 0..<0 : Int(kept[range.lowerBound].source)..<(Int(kept[range.upperBound - 1].source) + 1)
            let frontier = level.states.window(parents, in: buffers.pointee.frontierWindow)
            // Parents or origins that could not be read build nothing: the search stops.
            if files?.failed == true { return false }
            let built = next.states.writable(range, in: buffers.pointee.nextWindow)
            buffers.pointee.changes.removeAll(keepingCapacity: true)
            // Every slot is filled, even once time is up: the level buffer holds only
            // initialised states between phases.
            // Listed: the parent whose successors the worker's transition buffer holds. The
            // new states of one parent lie side by side, as the merge keeps frontier order.
            var listed: Int32 = -1
            var way = rebuildWay.way
            for index in range {
                let origin = kept[index]
                let parent = frontier.baseAddress! + Int(origin.source)
                if way == .unknown {
                    let rebuilt = explorer.hooks.successorFindingOutListing(
                        of: parent, via: origin.action, into: built + index)
                    precondition(
                        rebuilt.found, "\(explorer.model.name): \(origin.action) had a successor and now has none")
                    rebuildWay.settle(listing: rebuilt.listed)
                    way = rebuilt.listed ? .byListing : .oneByOne
                } else if way == .byListing {
                    if origin.source != listed {
                        buffers.pointee.transitions.removeAll()
                        explorer.hooks.successors(of: parent, into: buffers.pointee.transitions)
                        listed = origin.source
                    }
                    let steps = buffers.pointee.steps
                    guard let step = steps.firstIndex(where: { $0.action == origin.action }) else {
                        preconditionFailure(
                            "\(explorer.model.name): \(origin.action) had a successor and now has none: "
                                + "successors(of:into:) is not a function")
                    }
                    (built + index).initialize(to: steps[step].state)
                } else if !explorer.hooks.successor(of: parent, via: origin.action, into: built + index) {
                    preconditionFailure("\(explorer.model.name): \(origin.action) had a successor and now has none: successor(of:via:) is not a function")
                }
                let changed = compare ? explorer.hooks.changedParts(from: parent, to: built + index) : StateParts.all
                buffers.pointee.changes.append(changed)
                if hinted { next.hints.uninitialized(index).initialize(to: keptHints[index]) }
            }
            defer { if expanded { next.states.commit(range, from: built) } }
            if outOfTime.load(ordering: .relaxed) || explorer.outOfTime(since: started) {
                outOfTime.store(true, ordering: .relaxed)
                return true
            }
            let states = UnsafeBufferPointer(start: built + range.lowerBound, count: range.count)
            var output = ChunkOutput<M>(actionKinds: actionKinds, properties: propertyCount)
            let changes = buffers.pointee.changes
            changes.withUnsafeBufferPointer { changes in
                let lineage = BreadthFirstExplorer<M>.Lineage(changes: changes, origins: UnsafeBufferPointer(start: kept + range.lowerBound, count: range.count),
                                                              parentRows: level.applied)
                explorer.checkStates(states, lineage: lineage, rows: next.applied.row(range.lowerBound), properties: properties,
                                     decided: decided, buffers: &buffers.pointee, into: &output) { index in
                    (ids[range.lowerBound + index], -1)
                }
            }
            outputs.slots[chunk] = output
            if worker == 0 {
                // The level's states not yet checked wait in the queue.
                Search.reportProgress(explorer.options, gate: progressGate, started: started) { seconds in
                    ExplorationProgress(generated: snapshot.generated, distinct: snapshot.distinct,
                                        queue: count - range.upperBound, depth: snapshot.depth, seconds: seconds)
                }
            }
            return true
        }
        lastProgress = progressGate.withLock { $0 }
        let result = unbrokenPrefix(outputs)
        for output in result { record(output) }
        return result
    }

    /// Calls the progress handler with `snapshot(seconds)` when the progress interval has
    /// passed since the last report; `gate` holds that moment, carried across phases and
    /// levels, so that a long check phase reports too and reports stay spaced.
    static func reportProgress(_ options: ExplorationOptions, gate: Locked<Double>, started: ContinuousClock.Instant,
                               _ snapshot: (Double) -> ExplorationProgress) {
        guard let progress = options.progress else { return }
        let seconds = Search.seconds(since: started)
        let due = gate.withLock { last -> Bool in
            guard seconds - last >= options.progressInterval else { return false }
            last = seconds
            return true
        }
        if due { progress(snapshot(seconds)) }
    }

    /// After a stop, chunks may be missing anywhere: only the unbroken prefix is kept, so
    /// that what is reported is exactly what was done, in frontier order.
    func unbrokenPrefix(_ outputs: ChunkOutputs<M>) -> [ChunkOutput<M>] {
        var result: [ChunkOutput<M>] = []
        result.reserveCapacity(outputs.slots.count)
        for slot in outputs.slots {
            guard let output = slot else { break }
            result.append(output)
        }
        return result
    }

    mutating func record(_ output: ChunkOutput<M>) {
        generated += output.generated
        canonicalForms += output.canonicalForms
        for kind in coverage.indices {
            // Every enabled action is fired: one count serves both columns.
            coverage[kind].enabled += output.actionEnabled[kind]
            coverage[kind].fired += output.actionEnabled[kind]
        }
        for number in exercised.indices { exercised[number] += output.exercised[number] }
    }

    /// Takes each undecided property's first finding, in chunk order; deadlocks first,
    /// since their traces are one step shorter than any finding on a successor.
    mutating func mergeFindings(_ outputs: [ChunkOutput<M>]) {
        if deadlock == nil, let id = outputs.lazy.flatMap(\.deadlocks).first {
            deadlock = Counterexample(kind: .deadlock, propertyID: nil,
                                      witness: "no action is enabled and the state is not a legal end",
                                      trace: rebuild(to: id, then: nil))
        }
        for output in outputs {
            for finding in output.findings where !decided[finding.property] {
                let property = properties[finding.property]
                decided[finding.property] = true
                let kind: Counterexample<M>.Kind
                switch property.kind {
                case .invariant: kind = .invariant
                case .actionProperty: kind = .action
                case .reachability: kind = .witness
                case .leadsTo: preconditionFailure("a Property is never a liveness property")
                }
                let trace = rebuild(to: finding.parent, then: finding.actionIndex >= 0 ? finding.actionIndex : nil)
                findings[finding.property] = Counterexample(kind: kind, propertyID: property.id, witness: finding.witness, trace: trace)
            }
        }
    }

    func rebuild(to id: UInt32, then actionIndex: Int?) -> Trace<M> {
        var (initial, actions) = log.path(to: id)
        if let actionIndex { actions.append(actionIndex) }
        do {
            return try model.replay(initialIndex: initial, actionIndices: actions)
        } catch {
            preconditionFailure("\(model.name): replaying a recorded trace failed: \(error)")
        }
    }

    func result(reason: StopReason) -> ExplorationResult<M> {
        let outcomes = PropertyOutcome.outcomes(of: properties, findings: findings, exercised: exercised)
        return ExplorationResult(
            modelName: model.name, distinct: log.count - unchecked, generated: generated, depth: levels,
            stopReason: reason, seconds: elapsed, workers: options.workers, symmetry: options.symmetry,
            properties: outcomes, deadlock: deadlock, actions: coverage,
            visitedSetBytes: visited.bytes, traceLogBytes: log.bytes, canonicalForms: canonicalForms,
            canonicalMemoBytes: canonicalMemo?.bytes ?? 0,
            stopDetail: reason == .levelFiles ? levelFiles?.failure : nil, levelsMoved: levelsMoved)
    }
}

/// With levels kept in files (`ExplorationOptions.levelDirectory`): the states of the level
/// being expanded and of the next one, and the next level's origins, each where the type is
/// plain bytes (the states of a Reference's target are not; a model's actions may not be).
struct LevelFiles<M: Model>: Sendable {
    let states: (LevelFile<M.State>, LevelFile<M.State>)
    let origins: LevelFile<Search<M>.Origin>?

    /// Files in `directory`, each holding at most `limit` bytes if given (tests), or nil
    /// when the states are not plain bytes.
    init?(directory: String, limit: Int? = nil) throws(LevelFileError) {
        guard _isPOD(M.State.self) else { return nil }
        states = (try LevelFile(directory: directory, limit: limit), try LevelFile(directory: directory, limit: limit))
        origins = _isPOD(Search<M>.Origin.self) ? try LevelFile(directory: directory, limit: limit) : nil
    }

    /// Whether a file failed (any thread, after every chunk).
    var failed: Bool { states.0.failed || states.1.failed || origins?.failed == true }

    /// The first failure's reason, if any.
    var failure: String? { states.0.failure ?? states.1.failure ?? origins?.failure }
}
