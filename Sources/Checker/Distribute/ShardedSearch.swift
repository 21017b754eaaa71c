#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One process's part of a breadth-first search split across processes (`ShardPlan`):
/// hash-partitioned and level-synchronous, as Stern and Dill's parallel Murphi. At each level
/// the process
/// 1. takes the successors the others sent it at the level before, keeps those it has not
///    seen (of one state reached several ways, the one whose path comes first: `ShardPath`)
///    and publishes their keys (`WideKey`, 128 bits), its part of the visited set;
/// 2. checks the kept states' invariants and reachability properties;
/// 3. expands them, checks the action properties on their steps, and writes each successor
///    to its owner's file, once per level;
/// 4. publishes its summary of the level, then waits for every other process's and merges
///    them all (`ShardTally`).
///
/// A state travels as its bytes when it is plain data (a Spec's), or else as its path alone,
/// and its owner rebuilds it by replaying the path from its initial state (a Reference's: one
/// step per level of depth for each state kept). Counterexamples are rebuilt the same way.
///
/// Every published file is a checkpoint: a process started again with the same index reloads
/// the keys it kept, merges the summaries already there, and carries on from the first
/// level it had not finished; two processes with the same index write the same files.
struct ShardedSearch<M: Model> {
    let explorer: BreadthFirstExplorer<M>
    let properties: [Property<M>]
    let plan: ShardPlan
    let envelope: ExchangeEnvelope
    let exchange: ExchangeDirectory
    /// The keys of the states this process owns and has kept, at every level so far.
    let visited = WideKeySet()
    /// The keys of the successors this process has sent, at any level: each is sent once,
    /// first reached, which is by its first path in this process's path order. A state
    /// reached again later is known to its owner by then, kept or seen before. Only traffic
    /// rests on it: a process started again starts it empty and sends some states twice,
    /// which their owners drop.
    let sent = WideKeySet()
    /// Empty, for the explorer's expansion: it would drop a successor whose fingerprint
    /// alone is in its set, which a split search decides by the wide key.
    let unpruned = FingerprintSet(minimumCapacity: 16, shards: 1, readers: 1)
    /// The explorer's own check and expansion run on this process's part of each level.
    let compiled: CompiledProperties<M>
    let buffers: WorkerBuffers<M>
    var tally: ShardTally
    let start = ContinuousClock.now
    /// Whether a state's bytes are the state (`_isPOD`), so that they can travel.
    let plain = _isPOD(M.State.self)
    var model: M { explorer.model }
    var options: ExplorationOptions { explorer.options }

    init(explorer: BreadthFirstExplorer<M>, properties: [Property<M>], plan: ShardPlan) throws(ExplorationError) {
        self.explorer = explorer
        self.properties = properties
        self.plan = plan
        let number = try plan.nextSearch()
        var hasher = StableHasher(seed: UInt64(number))
        hasher.combine(explorer.model.name)
        for property in properties { hasher.combine(property.id) }
        hasher.combine(explorer.options.maxDepth ?? -1)
        hasher.combine(explorer.options.symmetry)
        hasher.combine(explorer.options.checkDeadlock)
        hasher.combine(explorer.options.stopAtFirstViolation)
        hasher.combine(MemoryLayout<M.State>.size)
        hasher.combine(_isPOD(M.State.self))
        envelope = ExchangeEnvelope(run: plan.runHash, search: hasher.fingerprint(), searchNumber: number)
        exchange = ExchangeDirectory(root: plan.directory)
        compiled = CompiledProperties(properties) { [hooks = explorer.hooks, on = explorer.options.useFootprints] in
            on ? hooks.stateBytes(of: $0) : nil
        }
        buffers = WorkerBuffers(count: 1, reserving: explorer.options.memoryBudget)
        buffers.slot(0).pointee.wantsWideHalves = true
        tally = ShardTally(
            kinds: properties.map(\.kind), initialStatesOnly: properties.map(\.initialStatesOnly),
            actionKindNames: explorer.model.actionKindNames, maxDepth: explorer.options.maxDepth,
            stopAtFirstViolation: explorer.options.stopAtFirstViolation)
    }

