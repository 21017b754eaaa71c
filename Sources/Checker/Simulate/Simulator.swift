/// Seeded random walks, far deeper than an exhaustive search reaches: each walk starts in an
/// initial state and takes a uniformly chosen enabled action at every step, checking every
/// selected invariant and action property as it goes. The first violation is shrunk to a
/// short trace. Walks are sequential, so a seed reproduces everything exactly.
///
/// Walks are judged as honestly as a search: a property counts the steps where its antecedent
/// applied (never applied: vacuous), and a reachability property is satisfied only by a walk
/// that reached such a state, whose prefix is the instance.
public struct Simulator<M: Model>: Sendable {
    public let model: M
    public let seed: UInt64
    public let walks: Int
    public let maxSteps: Int
    public let propertyIDs: [String]?
    /// Raised from outside (Ctrl-C), it ends the simulation after the walk in progress.
    public let stopRequest: StopRequest?

    public init(model: M, seed: UInt64, walks: Int, maxSteps: Int, propertyIDs: [String]? = nil, stopRequest: StopRequest? = nil) {
        precondition(walks >= 1 && maxSteps >= 1, "a simulation needs at least one walk of at least one step")
        self.model = model
        self.seed = seed
        self.walks = walks
        self.maxSteps = maxSteps
        self.propertyIDs = propertyIDs
        self.stopRequest = stopRequest
    }

    public struct Finding: Sendable {
        public let propertyID: String
        public let witness: String
        /// The walk that found it, as taken, and the same violation after shrinking.
        public let original: Trace<M>
        public let shrunk: Trace<M>
        public let walk: Int
    }

    public struct Result: Sendable {
        public let seed: UInt64
        public let walks: Int
        public let steps: Int
        /// Walks that ended early because no action was enabled.
        public let deadEnds: Int
        public let deepest: Int
        public let finding: Finding?
        /// A stop request ended the simulation before its last walk.
        public var interrupted = false
        /// The ids of the properties checked on every step, in catalogue order.
        public internal(set) var checked: [String] = []
        /// For each of `checked`: the steps (and initial states) where it applied.
        public internal(set) var exercised: [Int] = []
        /// For each reachability property of `checked` that a walk reached: the walk up to the
        /// first state that satisfies it.
        public internal(set) var instances: [String: Trace<M>] = [:]
    }

    public func run() throws(ExplorationError) -> Result {
        let properties = try BreadthFirstExplorer(model: model, options: options).selectProperties()
        var tally = Tally(properties)
        var result = try walk(checking: properties, tally: &tally)
        result.checked = properties.map(\.id)
        result.exercised = tally.exercised
        result.instances = tally.instances
        return result
    }

    /// What the walks saw: the first violation of a step, how often each property applied, and
    /// the first walk prefix that reached each reachability property.
    struct Tally {
        let checks: Checks
        let reachability: [Bool]
        var exercised: [Int]
        var instances: [String: Trace<M>] = [:]
        init(_ properties: [Property<M>]) {
            checks = Checks(properties)
            reachability = properties.map { $0.kind == .reachability }
            exercised = Array(repeating: 0, count: properties.count)
        }

        /// Judges one step (or an initial state) by every property; the first violated one, in
        /// catalogue order, with its witness.
        mutating func judge(before: M.State?, action: M.Action?, after: M.State, walk: () -> Trace<M>) -> (String, String)? {
            var violation: (String, String)?
            for index in checks.predicates.indices {
                switch checks.predicates[index].verdict(before: before, action: action, after: after) {
                case .holds:
                    exercised[index] += 1
                    if reachability[index], instances[checks.ids[index]] == nil { instances[checks.ids[index]] = walk() }
                case .violated(let witness) where !reachability[index]:
                    exercised[index] += 1
                    if violation == nil { violation = (checks.ids[index], witness) }
                default: break
                }
            }
            return violation
        }
    }

