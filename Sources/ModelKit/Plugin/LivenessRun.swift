import Checker

/// What the liveness check of one target measured: the graph it built and the time it took.
public struct LivenessFigures: Sendable {
    public let states: Int
    public let edges: Int
    /// `StateGraph.keptBytes`.
    public let bytes: Int
    public let seconds: Double
    /// Levels holding a state (the initial states are level 1), and whether the depth bound
    /// left some unexpanded.
    public let levels: Int
    public let depthBound: Bool
    /// The graph stopped where it would have passed the memory budget: it decides only the
    /// violations it holds (`StateGraph.overBudget`).
    public let overBudget: Bool

    public init(
        states: Int, edges: Int, bytes: Int, seconds: Double, levels: Int, depthBound: Bool, overBudget: Bool = false
    ) {
        self.states = states
        self.edges = edges
        self.bytes = bytes
        self.seconds = seconds
        self.levels = levels
        self.depthBound = depthBound
        self.overBudget = overBudget
    }

    /// Why the graph stopped growing, in the terms of a search: a run of liveness properties
    /// alone reports it as its own.
    public var stopReason: StopReason { overBudget ? .memoryBudget : depthBound ? .depthBound : .exhausted }
}

extension TargetResult {
    /// A run of liveness properties alone: the graph they were checked on is the search, and
    /// its figures are the run's (one worker; no fingerprints, so no collision).
    public init(model: String, liveness outcomes: [Outcome], figures: LivenessFigures) {
        let run = RunFigures(
            modelName: model, distinct: figures.states, generated: figures.edges, depth: figures.levels,
            stopReason: figures.stopReason, seconds: figures.seconds, workers: 1)
        self.init(figures: run, properties: outcomes, deadlock: nil)
        liveness = figures
    }

    /// `self` with the outcomes of the liveness properties after the others, and the figures.
    public func adding(liveness outcomes: [Outcome], figures: LivenessFigures) -> TargetResult {
        var result = TargetResult(figures: self.figures, properties: properties + outcomes, deadlock: deadlock)
        result.liveness = figures
        return result
    }
}

extension ModelPlugin {
    /// The ids of the liveness properties `target` checks: the Spec's, on the spec and
    /// reference targets (the conformance target compares steps, which a graph of one side
    /// does not hold).
    public func livenessIDs(of target: CheckTarget, spec: Spec) -> [String] {
        target == .conformance ? [] : spec.liveness.properties.map(\.id)
    }

    /// The liveness ids a check of `target` runs when `asked` names the properties to check
    /// (nil: every one checked by default; in a scope that does not decide them, none).
    public func livenessIDs(of target: CheckTarget, spec: Spec, asked: [String]?) -> [String] {
        guard let asked else { return spec.liveness.checkedByDefault ? livenessIDs(of: target, spec: spec) : [] }
        return livenessIDs(of: target, spec: spec).filter(asked.contains)
    }

    /// Checks the liveness properties in `ids` (all when nil) of `target` on its graph to
    /// `depth`, built without symmetry reduction so that each lasso is a real behaviour. The
    /// Reference's graph keys its states by their abstraction alone, as the Spec's states are
    /// keyed: the first system found stands for each. Nil when the target checks none.
    /// `maxBytes`: the memory the graph may take (nil: no limit). Compiled in the model's
    /// module, like `explore`.
    @inlinable
    public func checkLiveness(
        _ target: CheckTarget, spec: Spec, adapter: Adapter, depth: Int?, ids: [String]?, maxBytes: Int? = nil
    )
        -> (outcomes: [TargetResult<Spec>.Outcome], figures: LivenessFigures)?
    {
        switch target {
        case .spec: return LivenessRun.check(spec, depth: depth, ids: ids, maxBytes: maxBytes) { $0 }
        case .reference:
            // Keyed by the abstraction alone: a Reference's hidden state (notices, ids) may only grow.
            let model = ImplementationModel(adapter: adapter, keyingHiddenState: false)
            return LivenessRun.check(model, depth: depth, ids: ids, maxBytes: maxBytes) { $0.key }
        case .conformance: return nil
        }
    }
}

