/// A worker's scratch space, kept for the whole search: once the arrays have grown, expanding
/// a chunk allocates nothing for its transitions or verdicts. Fresh memory is not free: the
/// kernel zeroes every page of it, which cost a third of a search's time when each chunk had
/// arrays of its own.
struct ExpansionBuffers<M: Model> {
    /// Every transition out of the chunk's states, in frontier order.
    var steps: [Transition<M.Action, M.State>] = []
    /// For each step, its source's position in the chunk and its index among the source's
    /// enabled actions (the number a trace records).
    var sources: [Int32] = []
    var actionIndices: [UInt32] = []
    /// Each step's fingerprint (of its canonical form, with symmetry).
    var fingerprints: [UInt64] = []
    /// One verdict per step or per state checked, for the property being evaluated: the first
    /// `checkCount` entries (the array only grows).
    var checks: [PropertyCheck] = []
    var checkCount = 0

    mutating func clear() {
        steps.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        actionIndices.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
    }

    /// `count` fresh verdicts. A check is plain data, so this is a fill, not a rebuild.
    mutating func resetChecks(_ count: Int) {
        if checks.count < count { checks.append(contentsOf: repeatElement(PropertyCheck(), count: count - checks.count)) }
        checkCount = count
        checks.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<count]).update(repeating: PropertyCheck()) }
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
        frontier: UnsafeBufferPointer<M.State>, ids: [UInt32], range: Range<Int>, properties: CompiledProperties<M>,
        decided: [Bool], visited: FingerprintSet, buffers: inout ExpansionBuffers<M>
    ) -> ChunkOutput<M> {
        var output = ChunkOutput<M>(actionKinds: actionKindCount, properties: properties.count)
        buffers.clear()
        for position in range {
            let first = buffers.steps.count
            model.successors(of: frontier[position], into: &buffers.steps)
            let enabled = buffers.steps.count - first
            if enabled == 0 && options.checkDeadlock && !model.isLegalEnd(frontier[position]) {
                output.deadlocks.append(ids[position])
            }
            for index in 0..<enabled {
                buffers.sources.append(Int32(position - range.lowerBound))
                buffers.actionIndices.append(UInt32(index))
            }
        }
        output.generated = buffers.steps.count
        for index in buffers.steps.indices {
            let kind = model.actionKind(of: buffers.steps[index].action)
            output.actionEnabled[kind] += 1
            output.actionFired[kind] += 1
        }

        // Keyed properties one at a time over the whole chunk; the others one step at a time,
        // all of them on each step, so that a heavy state is copied once per step, not once
        // per property.
        for entry in properties.transitions where entry.key >= 0 && !decided[entry.number] {
            buffers.resetChecks(buffers.steps.count)
            buffers.steps.withUnsafeBufferPointer { steps in
                buffers.sources.withUnsafeBufferPointer { sources in
                    let batch = StepBatch(sources: UnsafeBufferPointer(rebasing: frontier[range]), sourceIndices: sources, steps: steps)
                    buffers.checks.withUnsafeMutableBufferPointer { checks in
                        model.evaluate(transitionKey: entry.key, on: batch, into: UnsafeMutableBufferPointer(rebasing: checks[..<batch.count]))
                    }
                }
            }
            let predicate = properties.transitionClosures[entry.closure]
            output.record(buffers.checks[..<buffers.checkCount], property: entry.number) { index in
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
                for entry in unkeyedTransitions {
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

        // Hash every successor first, then probe the visited set: the probes are then
        // independent loads the processor can overlap, rather than each waiting behind a hash.
        // In place: a copy of each successor would cost as much as hashing it.
        buffers.steps.withUnsafeMutableBufferPointer { steps in
            for index in steps.indices {
                buffers.fingerprints.append(withUnsafePointer(to: &steps[index].state) { key(at: $0) })
            }
        }
        output.candidates.reserveCapacity(buffers.steps.count)
        for index in buffers.steps.indices {
            let fingerprint = buffers.fingerprints[index]
            if visited.contains(fingerprint) { continue }
            let source = range.lowerBound + Int(buffers.sources[index])
            let action = buffers.steps[index].action
            output.candidates.append(.init(
                fingerprint: fingerprint, parent: ids[source], actionIndex: buffers.actionIndices[index],
                actionKind: Int32(model.actionKind(of: action)), source: Int32(source), action: action))
        }
        return output
    }

    /// Checks every undecided invariant and reachability property on `states`; `origin`
    /// names a state's parent and action index (by its position in `states`), for the trace
    /// of a finding. Keyed properties go one at a time over the batch; the others one state
    /// at a time, as for transitions.
    func checkStates(
        _ states: UnsafeBufferPointer<M.State>, properties: CompiledProperties<M>, decided: [Bool], buffers: inout ExpansionBuffers<M>,
        into output: inout ChunkOutput<M>, origin: (Int) -> (parent: UInt32, actionIndex: Int)
    ) {
        guard !states.isEmpty else { return }
        for entry in properties.invariants where entry.key >= 0 && !decided[entry.number] {
            evaluate(entry, on: states, buffers: &buffers)
            let predicate = properties.stateClosures[entry.closure]
            output.record(buffers.checks[..<buffers.checkCount], property: entry.number, origin: origin) { index in
                PropertyCheck.explained { predicate(states[index], &$0) }
            }
        }
        for entry in properties.reachability where entry.key >= 0 && !decided[entry.number] {
            evaluate(entry, on: states, buffers: &buffers)
            for index in 0..<buffers.checkCount where buffers.checks[index].applied && !buffers.checks[index].violated {
                output.reached(entry.number, origin: origin(index))
            }
        }
        let invariants = properties.invariants.filter { $0.key < 0 && !decided[$0.number] }
        let reachability = properties.reachability.filter { $0.key < 0 && !decided[$0.number] }
        guard !invariants.isEmpty || !reachability.isEmpty else { return }
        for (index, state) in states.enumerated() {
            for entry in invariants {
                let predicate = properties.stateClosures[entry.closure]
                var check = PropertyCheck()
                predicate(state, &check)
                output.record(check, property: entry.number) { origin(index) } explain: {
                    PropertyCheck.explained { predicate(state, &$0) }
                }
            }
            for entry in reachability {
                var check = PropertyCheck()
                properties.stateClosures[entry.closure](state, &check)
                if check.applied && !check.violated { output.reached(entry.number, origin: origin(index)) }
            }
        }
    }

    /// Fills `buffers.checks` with a keyed state property's verdict on each of `states`.
    func evaluate(_ entry: CompiledProperties<M>.Entry, on states: UnsafeBufferPointer<M.State>, buffers: inout ExpansionBuffers<M>) {
        buffers.resetChecks(states.count)
        buffers.checks.withUnsafeMutableBufferPointer { all in
            model.evaluate(stateKey: entry.key, on: states, into: UnsafeMutableBufferPointer(rebasing: all[..<states.count]))
        }
    }
}