    private func walk(checking properties: [Property<M>], tally: inout Tally) throws(ExplorationError) -> Result {
        let initials = model.initialStates
        guard !initials.isEmpty else { throw .noInitialStates(model: model.name) }
        try model.checkPlainData(initials)
        var random = SplitMix64(seed: seed)
        var steps = 0, deadEnds = 0, deepest = 0
        var transitions: [Transition<M.Action, M.State>] = []
        for walk in 1...walks {
            if stopRequest?.isRaised == true {
                var result = Result(seed: seed, walks: walk - 1, steps: steps, deadEnds: deadEnds, deepest: deepest, finding: nil)
                result.interrupted = true
                return result
            }
            let initialIndex = Int.random(in: 0..<initials.count, using: &random)
            var state = initials[initialIndex]
            var taken: [Trace<M>.Step] = []
            if let (id, witness) = tally.judge(before: nil, action: nil, after: state, walk: {
                Trace<M>(initialIndex: initialIndex, initial: initials[initialIndex], steps: [])
            }) {
                let trace = Trace<M>(initialIndex: initialIndex, initial: state, steps: [])
                return Result(seed: seed, walks: walk, steps: steps, deadEnds: deadEnds, deepest: deepest,
                              finding: Finding(propertyID: id, witness: witness, original: trace, shrunk: trace, walk: walk))
            }
            for _ in 0..<maxSteps {
                transitions.removeAll(keepingCapacity: true)
                model.successors(of: state, into: &transitions)
                guard !transitions.isEmpty else { deadEnds += 1; break }
                let index = Int.random(in: 0..<transitions.count, using: &random)
                let transition = transitions[index]
                taken.append(.init(actionIndex: index, action: transition.action, state: transition.state))
                steps += 1
                if let (id, witness) = tally.judge(before: state, action: transition.action, after: transition.state, walk: {
                    Trace<M>(initialIndex: initialIndex, initial: initials[initialIndex], steps: taken)
                }) {
                    let original = Trace<M>(initialIndex: initialIndex, initial: initials[initialIndex], steps: taken)
                    let shrunk = Shrinker(model: model, property: properties.first { $0.id == id }!).shrink(original)
                    return Result(seed: seed, walks: walk, steps: steps, deadEnds: deadEnds, deepest: max(deepest, taken.count),
                                  finding: Finding(propertyID: id, witness: Self.witness(of: shrunk, properties.first { $0.id == id }!) ?? witness,
                                                   original: original, shrunk: shrunk, walk: walk))
                }
                state = transition.state
            }
            deepest = max(deepest, taken.count)
        }
        return Result(seed: seed, walks: walks, steps: steps, deadEnds: deadEnds, deepest: deepest, finding: nil)
    }

    var options: ExplorationOptions {
        var options = ExplorationOptions()
        options.propertyIDs = propertyIDs
        return options
    }

    /// The first selected property the step (or the initial state) violates.
    static func violation(_ properties: [Property<M>], before: M.State?, action: M.Action?, after: M.State) -> (String, String)? {
        violation(Checks(properties), before: before, action: action, after: after)
    }

    /// The selected properties' predicates on their own, with their ids beside them: walking
    /// the properties themselves copied each one at every step (six strings and a closure,
    /// perf counted two fifths of a simulation in reference counting).
    struct Checks {
        let ids: [String]
        let predicates: [Property<M>.Predicate]
        init(_ properties: [Property<M>]) {
            ids = properties.map(\.id)
            predicates = properties.map(\.predicate)
        }
    }

    static func violation(_ checks: Checks, before: M.State?, action: M.Action?, after: M.State) -> (String, String)? {
        checks.predicates.withUnsafeBufferPointer { predicates in
            for index in predicates.indices {
                if case .violated(let witness) = predicates[index].verdict(before: before, action: action, after: after) {
                    return (checks.ids[index], witness)
                }
            }
            return nil
        }
    }

    /// The witness of the violation at the end of a (shrunk) trace.
    static func witness(of trace: Trace<M>, _ property: Property<M>) -> String? {
        let last = trace.steps.last
        let before = trace.steps.count >= 2 ? trace.steps[trace.steps.count - 2].state : trace.initial
        return violation([property], before: last == nil ? nil : before, action: last?.action, after: trace.finalState)?.1
    }
}
