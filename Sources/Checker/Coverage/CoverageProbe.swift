import Synchronization

/// A model searched for its coverage: the same states and steps as `base`; as the search
/// expands each state, every action offered there (the model's enabled actions, or an
/// implementation's candidates, near misses included) is measured by every boundary and
/// classified by every situation, and each value and case reached is counted.
///
/// Why offered actions and not steps: a rule written as a guard (a fifth passenger may not
/// join) has no step past its threshold; conformance offers that action to the implementation
/// and expects a refusal, and that is where the value outside is tried. Why a model of its
/// own: coverage is not a rule. Kept apart from the properties, it costs the checks nothing
/// and stays out of the reports and catalogues. Each state is expanded once, so the counts
/// are the same for any number of workers.
///
/// Walks judge less than a search: every action the model forbids is offered to the
/// implementation in each state a walk visits (and judged: a refusal must change nothing), but
/// of the actions it allows only the one the walk takes is compared. So for walks
/// (`judgedWhenTaken`) an allowed action counts only where it is taken.
public struct CoverageProbe<Base: CoverageDeclaring>: Model, ModelHooks {
    public typealias State = Base.State
    public typealias Action = Base.Action
    /// The probe lists and rebuilds successors through the base's own hooks.
    public typealias Hooks = Self

    public let base: Base
    let baseHooks: Base.Hooks
    let offered: Offered<Base>
    let tally: Tally
    let judgedWhenTaken: Bool

    /// `offered`: what is offered in a state; the base's enabled actions when nil.
    /// `judgedWhenTaken`: count an action the base allows only on the step that takes it.
    public init(_ base: Base, offered: Offered<Base>? = nil, judgedWhenTaken: Bool = false) {
        self.base = base
        baseHooks = base.hooks
        self.offered = offered ?? { [base] state, actions in base.enabledActions(in: state, into: &actions) }
        tally = Tally(base.boundaries, base.situations)
        self.judgedWhenTaken = judgedWhenTaken
    }

