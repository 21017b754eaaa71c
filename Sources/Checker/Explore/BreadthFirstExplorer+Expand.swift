/// A worker's scratch space, kept for the whole search: once the arrays have grown, expanding
/// a chunk allocates nothing for its transitions or verdicts. Fresh memory is not free: the
/// kernel zeroes every page of it, which cost a third of a search's time when each chunk had
/// arrays of its own.
struct ExpansionBuffers<M: Model> {
    /// Every transition out of the chunk's states, in frontier order.
    let transitions: TransitionBuffer<M.Action, M.State>
    /// The same, as a view (valid until the next listing).
    var steps: UnsafeMutableBufferPointer<Transition<M.Action, M.State>> { transitions.transitions }
    /// For each step, its source's position in the chunk and its index among the source's
    /// enabled actions (the number a trace records): the first `steps.count` entries (the
    /// arrays only grow).
    var sources: [Int32] = []
    var actionIndices: [UInt32] = []
    /// Each step's action kind (`Model.actionKind(of:)`).
    var actionKinds: [Int32] = []
    /// The steps grouped by kind, and where each kind's run starts (`StepsByKind`).
    var stepsByKind: [Int32] = []
    var kindStarts: [Int32] = []
    /// Where each state's steps begin, then the end of the last one.
    var firstSteps: [Int32] = []
    /// Each step's fingerprint (of its canonical form, with symmetry).
    var fingerprints: [UInt64] = []
    /// Whether each step's second key half is wanted (a split search's `WideKey`), and
    /// the halves, of the same form as the fingerprints: hashed where the form is at hand,
    /// so that a symmetric split search computes each form once.
    var wantsWideHalves = false
    var wideHalves: [UInt64] = []
    /// With symmetry, what each step's canonical form left for its successors' (0 for
    /// nothing, as for a form found in the memo): the first half for every step, the second
    /// for the candidates, in their order.
    var stepHints: [UInt64] = []
    /// In the check phase, one verdict per state selected, for the property being evaluated
    /// (the array only grows; the model writes every entry it is given).
    var verdicts: [BatchVerdict] = []
    /// In the check phase, for each state of the chunk: the parts its step changed.
    var changes: [StateParts] = []
    /// The states each footprint selects for evaluation: footprint `f`'s run is
    /// `selections[selectionBounds[2f] ..< selectionBounds[2f + 1]]`.
    var selections: [Int32] = []
    var selectionBounds: [Int] = []
    /// In the check phase: for each invariant, how many of the chunk's states it applied to.
    var appliedCounts: [Int] = []
    /// Verdicts cached by footprint, for the whole search (`VerdictMemo`).
    let memo = VerdictMemo()
    /// With levels kept in files: the states of the chunk being expanded or of the parents
    /// of the chunk being checked, and of the chunk being built.
    let frontierWindow = LevelWindow<M.State>()
    let nextWindow = LevelWindow<M.State>()
    /// With the origins in a file too: the origins of the chunk being checked.
    let originWindow = LevelWindow<Search<M>.Origin>()
    /// For a cached footprint: the selected states not found in the memo, and the bits of
    /// their verdicts as the footprint's invariants are evaluated one after another.
    var misses: [Int32] = []
    var missApplied: [UInt64] = []
    var missViolated: [UInt64] = []

    /// Buffers whose transitions may take up to `reservedBytes` before they move (address
    /// space only: see `TransitionBuffer`).
    init(reserving reservedBytes: Int) {
        transitions = TransitionBuffer(reserving: reservedBytes)
    }