    func path(_ level: Int, _ name: String) -> String {
        exchange.path(search: envelope.searchNumber, level: level, name)
    }
    func summaryName(_ shard: Int) -> String { "summary-\(shard)" }
    func keptName(_ shard: Int) -> String { "kept-\(shard)" }
    func successorsName(from sender: Int, to owner: Int) -> String { "successors-\(sender)-to-\(owner)" }

    mutating func run(initials: [M.State]) throws(ExplorationError) -> ExplorationResult<M> {
        var level = 0
        // Started again: what this process published is reloaded, the levels it finished merged.
        while exchange.exists(path(level, summaryName(plan.index))) {
            try reloadKept(level)
            guard try merge(level) else { return result() }
            level += 1
        }
        while true {
            var summary = ShardLevelSummary(actionKinds: tally.coverage.count, properties: properties.count)
            do {
                try exchange.makeLevel(search: envelope.searchNumber, level: level)
                let states = level == 0 ? ownedInitials(initials) : try gather(level - 1)
                try publishKept(states, level: level, into: &summary)
                check(states, into: &summary)
                if options.maxDepth.map({ level < $0 }) ?? true {
                    try expand(states, number: level, into: &summary)
                }
            } catch let failure as ExchangeFailure {
                summary.failure = failure.reason
            } catch let error as ExplorationError {
                throw error
            } catch {
                preconditionFailure("unexpected \(error)")
            }
            summary.interrupted = options.stopRequest?.isRaised == true
            do {
                try exchange.publish(
                    envelope.seal(summary.encoded(), kind: .summary, level: level, writer: plan.index),
                    to: path(level, summaryName(plan.index)))
            } catch {
                tally.stop = (.levelFiles, "shard \(plan.index): \(error.reason)")
                return result()
            }
            if plan.crashAfterLevel == level {
                tally.stop = (.interrupted, "stopped after level \(level) as if killed (a test)")
                return result()
            }
            guard try merge(level) else { return result() }
            level += 1
        }
    }

    // MARK: The levels

    /// The initial states this process owns, each first of its key.
    func ownedInitials(_ initials: [M.State]) -> ShardLevel<M.State> {
        var seen = Set<WideKey>()
        var owned = ShardLevel<M.State>(pathLength: 1)
        for (index, state) in initials.enumerated() {
            let key = withUnsafePointer(to: state) { state in
                var scratch = state.pointee
                return self.key(at: state, scratch: &scratch)
            }
            guard seen.insert(key).inserted, plan.owner(of: key.fingerprint) == plan.index else { continue }
            owned.append(key, kind: 0, path: [UInt32(index)], state: state)
        }
        return owned
    }

    /// An initial state's wide key: both halves of its state, or with symmetry of its
    /// canonical form. (A successor's come from the expansion, which has the form at hand.)
    func key(at state: UnsafePointer<M.State>, scratch: UnsafeMutablePointer<M.State>) -> WideKey {
        let form = options.symmetry ? explorer.hooks.canonicalForm(of: state, scratch: scratch) : state
        return WideKey(fingerprint: M.State.fingerprint(at: form), check: M.State.wideHalf(at: form))
    }

