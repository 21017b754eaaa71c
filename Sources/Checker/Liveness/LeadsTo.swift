/// A liveness property: from every state where `trigger` holds, every fair behaviour reaches
/// a state where `goal` holds (`trigger ~> goal`, "leads to"). `eventually` is the special
/// case whose trigger is the initial states. A property about each of several entities
/// (`forEach`: "each saved schedule is answered") is one obligation per entity, each checked
/// on its own. Like every property it has an id, a statement in plain words and the seed it
/// comes from.
public struct LeadsTo<M: Model>: Sendable {
    public let id: String
    public let statement: String
    public let source: String
    /// The entities the property is about, numbered from 0; 1 for a property about none.
    public let instances: Int
    /// Where an obligation for an entity starts; nil: the initial states (`eventually`).
    public let trigger: (@Sendable (M.State, Int) -> Bool)?
    /// Where it is met.
    public let goal: @Sendable (M.State, Int) -> Bool
    /// The fairness this property assumes, where it is not the model's (`Liveness.fairness`):
    /// a property about what the user can always do need not assume that the clock moves.
    public private(set) var fairness: [Fairness<M>]?
    /// An instance's entity as reports name it ("s1"); nil for a property about none.
    public internal(set) var instanceName: (@Sendable (Int) -> String)?

    public init(
        id: String, statement: String, source: String, trigger: @escaping @Sendable (M.State) -> Bool,
        goal: @escaping @Sendable (M.State) -> Bool
    ) {
        self.init(
            id: id, statement: statement, source: source, instances: 1, trigger: { state, _ in trigger(state) },
            goal: { state, _ in goal(state) })
    }

    /// One obligation per entity `0..<instances`: from every state where `trigger(state, i)`
    /// holds, every fair behaviour reaches one where `goal(state, i)` holds.
    public static func forEach(
        _ instances: Int, id: String, statement: String, source: String,
        named: @escaping @Sendable (Int) -> String, trigger: @escaping @Sendable (M.State, Int) -> Bool,
        goal: @escaping @Sendable (M.State, Int) -> Bool
    ) -> LeadsTo {
        precondition(instances >= 1, "property \(id): at least one instance")
        var property = LeadsTo(
            id: id, statement: statement, source: source, instances: instances, trigger: trigger, goal: goal)
        property.instanceName = named
        return property
    }

    /// Every fair behaviour from an initial state reaches `goal`.
    public static func eventually(
        id: String, statement: String, source: String,
        goal: @escaping @Sendable (M.State) -> Bool
    ) -> LeadsTo {
        LeadsTo(
            id: id, statement: statement, source: source, instances: 1, trigger: nil, goal: { state, _ in goal(state) })
    }

    init(
        id: String, statement: String, source: String, instances: Int, trigger: (@Sendable (M.State, Int) -> Bool)?,
        goal: @escaping @Sendable (M.State, Int) -> Bool
    ) {
        self.id = id
        self.statement = statement
        self.source = source
        self.instances = instances
        self.trigger = trigger
        self.goal = goal
    }

    /// The property under `fairness` rather than the model's (nil: the model's).
    public func assuming(_ fairness: [Fairness<M>]?) -> LeadsTo {
        var copy = self
        copy.fairness = fairness
        return copy
    }

    /// Whether the obligation for `instance` starts in `state` (`isInitial`: `state` is one of
    /// the model's initial states, where an `eventually` starts).
    func triggers(_ state: M.State, _ instance: Int, isInitial: Bool) -> Bool {
        trigger?(state, instance) ?? isInitial
    }
}

/// What the check of a liveness property found on the explored graph.
public enum LivenessVerdict<M: Model>: Sendable {
    /// Every fair behaviour of the explored graph meets every obligation it starts.
    case holds
    /// No reachable state starts an obligation (the trigger never holds).
    case vacuous
    /// A fair behaviour that starts an obligation and never meets it (for the lasso's instance).
    case violated(Lasso<M>)
    /// None found, but the scope's bound cut the graph where an obligation was still pending:
    /// what lies beyond might keep it pending forever.
    case inconclusive(pendingAtBound: Int)
}

/// A behaviour that goes on forever: a stem from an initial state, then a cycle repeated.
/// `states[0]` is initial and `actions[i]` leads from `states[i]` to `states[i + 1]`; the
/// last state is `states[loopStart]` again, so the cycle is `actions[loopStart...]`. A
/// behaviour that stops (nothing is enabled) has an empty cycle: its last state repeats.
public struct Lasso<M: Model>: Sendable {
    public let states: [M.State]
    public let actions: [M.Action]
    public let loopStart: Int
    /// Which of the model's initial states `states[0]` is, and each action's position among
    /// the successors of the state before it, as a `Trace` records them for replay. A lasso
    /// made only to be held to its claims (`LassoCheck`, as `verify replay` does) may leave
    /// them out: each is then 0, and its `trace` is not one to replay.
    public let initialIndex: Int
    public let actionIndices: [Int]
    /// The entity whose obligation is never met (`LeadsTo.forEach`); 0 for a property about none.
    public let instance: Int

    public init(
        states: [M.State], actions: [M.Action], loopStart: Int, instance: Int = 0, initialIndex: Int = 0,
        actionIndices: [Int]? = nil
    ) {
        self.instance = instance
        self.states = states
        self.actions = actions
        self.loopStart = loopStart
        self.initialIndex = initialIndex
        self.actionIndices = actionIndices ?? Array(repeating: 0, count: actions.count)
    }

    /// The steps before the cycle.
    public var stemLength: Int { loopStart }
    /// The steps of the cycle; 0 when the behaviour stops.
    public var cycleLength: Int { actions.count - loopStart }

    /// The lasso as a trace: the stem, then the cycle once.
    public var trace: Trace<M> {
        Trace(
            initialIndex: initialIndex, initial: states[0],
            steps: actions.indices.map {
                Trace.Step(actionIndex: actionIndices[$0], action: actions[$0], state: states[$0 + 1])
            })
    }
}
