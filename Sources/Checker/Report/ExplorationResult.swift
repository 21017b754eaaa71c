/// Why a search ended.
public enum StopReason: String, Sendable {
    /// Every reachable state was explored.
    case exhausted
    /// Every state up to the depth bound was explored; deeper ones were not.
    case depthBound = "depth bound"
    /// Every selected property was decided (violated, or a reachability witness found).
    case allDecided = "all properties decided"
    /// Stopped after the first violation, as asked.
    case firstViolation = "first violation"
    case stateBudget = "state budget"
    case timeBudget = "time budget"
    case memoryBudget = "memory budget"
    /// Stopped from outside (`ExplorationOptions.stopRequest`): the user pressed Ctrl-C.
    case interrupted
    /// The files that held the levels (`ExplorationOptions.levelDirectory`) could not be
    /// written or read: the disk full, say. The result's `stopDetail` gives the system's reason.
    case levelFiles = "level files failed"

    /// Whether the run covered everything it was asked to cover.
    public var isComplete: Bool {
        switch self {
        case .exhausted, .depthBound, .allDecided, .firstViolation: return true
        case .stateBudget, .timeBudget, .memoryBudget, .interrupted, .levelFiles: return false
        }
    }
}

/// A finding with the shortest trace that leads to it.
public struct Counterexample<M: Model>: Sendable {
    public enum Kind: String, Sendable {
        case invariant, action, deadlock, witness, divergence
        /// A behaviour that never meets a liveness property's obligation: the trace is a
        /// stem, then a cycle from step `loopStart` on that the behaviour repeats forever.
        case lasso
    }
    public let kind: Kind
    /// The property it violates (or satisfies, for a witness); nil for a deadlock.
    public let propertyID: String?
    /// What the predicate said, naming the entities involved.
    public let witness: String
    public let trace: Trace<M>
    /// For a lasso: the number of steps before the cycle (the cycle is the steps after them,
    /// and ends in the state they end in); an empty cycle: the behaviour stops there.
    public let loopStart: Int?

    public init(kind: Kind, propertyID: String?, witness: String, trace: Trace<M>, loopStart: Int? = nil) {
        precondition((kind == .lasso) == (loopStart != nil), "a lasso, and only a lasso, has a loop start")
        self.kind = kind
        self.propertyID = propertyID
        self.witness = witness
        self.trace = trace
        self.loopStart = loopStart
    }
}

/// The outcome for one property.
public struct PropertyOutcome<M: Model>: Sendable {
    public typealias Status = PropertyStatus
    public let property: Property<M>
    public let status: Status
    /// How often the property was evaluated with its antecedent applying.
    public let exercised: Int
    public let counterexample: Counterexample<M>?

    /// Each property's outcome from its finding (if any) and how often it was exercised.
    static func outcomes(of properties: [Property<M>], findings: [Counterexample<M>?], exercised: [Int])
        -> [PropertyOutcome]
    {
        properties.enumerated().map { number, property in
            let status: Status
            switch (property.kind, findings[number]) {
            case (.reachability, .some): status = .satisfied
            case (.reachability, .none): status = .unsatisfied
            case (_, .some): status = .violated
            case (_, .none): status = exercised[number] > 0 ? .holds : .vacuous
            }
            return PropertyOutcome(property: property, status: status, exercised: exercised[number],
                                   counterexample: findings[number])
        }
    }
}

/// How often each kind of action was enabled, fired and produced a new state.
public struct ActionCoverage: Sendable, Equatable {
    public let name: String
    public var enabled: Int
    public var fired: Int
    public var newStates: Int
}

/// Everything a search found and measured.
public struct ExplorationResult<M: Model>: Sendable {
    public let modelName: String
    public let distinct: Int
    public let generated: Int
    /// How many breadth-first levels hold a state, as TLC counts depth: the number of
    /// states on the longest shortest behaviour found (one more than its steps).
    public let depth: Int
    public let stopReason: StopReason
    public let seconds: Double
    public let workers: Int
    public let symmetry: Bool
    public let properties: [PropertyOutcome<M>]
    public let deadlock: Counterexample<M>?
    public let actions: [ActionCoverage]
    public let visitedSetBytes: Int
    public let traceLogBytes: Int
    /// With symmetry, how many successors had their canonical form computed; the others'
    /// fingerprints came from the canonical memo (`CanonicalMemo`). 0 without symmetry.
    public let canonicalForms: Int
    /// The canonical memo's size in bytes (0 without symmetry): a fixed cost, not per state.
    public let canonicalMemoBytes: Int
    /// Why the search stopped, in the system's words, where the reason alone does not say
    /// (`StopReason.levelFiles`).
    public var stopDetail: String? = nil
    /// The bits of a state's key in the visited set: 64 (a fingerprint), or 128 in a split
    /// search (`WideKey`).
    public var keyBits = 64
    /// Where the levels went when they would have outgrown the memory budget in memory
    /// (`ExplorationOptions.spillDirectory`); nil if they stayed where they started.
    public var levelsMoved: LevelsMoved? = nil

    public var isComplete: Bool { stopReason.isComplete }
    public var violations: [PropertyOutcome<M>] { properties.filter { $0.status == .violated } }
    public var hasFinding: Bool { !violations.isEmpty || deadlock != nil }

    /// TLC's optimistic estimate of the chance that two distinct states shared a
    /// fingerprint and one was never explored: n (g - n) / 2^64, or / 2^128 with wide keys.
    /// With the canonical memo (symmetry in one process), plus 2 g / 2^64: each of the g
    /// lookups could be fooled by one entry, through its state's fingerprint or a
    /// half-written pair (`CanonicalMemo`), one chance in 2^64 each; next to the first term
    /// it does not show.
    public var collisionProbability: Double {
        let visited = Double(distinct) * Double(max(0, generated - distinct))
        let memo = symmetry && canonicalMemoBytes > 0 ? 2 * Double(generated) : 0
        guard keyBits == 64 else { return visited / 0x1p128 + memo / 0x1p64 }
        return (visited + memo) / 18_446_744_073_709_551_616.0
    }

    public var statesPerSecond: Double { seconds > 0 ? Double(distinct) / seconds : 0 }
}

/// A search's levels moved from memory into files (`ExplorationOptions.spillDirectory`), or
/// an attempt that failed, after which they stayed in memory.
public struct LevelsMoved: Sendable, Equatable {
    /// The first level expanded from files: the levels before it were expanded in memory.
    public let level: Int
    public let directory: String
    /// Why the files could not be made, in the system's words; nil when the levels moved.
    public let failure: String?
}

/// What became of a property in a run.
public enum PropertyStatus: String, Sendable {
    /// Checked in every state (or transition) and exercised at least once.
    case holds
    /// Never exercised: its antecedent never applied, so it proves nothing here.
    case vacuous
    case violated
    /// A reachability property: a state satisfying it was found.
    case satisfied
    /// A reachability property: no explored state satisfies it.
    case unsatisfied
    /// A liveness property: no fair behaviour that breaks it was found, but the scope's bound
    /// cut the graph where its obligation was still pending.
    case inconclusive
}