    /// The successors every process sent this one at `level`, less those seen before, one per
    /// key (the first by path), in path order, with their states.
    func gather(_ level: Int) throws -> ShardLevel<M.State> {
        let length = level + 2
        var found = ShardLevel<M.State>(pathLength: length)
        var slot: [WideKey: Int] = [:]
        var path: [UInt32] = []
        path.reserveCapacity(length)
        let size = MemoryLayout<M.State>.size
        for sender in 0..<plan.count {
            let name = self.path(level, successorsName(from: sender, to: plan.index))
            guard let bytes = try exchange.read(name) else {
                throw ExplorationError.exchange(
                    "\(name) is missing though its writer finished the level: "
                        + "was a second process started with this index?")
            }
            var reader = try envelope.open(bytes, kind: .successors, level: level, writer: sender, path: name)
            do {
                let count = try reader.int()
                guard Int(try reader.uint32()) == length else { throw ExchangeDamage(offset: reader.offset) }
                for _ in 0..<count {
                    let key = WideKey(fingerprint: try reader.uint64(), check: try reader.uint64())
                    let kind = try reader.uint32()
                    path.removeAll(keepingCapacity: true)
                    for _ in 0..<length { path.append(try reader.uint32()) }
                    let state: M.State? = plain ? try reader.raw(size) { $0.loadUnaligned(as: M.State.self) } : nil
                    guard key.fingerprint != 0, kind < tally.coverage.count,
                        plan.owner(of: key.fingerprint) == plan.index
                    else { throw ExchangeDamage(offset: reader.offset) }
                    guard !visited.contains(key) else { continue }
                    if let at = slot[key] {
                        if ShardPath.precedes(path, found.path(at)) {
                            found.replace(at, kind: kind, path: path, state: state)
                        }
                    } else {
                        slot[key] = found.count
                        found.append(key, kind: kind, path: path, state: state)
                    }
                }
                guard reader.atEnd else { throw ExchangeDamage(offset: reader.offset) }
            } catch {
                throw ExplorationError.exchange("\(name) is damaged: it does not hold what its header says")
            }
        }
        var kept = found.sortedByPath()
        for key in kept.keys { visited.insert(key) }
        if !plain { kept.states = (0..<kept.count).map { trace(Array(kept.path($0))).finalState } }
        return kept
    }

    /// Publishes the keys of the states kept at `level`, this process's checkpoint.
    func publishKept(_ states: ShardLevel<M.State>, level: Int, into summary: inout ShardLevelSummary)
        throws(ExchangeFailure)
    {
        var writer = ByteWriter()
        writer.put(states.count)
        for key in states.keys {
            writer.put(key.fingerprint)
            writer.put(key.check)
        }
        if level > 0 {
            for kind in states.kinds { summary.newStates[Int(kind)] += 1 }
        } else {
            for key in states.keys { visited.insert(key) }
        }
        summary.kept = states.count
        try exchange.publish(
            envelope.seal(writer.bytes, kind: .kept, level: level, writer: plan.index),
            to: path(level, keptName(plan.index)))
    }

    /// Puts the keys this process kept at `level` back in its visited set.
    func reloadKept(_ level: Int) throws(ExplorationError) {
        let name = path(level, keptName(plan.index))
        let bytes: [UInt8]?
        do { bytes = try exchange.read(name) } catch { throw .exchange(error.reason) }
        guard let bytes else { throw .exchange("\(name) is missing though this process finished the level") }
        var reader = try envelope.open(bytes, kind: .kept, level: level, writer: plan.index, path: name)
        do {
            let count = try reader.int()
            for _ in 0..<count {
                let key = WideKey(fingerprint: try reader.uint64(), check: try reader.uint64())
                guard key.fingerprint != 0 else { throw ExchangeDamage(offset: reader.offset) }
                visited.insert(key)
            }
        } catch {
            throw .exchange("\(name) is damaged: it does not hold what its header says")
        }
    }

    /// Checks the undecided invariants and reachability properties on the kept states, as
    /// the explorer's check phase does; the first finding of each, in path order, is this
    /// process's.
    func check(_ level: ShardLevel<M.State>, into summary: inout ShardLevelSummary) {
        var output = ChunkOutput<M>(actionKinds: tally.coverage.count, properties: properties.count)
        let applied = AppliedInvariants(words: compiled.invariantWords)
        applied.resize(level.count)
        level.states.withUnsafeBufferPointer { states in
            explorer.checkStates(
                states, lineage: nil, rows: applied.row(0), properties: compiled, decided: tally.decided,
                buffers: &buffers.slot(0).pointee, into: &output
            ) { (UInt32($0), -1) }
        }
        summary.checkExercised = output.exercised
        summary.checkFindings = output.findings.map {
            .init(property: $0.property, path: Array(level.path(Int($0.parent))), witness: $0.witness)
        }
    }

