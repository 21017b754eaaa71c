import Checker

/// What `verify` checks of a model: the Spec, the Reference explored alone (its abstraction
/// checked against every Spec property), or the two in lockstep.
public enum CheckTarget: String, Sendable, CaseIterable {
    case spec, reference, conformance
}

/// A search's result in the Spec's terms, whatever it explored: counterexamples are traces of
/// Spec states (a Reference state is shown through its abstraction), properties are named and
/// described rather than held. What a model's plug-in hands the tool, which knows no model type.
@dynamicMemberLookup
public struct TargetResult<Spec: Model>: Sendable {
    public struct Outcome: Sendable {
        public let id: String
        public let kind: PropertyKind
        public let group: String
        public let statement: String
        public let status: PropertyStatus
        public let exercised: Int
        public let counterexample: Counterexample<Spec>?
        /// Where the implementation diverged from the Spec at the counterexample's last step:
        /// the state it stands for, beside the Spec's (the last state of the trace).
        public let implementationState: Spec.State?
        /// For an inconclusive liveness property: the states the bound cut where it was pending.
        public internal(set) var pendingAtBound = 0
    }

    /// The search's figures: counts, depth, why it stopped, time, memory.
    public let figures: RunFigures
    public let properties: [Outcome]
    public let deadlock: Counterexample<Spec>?
    /// The liveness check on the target's graph, when its model declares liveness properties.
    public internal(set) var liveness: LivenessFigures?

    public subscript<Value>(dynamicMember key: KeyPath<RunFigures, Value>) -> Value { figures[keyPath: key] }

    /// The outcomes of the properties in `ids` alone; with `sharingSearchWith`, figures that
    /// say this result came from that target's search, whose time it does not count again.
    public func restricted(to ids: Set<String>, sharingSearchWith target: String? = nil) -> TargetResult {
        var figures = figures
        if let target {
            figures.sharedSearch = target
            figures.seconds = 0
        }
        return TargetResult(figures: figures, properties: properties.filter { ids.contains($0.id) }, deadlock: deadlock)
    }

    init(figures: RunFigures, properties: [Outcome], deadlock: Counterexample<Spec>?) {
        self.figures = figures
        self.properties = properties
        self.deadlock = deadlock
    }

    /// `result` with each state of its counterexamples replaced by the Spec state it stands for.
    /// `implementationState`: for a lockstep search, the state an implementation that diverged
    /// from the Spec stands for (nil where it did not diverge).
    public init<M: Model>(_ result: ExplorationResult<M>, specState: (M.State) -> Spec.State,
                          implementationState: (M.State) -> Spec.State? = { _ in nil }) where M.Action == Spec.Action {
        func map(_ counterexample: Counterexample<M>) -> Counterexample<Spec> { Self.counterexample(counterexample, specState: specState) }
        figures = RunFigures(result)
        properties = result.properties.map { outcome in
            Outcome(id: outcome.property.id, kind: outcome.property.kind, group: outcome.property.group, statement: outcome.property.statement,
                    status: outcome.status, exercised: outcome.exercised, counterexample: outcome.counterexample.map(map),
                    implementationState: outcome.counterexample.flatMap { implementationState($0.trace.finalState) })
        }
        deadlock = result.deadlock.map(map)
    }
}

/// What a search measured, whatever it explored: the figures every report prints.
public struct RunFigures: Sendable {
    public let modelName: String
    public let distinct: Int
    public let generated: Int
    /// Levels holding a state, as TLC counts depth (the initial states are depth 1).
    public let depth: Int
    public let stopReason: StopReason
    /// `ExplorationResult.stopDetail`.
    public internal(set) var stopDetail: String?
    public internal(set) var seconds: Double
    /// The target whose search this result shares (`LockstepModel`); its time is counted there.
    public internal(set) var sharedSearch: String?
    public let workers: Int
    public let symmetry: Bool
    public let collisionProbability: Double
    public let actions: [ActionCoverage]
    public let visitedSetBytes: Int
    public let traceLogBytes: Int
    public let canonicalForms: Int
    public let canonicalMemoBytes: Int
    /// Where the search's levels went when they would have outgrown the memory budget.
    public internal(set) var levelsMoved: LevelsMoved?

    public var isComplete: Bool { stopReason.isComplete }
    public var statesPerSecond: Double { seconds > 0 ? Double(distinct) / seconds : 0 }