    public var name: String { base.name }
    public var initialStates: [State] { base.initialStates }
    public var actionKindNames: [String] { base.actionKindNames }
    public func actionKind(of action: Action) -> Int { base.actionKind(of: action) }
    /// None, but for walks one that counts the step taken (and always holds).
    public var properties: [Property<Self>] {
        guard judgedWhenTaken else { return [] }
        let probe = self
        return [Property(id: "coverageOfStepsTaken", kind: .actionProperty, group: "coverage",
                         statement: "Counts what the step taken reaches of the declared coverage.",
                         source: "coverage", symbol: "CoverageProbe.taken",
                         predicate: .transitionVerdict { before, action, _ in
                             probe.count(before, offered: [action])
                             return .holds
                         })]
    }

    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        count(state)
        base.successors(of: state, into: &transitions)
    }
    public func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>) {
        count(state.pointee)
        baseHooks.successors(of: state, into: buffer)
    }
    // Asked of a state again (to rebuild a trace, say), these count nothing.
    public func enabledActions(in state: State, into actions: inout [Action]) {
        base.enabledActions(in: state, into: &actions)
    }
    public func successor(of state: State, via action: Action) -> State? { base.successor(of: state, via: action) }
    public func successor(of state: UnsafePointer<State>, via action: Action,
                          into slot: UnsafeMutablePointer<State>) -> Bool {
        baseHooks.successor(of: state, via: action, into: slot)
    }
    public func isLegalEnd(_ state: State) -> Bool { base.isLegalEnd(state) }
    public var supportsSymmetry: Bool { base.supportsSymmetry }
    public func canonicalForm(of state: State) -> State { base.canonicalForm(of: state) }

    /// Measures what is offered in `state` and adds it to the tally, in one lock; for walks,
    /// only what the base forbids (the step taken is counted as it is judged).
    func count(_ state: State) {
        var actions: [Action] = []
        offered(state, &actions)
        if judgedWhenTaken { actions.removeAll { base.successor(of: state, via: $0) != nil } }
        count(state, offered: actions)
    }

    func count(_ state: State, offered actions: [Action]) {
        var boundaryHits: [(Int, Int)] = [], situationHits: [(Int, Int)] = []
        for (index, boundary) in tally.boundaries.enumerated() {
            for action in actions {
                for value in boundary.measure(state, action) where abs(value - boundary.threshold) <= 1 {
                    boundaryHits.append((index, value - boundary.threshold + 1))
                }
            }
        }
        for (index, situation) in tally.situations.enumerated() {
            for action in actions {
                guard let reached = situation.classify(state, action) else { continue }
                precondition(situation.cases.indices.contains(reached),
                             "\(situation.id): case \(reached) of \(situation.cases.count)")
                situationHits.append((index, reached))
            }
        }
        guard !boundaryHits.isEmpty || !situationHits.isEmpty else { return }
        tally.counts.withLock { counts in
            for (index, value) in boundaryHits { counts.boundaries[index][value] += 1 }
            for (index, reached) in situationHits { counts.situations[index][reached] += 1 }
        }
    }

    /// What the searches of this probe counted, shared by its copies.
    final class Tally: Sendable {
        struct Counts {
            var boundaries: [[Int]]
            var situations: [[Int]]
        }
        let boundaries: [Boundary<Base>]
        let situations: [Situation<Base>]
        let counts: Mutex<Counts>
        init(_ boundaries: [Boundary<Base>], _ situations: [Situation<Base>]) {
            self.boundaries = boundaries
            self.situations = situations
            counts = Mutex(Counts(boundaries: boundaries.map { _ in [0, 0, 0] },
                                  situations: situations.map { Array(repeating: 0, count: $0.cases.count) }))
        }
    }

    /// The coverage counted so far.
    public var coverage: Coverage {
        let counts = tally.counts.withLock { $0 }
        return Coverage(boundaries: zip(tally.boundaries, counts.boundaries).map { BoundaryCoverage($0, counts: $1) },
                        situations: zip(tally.situations, counts.situations).map { SituationCoverage($0, counts: $1) })
    }
}

/// What is offered in a state: the actions listed into the array.
public typealias Offered<M: Model> = @Sendable (M.State, inout [M.Action]) -> Void

/// What a check reached of what its model declares.
public struct Coverage: Sendable, Equatable {
    public var boundaries: [BoundaryCoverage]
    public var situations: [SituationCoverage]
}

/// How often a check reached each value of a boundary.
public struct BoundaryCoverage: Sendable, Equatable {
    public let id: String
    public let statement: String
    public let source: String
    public let unit: String
    public let threshold: Int
    /// For one unit inside, the threshold and one unit outside: how often each was offered.
    public var counts: [Int]

    public init<M: Model>(_ boundary: Boundary<M>, counts: [Int]) {
        id = boundary.id
        statement = boundary.statement
        source = boundary.source
        unit = boundary.unit
        threshold = boundary.threshold
        self.counts = counts
    }

    public var values: [Int] { [threshold - 1, threshold, threshold + 1] }
}

extension CoverageDeclaring {
    /// The coverage in an exhaustive search with `options`, of what `offered` lists in each
    /// state (the enabled actions when nil).
    public func coverage(options: ExplorationOptions, offered: Offered<Self>? = nil)
        throws(ExplorationError) -> Coverage {
        let probe = CoverageProbe(self, offered: offered)
        _ = try BreadthFirstExplorer(model: probe, options: options).run()
        return probe.coverage
    }

    /// The coverage in seeded walks: in each state a walk visits, what is offered that the
    /// model forbids, and the step the walk takes.
    public func coverage(seed: UInt64, walks: Int, steps: Int, offered: Offered<Self>? = nil)
        throws(ExplorationError) -> Coverage {
        let probe = CoverageProbe(self, offered: offered, judgedWhenTaken: true)
        _ = try Simulator(model: probe, seed: seed, walks: walks, maxSteps: steps).run()
        return probe.coverage
    }
}