    /// Selects, for each footprint, the states of a batch of `count` whose step changed a
    /// part it reads: all of them when `changes` is nil (roots, or footprints off).
    mutating func select(_ count: Int, properties: CompiledProperties<M>, changes: UnsafeBufferPointer<StateParts>?) {
        let footprints = properties.footprints
        let room = footprints.count * count
        if selections.count < room { selections.append(contentsOf: repeatElement(0, count: room - selections.count)) }
        selectionBounds.removeAll(keepingCapacity: true)
        selections.withUnsafeMutableBufferPointer { selected in
            if let changes, !properties.touchedFootprints.isEmpty {
                // Each footprint's run starts at its own multiple of `count`, and each state
                // goes to the runs of the footprints its step touched, looked up by its
                // changes: the work is the evaluations to come, not footprints times states
                // (in the myTaxi bench about ten of some forty footprints per state).
                for slot in footprints.indices { selectionBounds.append(slot * count); selectionBounds.append(slot * count) }
                selectionBounds.withUnsafeMutableBufferPointer { bounds in
                    properties.touchedFootprints.withUnsafeBufferPointer { table in
                        for index in 0..<count {
                            var touched = table[Int(truncatingIfNeeded: changes[index].rawValue & properties.footprintParts)]
                            while touched != 0 {
                                let end = 2 * touched.trailingZeroBitCount + 1
                                selected[bounds[end]] = Int32(truncatingIfNeeded: index)
                                bounds[end] += 1
                                touched &= touched &- 1
                            }
                        }
                    }
                }
                return
            }
            var filled = 0
            for footprint in footprints {
                selectionBounds.append(filled)
                if let changes {
                    // Written unconditionally and kept by advancing: no branch to mispredict.
                    // `filled` never passes the slot of the state being looked at, so the
                    // write stays in the room made above.
                    for index in 0..<count {
                        selected[filled] = Int32(truncatingIfNeeded: index)
                        filled += changes[index].isDisjoint(with: footprint) ? 0 : 1
                    }
                } else {
                    for index in 0..<count { selected[filled + index] = Int32(truncatingIfNeeded: index) }
                    filled += count
                }
                selectionBounds.append(filled)
            }
        }
    }

    /// Scratch counts, one per invariant, zeroed.
    mutating func resetCounts(_ count: Int) {
        if appliedCounts.count < count { appliedCounts.append(contentsOf: repeatElement(0, count: count - appliedCounts.count)) }
        appliedCounts.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Fills `sources` and `actionIndices` for every step, from where each state's steps
    /// begin (`firstSteps`), in one pass over memory sized once: appending a state's run
    /// took two generic appends per state, which cost more than the writes.
    mutating func recordSources() {
        let total = steps.count
        if sources.count < total {
            sources.append(contentsOf: repeatElement(0, count: total - sources.count))
            actionIndices.append(contentsOf: repeatElement(0, count: total - actionIndices.count))
            actionKinds.append(contentsOf: repeatElement(0, count: total - actionKinds.count))
            stepsByKind.append(contentsOf: repeatElement(0, count: total - stepsByKind.count))
        }
        firstSteps.append(Int32(total))
        sources.withUnsafeMutableBufferPointer { sources in
            actionIndices.withUnsafeMutableBufferPointer { actionIndices in
                for state in 0..<firstSteps.count - 1 {
                    let run = Int(firstSteps[state])..<Int(firstSteps[state + 1])
                    for step in run {
                        sources[step] = Int32(state)
                        actionIndices[step] = UInt32(step - run.lowerBound)
                    }
                }
            }
        }
    }

    /// Groups the listed steps by kind (`stepsByKind`, `kindStarts`), given how many there
    /// are of each kind.
    mutating func groupStepsByKind(counts: [Int]) {
        let total = steps.count
        kindStarts.removeAll(keepingCapacity: true)
        kindStarts.append(contentsOf: repeatElement(0, count: counts.count + 1))
        actionKinds.withUnsafeBufferPointer { kinds in
            stepsByKind.withUnsafeMutableBufferPointer { order in
                kindStarts.withUnsafeMutableBufferPointer { starts in
                    counts.withUnsafeBufferPointer { counts in
                        StepsByKind.group(kinds: UnsafeBufferPointer(rebasing: kinds[..<total]), counts: counts,
                                          order: UnsafeMutableBufferPointer(rebasing: order[..<total]), starts: starts)
                    }
                }
            }
        }
    }

    mutating func clear() {
        transitions.removeAll()
        firstSteps.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        wideHalves.removeAll(keepingCapacity: true)
    }

    /// The bits of `count` misses, zeroed.
    mutating func resetMissVerdicts(_ count: Int) {
        if missApplied.count < count {
            missApplied.append(contentsOf: repeatElement(0, count: count - missApplied.count))
            missViolated.append(contentsOf: repeatElement(0, count: count - missViolated.count))
        }
        missApplied.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<count]).update(repeating: 0) }
        missViolated.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<count]).update(repeating: 0) }
    }

    /// Room for `count` verdicts.
    mutating func reserveVerdicts(_ count: Int) {
        if verdicts.count < count { verdicts.append(contentsOf: repeatElement(BatchVerdict(PropertyCheck()), count: count - verdicts.count)) }
    }
}