    public init<M: Model>(_ result: ExplorationResult<M>) {
        self.init(modelName: result.modelName, distinct: result.distinct, generated: result.generated, depth: result.depth,
                  stopReason: result.stopReason, seconds: result.seconds, workers: result.workers, symmetry: result.symmetry,
                  collisionProbability: result.collisionProbability, actions: result.actions, visitedSetBytes: result.visitedSetBytes,
                  traceLogBytes: result.traceLogBytes, canonicalForms: result.canonicalForms, canonicalMemoBytes: result.canonicalMemoBytes)
        stopDetail = result.stopDetail
        levelsMoved = result.levelsMoved
    }

    /// Figures of a run that is not a search (seeded walks) or did not run: what the others
    /// are left at zero.
    public init(modelName: String, distinct: Int = 0, generated: Int = 0, depth: Int = 0, stopReason: StopReason, seconds: Double = 0,
                workers: Int = 0, symmetry: Bool = false, collisionProbability: Double = 0, actions: [ActionCoverage] = [],
                visitedSetBytes: Int = 0, traceLogBytes: Int = 0, canonicalForms: Int = 0, canonicalMemoBytes: Int = 0) {
        self.modelName = modelName
        self.distinct = distinct
        self.generated = generated
        self.depth = depth
        self.stopReason = stopReason
        self.seconds = seconds
        self.workers = workers
        self.symmetry = symmetry
        self.collisionProbability = collisionProbability
        self.actions = actions
        self.visitedSetBytes = visitedSetBytes
        self.traceLogBytes = traceLogBytes
        self.canonicalForms = canonicalForms
        self.canonicalMemoBytes = canonicalMemoBytes
        stopDetail = nil
        sharedSearch = nil
        levelsMoved = nil
    }
}

extension TargetResult {
    /// `counterexample` with each state replaced by the Spec state it stands for.
    public static func counterexample<M: Model>(_ counterexample: Counterexample<M>, specState: (M.State) -> Spec.State) -> Counterexample<Spec>
    where M.Action == Spec.Action {
        let trace = counterexample.trace
        let steps = trace.steps.map { Trace<Spec>.Step(actionIndex: $0.actionIndex, action: $0.action, state: specState($0.state)) }
        return Counterexample<Spec>(kind: Counterexample<Spec>.Kind(rawValue: counterexample.kind.rawValue)!, propertyID: counterexample.propertyID, witness: counterexample.witness,
                                    trace: Trace<Spec>(initialIndex: trace.initialIndex,
                                                       initial: specState(trace.initial), steps: steps),
                                    loopStart: counterexample.loopStart)
    }
}

extension ModelPlugin {
    /// Explores `target` of `spec` (and of `adapter`'s Reference) with `options`.
    ///
    /// Why here and not in the tool: the explorer is generic, and only code that knows the
    /// model's concrete types gets a copy specialised for them. The tool sees a model as
    /// `any ModelPlugin`; this requirement's witness is compiled in the model's own module,
    /// where `Self` is concrete, so the search runs specialised (unspecialised, the default
    /// myTaxi check took 6.5 s instead of 3.9).
    @inlinable
    public func explore(_ target: CheckTarget, spec: Spec, adapter: Adapter,
                        options: ExplorationOptions) throws(ExplorationError) -> TargetResult<Spec> {
        switch target {
        case .spec:
            return TargetResult(try BreadthFirstExplorer(model: spec, options: options).run()) { $0 }
        case .reference:
            return TargetResult(try BreadthFirstExplorer(model: ImplementationModel(adapter: adapter), options: options).run()) { $0.key }
        case .conformance:
            return TargetResult(try BreadthFirstExplorer(model: ConformanceModel(adapter: adapter), options: options).run(),
                                specState: { $0.key }, implementationState: { $0.diverged ? adapter.abstraction(of: $0.system) : nil })
        }
    }