/// The liveness check of one explored model, in the Spec's terms.
public enum LivenessRun {
    @inlinable
    public static func check<M: Model, Spec: Model>(
        _ model: M, depth: Int?, ids: [String]?, maxBytes: Int? = nil, specState: (M.State) -> Spec.State
    ) -> (outcomes: [TargetResult<Spec>.Outcome], figures: LivenessFigures)? where M.Action == Spec.Action {
        let liveness = model.liveness
        let properties = liveness.properties.filter { ids?.contains($0.id) ?? true }
        guard !properties.isEmpty else { return nil }
        let start = ContinuousClock.now
        let graph = StateGraph(model, depth: depth, atBound: liveness.boundStops, maxBytes: maxBytes)
        // The fair components under each fairness, made once: properties that assume the same
        // (the model's, or their own with the same labels) share them.
        var checks: [String: LivenessCheck<M>] = [:]
        let outcomes: [TargetResult<Spec>.Outcome] = properties.map { property in
            let fairness = property.fairness ?? liveness.fairness
            let key = fairness.map { "\($0.strength) \($0.label)" }.joined(separator: "\n")
            let check = checks[key] ?? LivenessCheck(graph: graph, fairness: fairness)
            checks[key] = check
            var verdict = check.check(property)
            // Part of a graph shows a real lasso, but proves nothing else.
            if graph.overBudget {
                switch verdict {
                case .violated: break
                default: verdict = .inconclusive(pendingAtBound: 0)
                }
            }
            return outcome(of: property, verdict: verdict, graph: graph, specState: specState)
        }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let figures = LivenessFigures(
            states: graph.count, edges: graph.edgeCount, bytes: graph.keptBytes,
            seconds: seconds, levels: graph.levels, depthBound: graph.cut.contains(true) && !graph.overBudget,
            overBudget: graph.overBudget)
        return (outcomes, figures)
    }

    @usableFromInline
    static func outcome<M: Model, Spec: Model>(
        of property: LeadsTo<M>, verdict: LivenessVerdict<M>, graph: StateGraph<M>, specState: (M.State) -> Spec.State
    ) -> TargetResult<Spec>.Outcome where M.Action == Spec.Action {
        // How often an obligation starts: per state and instance, or once for `eventually`.
        let triggered =
            property.trigger.map { trigger in
                (0..<property.instances).reduce(0) { sum, instance in sum + graph.states.count { trigger($0, instance) }
                }
            } ?? 1
        var counterexample: Counterexample<Spec>?
        var pending = 0
        let status: PropertyStatus
        switch verdict {
        case .holds: status = .holds
        case .vacuous: status = .vacuous
        case .inconclusive(let cut):
            status = .inconclusive
            pending = cut
        case .violated(let lasso):
            status = .violated
            let whose = property.instanceName.map { " for \($0(lasso.instance))" } ?? ""
            let witness =
                lasso.cycleLength == 0
                ? "the obligation\(whose) is pending where the behaviour stops: nothing fair is left to take"
                : "the obligation\(whose) is pending forever: the last \(lasso.cycleLength) step"
                    + "\(lasso.cycleLength == 1 ? "" : "s") repeat, and every fair action is taken "
                    + "or disabled on the way"
            counterexample = TargetResult<Spec>.counterexample(
                Counterexample(
                    kind: .lasso, propertyID: property.id, witness: witness, trace: lasso.trace,
                    loopStart: lasso.loopStart),
                specState: specState)
        }
        var outcome = TargetResult<Spec>.Outcome(
            id: property.id, kind: .leadsTo, group: "liveness", statement: property.statement, status: status,
            exercised: triggered, counterexample: counterexample, implementationState: nil)
        outcome.pendingAtBound = pending
        return outcome
    }
}