    /// Expands the kept states as the explorer does, a chunk at a time: counts their steps,
    /// checks the undecided action properties on them, notes the first deadlock, and sends
    /// each successor not sent before to its owner, with its key, its path and, if plain, its
    /// bytes. The owner drops those it kept before.
    func expand(_ level: ShardLevel<M.State>, number: Int, into summary: inout ShardLevelSummary)
        throws(ExchangeFailure)
    {
        summary.expanded = true
        var outboxes = [ByteWriter](repeating: ByteWriter(), count: plan.count)
        let size = MemoryLayout<M.State>.size
        var counts = [Int](repeating: 0, count: plan.count)
        let buffers = self.buffers.slot(0)
        level.states.withUnsafeBufferPointer { states in
            guard !states.isEmpty else { return }
            for first in stride(from: 0, to: states.count, by: Self.chunk) {
                let range = first..<min(states.count, first + Self.chunk)
                let output = explorer.expand(
                    frontier: states, hints: UnsafeBufferPointer(start: nil, count: 0), ids: LevelIDs(first: 0),
                    range: range,
                    properties: compiled, decided: tally.decided, visited: unpruned, canonical: nil,
                    buffers: &buffers.pointee)
                summary.generated += output.generated
                for kind in summary.enabled.indices { summary.enabled[kind] += output.actionEnabled[kind] }
                for property in summary.expandExercised.indices {
                    summary.expandExercised[property] += output.exercised[property]
                }
                for finding in output.findings
                where !summary.expandFindings.contains(where: { $0.property == finding.property }) {
                    summary.expandFindings.append(
                        .init(
                            property: finding.property,
                            path: level.path(Int(finding.parent)) + [UInt32(finding.actionIndex)],
                            witness: finding.witness))
                }
                if summary.deadlock == nil, let state = output.deadlocks.first {
                    summary.deadlock = Array(level.path(Int(state)))
                }
                let firstSteps = buffers.pointee.firstSteps
                do {
                    let steps = buffers.pointee.steps
                    let wideHalves = buffers.pointee.wideHalves
                    for candidate in output.candidates {
                        let step =
                            Int(firstSteps[Int(candidate.source) - range.lowerBound]) + Int(candidate.actionIndex)
                        let state = UnsafePointer(steps.baseAddress! + step).pointer(
                            to: \Transition<M.Action, M.State>.state)!
                        let key = WideKey(fingerprint: candidate.fingerprint, check: wideHalves[step])
                        guard sent.insert(key) else { continue }
                        let owner = plan.owner(of: key.fingerprint)
                        outboxes[owner].put(key.fingerprint)
                        outboxes[owner].put(key.check)
                        outboxes[owner].put(UInt32(candidate.actionKind))
                        outboxes[owner].put(path: level.path(Int(candidate.source)), then: candidate.actionIndex)
                        if plain { outboxes[owner].put(raw: UnsafeRawBufferPointer(start: state, count: size)) }
                        counts[owner] += 1
                    }
                }
            }
        }
        let bytes = outboxes.reduce(0) { $0 + $1.bytes.count }
        plan.add(sent: bytes)
        // Stop before the disk fills: the level's files, twice over for the copies being
        // renamed, and a margin for everything else on the disk.
        if let free = exchange.freeBytes(), free < 2 * bytes + (16 << 20) {
            throw ExchangeFailure(
                reason: "the exchange's disk has \(free >> 20) MB free; this level's successors need \(bytes >> 20) MB")
        }
        for owner in 0..<plan.count {
            var prefix = ByteWriter()
            prefix.put(counts[owner])
            prefix.put(UInt32(number + 2))
            let file = envelope.seal(
                prefix.bytes, outboxes[owner].bytes, kind: .successors, level: number, writer: plan.index)
            try exchange.publish(file, to: path(number, successorsName(from: plan.index, to: owner)))
        }
    }

    /// States expanded at a time: the explorer's buffers hold one chunk's steps.
    static var chunk: Int { 1024 }