    @inlinable
    public func simulate(_ target: CheckTarget, spec: Spec, adapter: Adapter, seed: UInt64, walks: Int, steps: Int,
                         propertyIDs: [String]?, stopRequest: StopRequest?) throws(ExplorationError) -> SimulationResult<Spec> {
        switch target {
        case .spec:
            let simulator = Simulator(model: spec, seed: seed, walks: walks, maxSteps: steps, propertyIDs: propertyIDs, stopRequest: stopRequest)
            return SimulationResult(try simulator.run(), statements: spec.properties) { $0 }
        case .reference:
            let model = ImplementationModel(adapter: adapter)
            let simulator = Simulator(model: model, seed: seed, walks: walks, maxSteps: steps, propertyIDs: propertyIDs, stopRequest: stopRequest)
            return SimulationResult(try simulator.run(), statements: model.properties) { $0.key }
        case .conformance:
            let model = ConformanceModel(adapter: adapter)
            let simulator = Simulator(model: model, seed: seed, walks: walks, maxSteps: steps, propertyIDs: propertyIDs, stopRequest: stopRequest)
            return SimulationResult(try simulator.run(), statements: model.properties) { $0.key }
        }
    }

    /// The `reference` and `conformance` targets in one search (`LockstepModel`), or nil when
    /// that search found something (a violation, a deadlock) and the two must run apart for
    /// their own counterexamples. Each result has the search's figures; conformance's says
    /// it shared the reference target's search and spent no time of its own.
    @inlinable
    public func exploreInLockstep(spec: Spec, adapter: Adapter, options: ExplorationOptions)
        throws(ExplorationError) -> (reference: TargetResult<Spec>, conformance: TargetResult<Spec>)? {
        let model = LockstepModel(adapter: adapter)
        let result = TargetResult<Spec>(try BreadthFirstExplorer(model: model, options: options).run()) { $0.key }
        guard result.deadlock == nil, !result.properties.contains(where: { $0.status == .violated }) else { return nil }
        return (result.restricted(to: Set(model.referenceIDs)),
                result.restricted(to: Set(model.conformanceIDs), sharingSearchWith: CheckTarget.reference.rawValue))
    }

    /// The ids of the properties `target` checks.
    public func propertyIDs(of target: CheckTarget, spec: Spec, adapter: Adapter) -> [String] {
        switch target {
        case .spec: return spec.properties.map(\.id)
        case .reference: return ImplementationModel(adapter: adapter).properties.map(\.id)
        case .conformance: return ConformanceModel(adapter: adapter).properties.map(\.id)
        }
    }
}

/// A simulation's result in the Spec's terms (see `TargetResult`).
public struct SimulationResult<Spec: Model>: Sendable {
    public struct Finding: Sendable {
        public let propertyID: String
        /// The property in words.
        public let statement: String
        public let witness: String
        public let originalLength: Int
        public let shrunk: Counterexample<Spec>
        public let walk: Int
    }

    public let walks: Int
    public let steps: Int
    public let deadEnds: Int
    public let deepest: Int
    public let finding: Finding?
    public let interrupted: Bool
    /// The properties checked on every step: id, kind, group and statement, in catalogue order.
    public let checked: [(id: String, kind: PropertyKind, group: String, statement: String)]
    /// For each of `checked`: the steps (and initial states) where it applied.
    public let exercised: [Int]
    /// The reachability properties a walk reached, each with the walk up to that state.
    public let instances: [String: Counterexample<Spec>]

    public init<M: Model>(_ result: Simulator<M>.Result, statements properties: [Property<M>], specState: (M.State) -> Spec.State)
    where M.Action == Spec.Action {
        walks = result.walks
        steps = result.steps
        deadEnds = result.deadEnds
        deepest = result.deepest
        interrupted = result.interrupted
        checked = result.checked.compactMap { id in properties.first { $0.id == id }.map { ($0.id, $0.kind, $0.group, $0.statement) } }
        exercised = result.exercised
        instances = Dictionary(uniqueKeysWithValues: result.instances.map { id, trace in
            (id, TargetResult<Spec>.counterexample(Counterexample(kind: .witness, propertyID: id, witness: "", trace: trace), specState: specState))
        })
        finding = result.finding.map { finding in
            Finding(propertyID: finding.propertyID, statement: properties.first { $0.id == finding.propertyID }?.statement ?? "",
                    witness: finding.witness, originalLength: finding.original.length,
                    shrunk: TargetResult<Spec>.counterexample(
                        Counterexample(kind: .invariant, propertyID: finding.propertyID, witness: finding.witness, trace: finding.shrunk),
                        specState: specState),
                    walk: finding.walk)
        }
    }
}