extension BreadthFirstExplorer {
    /// Expands frontier[range], the parallel phase's work for one chunk, in passes, so that a
    /// property the model evaluates by key is one call per chunk rather than one per state:
    /// 1. List every transition of every state (and the deadlocks).
    /// 2. Check each action property on all the transitions.
    /// 3. Keep the successors not seen in earlier levels, as candidates for the next level:
    ///    their fingerprints and origins, not the states.
    /// The invariants wait for the merge (`Search.checkLevel`), which keeps one of each
    /// candidate state found more than once.
    func expand(
        frontier: UnsafeBufferPointer<M.State>, hints: UnsafeBufferPointer<UInt64>, ids: LevelIDs, range: Range<Int>,
        properties: CompiledProperties<M>, decided: [Bool], visited: FingerprintSet, canonical: CanonicalMemo?,
        buffers: inout ExpansionBuffers<M>
    ) -> ChunkOutput<M> {
        var output = ChunkOutput<M>(actionKinds: actionKindCount, properties: properties.count)
        buffers.clear()
        for position in range {
            let first = buffers.transitions.count
            hooks.successors(of: frontier.baseAddress! + position, into: buffers.transitions)
            let enabled = buffers.transitions.count - first
            if enabled == 0 && options.checkDeadlock && !model.isLegalEnd(frontier[position]) {
                output.deadlocks.append(ids[position])
            }
            buffers.firstSteps.append(Int32(first))
        }
        buffers.recordSources()
        output.generated = buffers.steps.count
        let steps = buffers.steps
        output.actionEnabled.withUnsafeMutableBufferPointer { counts in
            buffers.actionKinds.withUnsafeMutableBufferPointer { kinds in
                for index in steps.indices {
                    let kind = model.actionKind(of: steps[index].action)
                    kinds[index] = Int32(truncatingIfNeeded: kind)
                    counts[kind] += 1
                }
            }
        }

        // Keyed properties one at a time over the whole chunk; the others one step at a time,
        // all of them on each step, so that a heavy state is copied once per step, not once
        // per property.
        let keyed = properties.transitions.contains { $0.key >= 0 && !decided[$0.number] }
        if keyed { buffers.groupStepsByKind(counts: output.actionEnabled) }
        for entry in properties.transitions where entry.key >= 0 && !decided[entry.number] {
            let tally = buffers.sources.withUnsafeBufferPointer { sources in
                buffers.actionKinds.withUnsafeBufferPointer { kinds in
                    buffers.stepsByKind.withUnsafeBufferPointer { order in
                        buffers.kindStarts.withUnsafeBufferPointer { starts in
                            hooks.evaluate(transitionKey: entry.key, on: StepBatch(
                                sources: UnsafeBufferPointer(rebasing: frontier[range]),
                                sourceIndices: UnsafeBufferPointer(rebasing: sources[..<steps.count]),
                                steps: UnsafeBufferPointer(steps), actionKinds: UnsafeBufferPointer(rebasing: kinds[..<steps.count]),
                                byKind: StepsByKind(order: UnsafeBufferPointer(rebasing: order[..<steps.count]), starts: starts)))
                        }
                    }
                }
            }
            let predicate = properties.transitionClosures[entry.closure]
            output.record(tally, property: entry.number) { index in
                (ids[range.lowerBound + Int(buffers.sources[index])], Int(buffers.actionIndices[index]))
            } explain: { index in
                let step = buffers.steps[index]
                return PropertyCheck.explained { predicate(frontier[range.lowerBound + Int(buffers.sources[index])], step.action, step.state, &$0) }
            }
        }
        let unkeyedTransitions = properties.transitions.filter { $0.key < 0 && !decided[$0.number] }
        if !unkeyedTransitions.isEmpty {
            for index in buffers.steps.indices {
                let source = range.lowerBound + Int(buffers.sources[index])
                let before = frontier[source], step = buffers.steps[index]
                // A property about other kinds of action is vacuous on this step: not called.
                // (Past the 64th kind every property runs, which is always sound.)
                let kind = Int(buffers.actionKinds[index])
                let bit: UInt64 = kind < 64 ? 1 << UInt64(kind) : .max
                for entry in unkeyedTransitions where entry.actionKinds & bit != 0 {
                    let predicate = properties.transitionClosures[entry.closure]
                    var check = PropertyCheck()
                    predicate(before, step.action, step.state, &check)
                    output.record(check, property: entry.number) {
                        (ids[source], Int(buffers.actionIndices[index]))
                    } explain: {
                        PropertyCheck.explained { predicate(before, step.action, step.state, &$0) }
                    }
                }
            }
        }


        // Each successor is hashed, then probed in the visited set some steps later (see
        // `fingerprint`). In place: a copy of each successor would cost as much as hashing it.
        // The candidates are written straight into an array made with room for every step:
        // appended one by one, each paid for the array's uniqueness and capacity checks and
        // three bounds checks, 60 instructions a candidate (callgrind, bench with symmetry).
        buffers.fingerprints.append(contentsOf: repeatElement(0, count: buffers.steps.count))
        if buffers.wantsWideHalves {
            precondition(canonical == nil, "a split search keeps no canonical memo: the memo holds fingerprints only")
            buffers.wideHalves.append(contentsOf: repeatElement(0, count: buffers.steps.count))
        }
        if canonical != nil && buffers.stepHints.count < 2 * steps.count {
            buffers.stepHints.append(contentsOf: repeatElement(0, count: 2 * steps.count - buffers.stepHints.count))
        }
        var forms = 0
        // Room for one at least: made with a capacity of 0, the array would be the standard
        // library's one shared empty array, whose count the initialiser writes (0 over 0)
        // while other threads read it through their own empty arrays, a race the thread
        // sanitizer reports (a chunk whose states have no steps).
        output.candidates = Array(unsafeUninitializedCapacity: max(1, steps.count)) { candidates, kept in
            buffers.fingerprints.withUnsafeMutableBufferPointer { fingerprints in
                buffers.wideHalves.withUnsafeMutableBufferPointer { wideHalves in
                    buffers.stepHints.withUnsafeMutableBufferPointer { stepHints in
                        buffers.sources.withUnsafeBufferPointer { sources in
                            buffers.actionIndices.withUnsafeBufferPointer { actionIndices in
                                buffers.actionKinds.withUnsafeBufferPointer { kinds in
                                    let parents = canonical == nil ? nil : Parents(
                                        states: frontier.baseAddress! + range.lowerBound,
                                        hints: hints.baseAddress! + range.lowerBound,
                                        sources: sources.baseAddress!, stepHints: stepHints.baseAddress!)
                                    // The candidates' hints go to the second half, in their order.
                                    let keptHints = parents.map { $0.stepHints + steps.count }
                                    forms = fingerprint(
                                        steps, into: fingerprints,
                                        wideHalves: wideHalves.isEmpty ? nil : wideHalves.baseAddress,
                                        canonical: canonical, visited: visited, parents: parents
                                    ) { index in
                                        // `fingerprint` names each step at most once; a memory
                                        // write is not left to that promise alone.
                                        precondition(kept < candidates.count, "more candidates than steps")
                                        let source = range.lowerBound + Int(sources[index])
                                        (candidates.baseAddress! + kept).initialize(
                                            to: .init(
                                                fingerprint: fingerprints[index], parent: ids[source],
                                                actionIndex: actionIndices[index], actionKind: kinds[index],
                                                source: Int32(source), action: steps[index].action))
                                        if let keptHints { keptHints[kept] = stepHints[index] }
                                        kept += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if canonical != nil {
            output.hints = buffers.stepHints.withUnsafeBufferPointer { Array($0[steps.count..<(steps.count + output.candidates.count)]) }
        }
        output.canonicalForms = forms
        return output
    }

    /// Where each step of a chunk comes from, for canonical forms that reuse their parent's
    /// hint (`ModelHooks.canonicalForm(of:scratch:parent:parentHint:hint:)`): the chunk's states
    /// and their hints, each step's source among them, and where each step's own hint goes.
    struct Parents {
        let states: UnsafePointer<M.State>
        let hints: UnsafePointer<UInt64>
        let sources: UnsafePointer<Int32>
        let stepHints: UnsafeMutablePointer<UInt64>
    }

    /// Each step's fingerprint: its state's, or with symmetry its canonical form's. The
    /// canonical forms go through the search's memo (`CanonicalMemo`): each state is hashed
    /// as it is and its entry asked for `CanonicalMemo.prefetchDistance` steps before the
    /// entry is read; only a state the memo does not hold has its form computed. Each
    /// fingerprint, once known, has its slot in the visited set asked for, and is probed
    /// `FingerprintSet.prefetchDistance` steps later: the steps `visited` lacks go to
    /// `unseen`, in step order. Returns how many forms were computed. With `parents`, a form
    /// computed here is given its parent's hint and leaves its own in `parents.stepHints`
    /// (0 for a form found in the memo). With `wideHalves` (no memo then), each step's second
    /// key half is written there too, of the same form.
    ///
    /// Why the probes ride in this loop: in a loop of their own, after the hashing, they
    /// came 20 instructions apart, too close for a prefetch 16 probes ahead to cover a
    /// miss, and read each candidate's action from a transition long out of the cache. In
    /// alternated rounds of `verify bench --repeat 3` against that (8, twice), without
    /// symmetry: 1 worker 1.10 and 1.10, 2 workers 1.04 and 1.02; with symmetry no
    /// difference beyond the host's noise (1 worker 0.98 and 0.99, 2 workers 0.98 and 1.09).
    ///
    /// Why the memo's entries are asked for so few steps ahead: hashing the whole chunk
    /// first and reading the entries after (up to 6 thousand of them, past the worker's
    /// share of the cache while the chunk's transitions, 224 bytes each, streamed by) left
    /// the reads waiting on memory. Against that, in alternated rounds of `verify bench
    /// --repeat 3` (8, then 6), with symmetry: 1 worker 1.04 and 1.02, 2 workers 1.15 and
    /// 1.10.
    func fingerprint(
        _ steps: UnsafeMutableBufferPointer<Transition<M.Action, M.State>>, into fingerprints: UnsafeMutableBufferPointer<UInt64>,
        wideHalves: UnsafeMutablePointer<UInt64>? = nil, canonical memo: CanonicalMemo?, visited: FingerprintSet,
        parents: Parents? = nil, unseen: (Int) -> Void
    ) -> Int {
        // A chunk with no successors still has the buffer's memory behind it, but nothing
        // lives there: the scratch copy below would copy a state already destroyed, or never made.
        guard let base = steps.baseAddress, !steps.isEmpty else { return 0 }
        @inline(__always) func state(_ index: Int) -> UnsafePointer<M.State> { UnsafePointer(base + index).pointer(to: \.state)! }
        let lag = FingerprintSet.prefetchDistance
        @inline(__always) func probe(_ index: Int) {
            if !visited.contains(fingerprints[index]) { unseen(index) }
        }
        // Step `index` has its fingerprint: its slot is asked for, and the step `lag` before
        // it probed.
        @inline(__always) func settled(_ index: Int) {
            visited.prefetch(fingerprints[index])
            if index >= lag { probe(index &- lag) }
        }
        // The last `lag` steps (all of a shorter chunk), once every fingerprint is known,
        // whichever of the loops below ran.
        defer { for index in max(0, steps.count - lag)..<steps.count { probe(index) } }
        guard options.symmetry else {
            for index in steps.indices {
                fingerprints[index] = M.State.fingerprint(at: state(index))
                wideHalves?[index] = M.State.wideHalf(at: state(index))
                settled(index)
            }
            return 0
        }
        // Only a symmetric search writes forms, so only it takes a scratch state.
        var scratch = base.pointee.state
        return withUnsafeMutablePointer(to: &scratch) { scratch in
            guard let memo else {
                for index in steps.indices {
                    let form = hooks.canonicalForm(of: state(index), scratch: scratch)
                    fingerprints[index] = M.State.fingerprint(at: form)
                    wideHalves?[index] = M.State.wideHalf(at: form)
                    settled(index)
                }
                return steps.count
            }
            @inline(__always) func hash(_ index: Int) {
                let raw = M.State.fingerprint(at: state(index))
                fingerprints[index] = raw
                memo.prefetch(raw)
            }
            let ahead = min(CanonicalMemo.prefetchDistance, steps.count)
            for index in 0..<ahead { hash(index) }
            var computed = 0
            for index in steps.indices {
                if index + ahead < steps.count { hash(index + ahead) }
                let raw = fingerprints[index]
                if let known = memo.canonical(of: raw) {
                    fingerprints[index] = known
                    parents?.stepHints[index] = 0
                } else {
                    // A state that is its own form comes back as itself: its hash is known.
                    let canonical: UnsafePointer<M.State>
                    if let parents {
                        let source = Int(parents.sources[index])
                        canonical = hooks.canonicalForm(
                            of: state(index), scratch: scratch, parent: parents.states + source,
                            parentHint: parents.hints[source], hint: &parents.stepHints[index])
                    } else {
                        canonical = hooks.canonicalForm(of: state(index), scratch: scratch)
                    }
                    let form = canonical == state(index) ? raw : M.State.fingerprint(at: canonical)
                    memo.store(form, for: raw)
                    fingerprints[index] = form
                    computed += 1
                }
                settled(index)
            }
            return computed
        }
    }

    /// Where the states of a checked batch come from: the parts each one's step changed
    /// (`ModelHooks.changedParts(from:to:)`) and its parent's row of applied invariants. A state
    /// property whose footprint its step left alone is not run: its verdict is the parent's,
    /// which held (a violation would have decided the property a level earlier).
    ///
    /// Plain pointers, not a closure that finds a parent's row: called for every state, the
    /// closure retained its context each time.
    struct Lineage {
        let changes: UnsafeBufferPointer<StateParts>
        /// The batch's origins, whose sources index the parents' rows.
        let origins: UnsafeBufferPointer<Search<M>.Origin>
        /// The parent level's rows of applied invariants.
        let parentRows: AppliedInvariants

        func parentRow(_ index: Int) -> UnsafePointer<UInt64> { UnsafePointer(parentRows.row(Int(origins[index].source))) }
    }

    /// Checks every undecided invariant and reachability property on `states` and fills
    /// their rows of applied invariants (`rows`, one after another); `lineage` is nil for
    /// roots. `origin` names a state's parent and action index (by its position in
    /// `states`), for the trace of a finding. Keyed properties go one at a time over the
    /// states their footprint selects; the others one state at a time, as for transitions.
    func checkStates(
        _ states: UnsafeBufferPointer<M.State>, lineage: Lineage?, rows: UnsafeMutablePointer<UInt64>,
        properties: CompiledProperties<M>, decided: [Bool], buffers: inout ExpansionBuffers<M>,
        into output: inout ChunkOutput<M>, origin: (Int) -> (parent: UInt32, actionIndex: Int)
    ) {
        guard !states.isEmpty else { return }
        let words = properties.invariantWords
        let lineage = options.useFootprints ? lineage : nil
        // A row starts as the parent's (a root's as nothing applied); each invariant that runs
        // on the state writes its own bit.
        // The lineage unwrapped once for the batch, not once per state.
        if let lineage {
            // Word by word: a row is a word or two, and `update(from:count:)` called memcpy.
            for index in states.indices {
                let row = rows + index * words, parent = lineage.parentRow(index)
                for word in 0..<words { row[word] = parent[word] }
            }
        } else {
            rows.update(repeating: 0, count: states.count * words)
        }
        func setBit(_ bit: Int, of index: Int, to applied: Bool) {
            let word = rows + index * words + bit >> 6, mask = UInt64(1) << UInt64(bit & 63)
            word.pointee = applied ? word.pointee | mask : word.pointee & ~mask
        }
        buffers.select(states.count, properties: properties, changes: lineage?.changes)
        let selections = buffers.selections, bounds = buffers.selectionBounds
        selections.withUnsafeBufferPointer { selections in
            func selection(_ slot: Int) -> UnsafeBufferPointer<Int32> {
                UnsafeBufferPointer(rebasing: selections[bounds[2 * slot]..<bounds[2 * slot + 1]])
            }
            // The footprints checked through the cache this time; the others' invariants are
            // evaluated on every state selected, below.
            var viaCache: UInt64 = 0
            if properties.cachesVerdicts {
                buffers.memo.prepare(properties.cachedFootprints)
                for slot in properties.footprints.indices where properties.cachedFootprints[slot] != nil {
                    guard buffers.memo.tables[slot].unsafelyUnwrapped.isActive() else { continue }
                    viaCache |= 1 << UInt64(slot)
                    checkCached(slot, states: states, selected: selection(slot), rows: rows, properties: properties,
                                decided: decided, buffers: &buffers, into: &output, origin: origin)
                }
            }
            for entry in properties.invariants where entry.key >= 0 && !decided[entry.number] {
                if entry.footprintSlot < 64 && viaCache & (1 << UInt64(entry.footprintSlot)) != 0 { continue }
                let chosen = selection(entry.footprintSlot)
                let tally = evaluate(entry, on: StateBatch(states: states, indices: chosen), buffers: &buffers)
                for position in chosen.indices { setBit(entry.bit, of: Int(chosen[position]), to: buffers.verdicts[position].applied) }
                if let position = tally.firstViolation {
                    let predicate = properties.stateClosures[entry.closure], index = Int(chosen[position])
                    output.keepViolation(of: entry.number, at: origin(index)) { PropertyCheck.explained { predicate(states[index], &$0) } }
                }
            }
            for entry in properties.reachability where entry.key >= 0 && !decided[entry.number] {
                let chosen = selection(entry.footprintSlot)
                evaluate(entry, on: StateBatch(states: states, indices: chosen), buffers: &buffers)
                for position in chosen.indices where buffers.verdicts[position].applied && !buffers.verdicts[position].violated {
                    output.reached(entry.number, origin: origin(Int(chosen[position])))
                }
            }
        }
        let invariants = properties.invariants.filter { $0.key < 0 && !decided[$0.number] }
        let reachability = properties.reachability.filter { $0.key < 0 && !decided[$0.number] }
        if !invariants.isEmpty || !reachability.isEmpty {
            for (index, state) in states.enumerated() {
                // A root has no parent to take verdicts from: everything runs on it, a property
                // that reads no part at all too (with `.all` for its changes, it would not).
                let changed = lineage?.changes[index]
                @inline(__always) func runs(_ entry: CompiledProperties<M>.Entry) -> Bool {
                    changed.map { !$0.isDisjoint(with: entry.footprint) } ?? true
                }
                for entry in invariants where runs(entry) {
                    let predicate = properties.stateClosures[entry.closure]
                    var check = PropertyCheck()
                    predicate(state, &check)
                    setBit(entry.bit, of: index, to: check.applied)
                    if check.violated {
                        output.keepViolation(of: entry.number, at: origin(index)) { PropertyCheck.explained { predicate(state, &$0) } }
                    }
                }
                for entry in reachability where runs(entry) {
                    var check = PropertyCheck()
                    properties.stateClosures[entry.closure](state, &check)
                    if check.applied && !check.violated { output.reached(entry.number, origin: origin(index)) }
                }
            }
        }
        // Coverage counts each state where an invariant applied, run or inherited.
        buffers.resetCounts(words * 64)
        buffers.appliedCounts.withUnsafeMutableBufferPointer { counts in
            AppliedInvariants.count(rows: rows, states: states.count, words: words, into: counts)
        }
        for entry in properties.invariants where !decided[entry.number] { output.exercised[entry.number] += buffers.appliedCounts[entry.bit] }
    }

    /// Checks the invariants of cached footprint `slot` on the `selected` states through the
    /// worker's `VerdictMemo`: a state whose footprint is cached takes the cached verdicts;
    /// the others are evaluated in one batch per invariant, and cached. Writes each state's
    /// bits in `rows` and keeps each invariant's first violation, in state order, as
    /// evaluating every state would.
    func checkCached(
        _ slot: Int, states: UnsafeBufferPointer<M.State>, selected: UnsafeBufferPointer<Int32>, rows: UnsafeMutablePointer<UInt64>,
        properties: CompiledProperties<M>, decided: [Bool], buffers: inout ExpansionBuffers<M>,
        into output: inout ChunkOutput<M>, origin: (Int) -> (parent: UInt32, actionIndex: Int)
    ) {
        let group = properties.groups[slot]
        var undecided: UInt64 = 0
        for (bit, member) in group.enumerated() where !decided[properties.invariants[member].number] { undecided |= 1 << UInt64(bit) }
        guard undecided != 0 && !selected.isEmpty else { return }
        // The group's bits lie in one word of a row, from `shift` on.
        let words = properties.invariantWords, first = properties.invariants[group[0]].bit
        let (rowWord, shift) = (first / 64, UInt64(first % 64))
        let table = buffers.memo.tables[slot].unsafelyUnwrapped
        let base = UnsafeRawPointer(states.baseAddress!)
        let stride = MemoryLayout<M.State>.stride
        // Per member: the first state (by index) that violated it, or Int.max.
        var firstViolations = InlineArray<64, Int>(repeating: .max)
        var violatedAny: UInt64 = 0
        @inline(__always) func write(_ applied: UInt64, _ violated: UInt64, of index: Int) {
            let word = rows + index * words + rowWord
            word.pointee = word.pointee & ~(undecided << shift) | (applied & undecided) << shift
            var bits = violated & undecided
            violatedAny |= bits
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                bits &= bits &- 1
                firstViolations[bit] = min(firstViolations[bit], index)
            }
        }
        buffers.misses.removeAll(keepingCapacity: true)
        for position in selected.indices {
            let index = Int(selected[position])
            if let cached = table.lookup(base + index * stride) {
                write(cached.applied, cached.violated, of: index)
            } else {
                buffers.misses.append(selected[position])
            }
        }
        let misses = buffers.misses.count
        table.record(lookups: selected.count, hits: selected.count - misses, members: group.count)
        if misses > 0 {
            buffers.resetMissVerdicts(misses)
            buffers.misses.withUnsafeBufferPointer { missed in
                var bits = undecided
                while bits != 0 {
                    let bit = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    evaluate(properties.invariants[group[bit]], on: StateBatch(states: states, indices: missed), buffers: &buffers)
                    let flag = UInt64(1) << UInt64(bit)
                    for position in 0..<misses {
                        let verdict = buffers.verdicts[position]
                        if verdict.applied { buffers.missApplied[position] |= flag }
                        if verdict.violated { buffers.missViolated[position] |= flag }
                    }
                }
                for position in 0..<misses {
                    let index = Int(missed[position])
                    let (applied, violated) = (buffers.missApplied[position], buffers.missViolated[position])
                    write(applied, violated, of: index)
                    table.store(base + index * stride, applied: applied, violated: violated)
                }
            }
        }
        while violatedAny != 0 {
            let bit = violatedAny.trailingZeroBitCount
            violatedAny &= violatedAny &- 1
            let entry = properties.invariants[group[bit]], index = firstViolations[bit]
            let predicate = properties.stateClosures[entry.closure]
            output.keepViolation(of: entry.number, at: origin(index)) { PropertyCheck.explained { predicate(states[index], &$0) } }
        }
    }

    /// Fills `buffers.verdicts` with a keyed state property's verdict on each state the batch
    /// selects, and says how many applied and which violated first.
    @discardableResult
    func evaluate(_ entry: CompiledProperties<M>.Entry, on batch: StateBatch<M.State>, buffers: inout ExpansionBuffers<M>) -> VerdictTally {
        guard batch.count > 0 else { return VerdictTally() }
        buffers.reserveVerdicts(batch.count)
        return buffers.verdicts.withUnsafeMutableBufferPointer { all in
            hooks.evaluate(stateKey: entry.key, on: batch,
                           into: UnsafeMutableBufferPointer(rebasing: all[..<batch.count]))
        }
    }
}