    /// Waits until every process has published its summary of `level`, merges them, and says
    /// whether the search goes on. The successors this process sent at the level before have
    /// all been read by then: their files go.
    mutating func merge(_ level: Int) throws(ExplorationError) -> Bool {
        var summaries: [ShardLevelSummary?] = Array(repeating: nil, count: plan.count)
        let waitStart = ContinuousClock.now
        var pause: UInt32 = 200
        while summaries.contains(where: { $0 == nil }) {
            for shard in 0..<plan.count where summaries[shard] == nil {
                let name = path(level, summaryName(shard))
                let bytes: [UInt8]?
                do { bytes = try exchange.read(name) } catch {
                    tally.stop = (.levelFiles, error.reason)
                    return false
                }
                guard let bytes else { continue }
                var reader = try envelope.open(bytes, kind: .summary, level: level, writer: shard, path: name)
                do {
                    summaries[shard] = try ShardLevelSummary(
                        from: &reader, actionKinds: tally.coverage.count,
                        properties: properties.count)
                } catch {
                    throw .exchange("\(name) is damaged: it does not hold what its header says")
                }
            }
            guard summaries.contains(where: { $0 == nil }) else { break }
            if options.stopRequest?.isRaised == true {
                tally.stop = (.interrupted, nil)
                return false
            }
            if Search<M>.seconds(since: waitStart) > plan.waitLimit {
                let missing = summaries.indices.filter { summaries[$0] == nil }.map(String.init).joined(separator: ", ")
                let limit = plan.waitLimit.rounded() == plan.waitLimit ? "\(Int(plan.waitLimit))" : "\(plan.waitLimit)"
                tally.stop = (.levelFiles, "shard \(missing) did not finish level \(level) within \(limit) s")
                return false
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        plan.add(levels: 1, kept: summaries[plan.index]!.kept, waited: Search<M>.seconds(since: waitStart))
        let goesOn = tally.absorb(level: level, summaries.map { $0! })
        if level > 0 {
            for owner in 0..<plan.count {
                exchange.remove(path(level - 1, successorsName(from: plan.index, to: owner)))
            }
        }
        reportProgress(level)
        return goesOn
    }

    func reportProgress(_ level: Int) {
        guard let progress = options.progress else { return }
        progress(
            ExplorationProgress(
                generated: tally.generated, distinct: tally.distinct, queue: 0, depth: level,
                seconds: Search<M>.seconds(since: start)))
    }

    // MARK: The result

    func result() -> ExplorationResult<M> {
        let stop = tally.stop ?? (.interrupted, nil)
        let counterexamples = properties.indices.map { number -> Counterexample<M>? in
            guard let finding = tally.findings[number] else { return nil }
            let kind: Counterexample<M>.Kind
            switch properties[number].kind {
            case .invariant: kind = .invariant
            case .actionProperty: kind = .action
            case .reachability: kind = .witness
            case .leadsTo: preconditionFailure("a Property is never a liveness property")
            }
            return Counterexample(
                kind: kind, propertyID: properties[number].id, witness: finding.witness,
                trace: trace(finding.path))
        }
        let deadlock = tally.deadlock.map {
            Counterexample<M>(
                kind: .deadlock, propertyID: nil, witness: "no action is enabled and the state is not a legal end",
                trace: trace($0))
        }
        var result = ExplorationResult(
            modelName: model.name, distinct: tally.distinct, generated: tally.generated, depth: tally.levels,
            stopReason: stop.reason, seconds: Search<M>.seconds(since: start), workers: 1, symmetry: options.symmetry,
            properties: PropertyOutcome.outcomes(of: properties, findings: counterexamples, exercised: tally.exercised),
            deadlock: deadlock, actions: tally.coverage, visitedSetBytes: visited.bytes + sent.bytes, traceLogBytes: 0,
            canonicalForms: 0,
            canonicalMemoBytes: 0, stopDetail: stop.detail)
        result.keyBits = 128
        return result
    }

    func trace(_ path: [UInt32]) -> Trace<M> {
        do {
            return try model.replay(initialIndex: Int(path[0]), actionIndices: path.dropFirst().map { Int($0) })
        } catch {
            preconditionFailure("\(model.name): replaying a recorded path failed: \(error)")
        }
    }
}
