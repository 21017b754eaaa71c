/// A liveness property: from every state where `trigger` holds, every fair behaviour reaches
/// a state where `goal` holds (`trigger ~> goal`, "leads to"). `eventually` is the special
/// case whose trigger is the initial states. Like every property it has an id, a statement in
/// plain words and the seed it comes from.
public struct LeadsTo<M: Model>: Sendable {
    public let id: String
    public let statement: String
    public let source: String
    /// Where an obligation starts; nil: the initial states (`eventually`).
    public let trigger: (@Sendable (M.State) -> Bool)?
    /// Where it is met.
    public let goal: @Sendable (M.State) -> Bool

    public init(
        id: String, statement: String, source: String, trigger: @escaping @Sendable (M.State) -> Bool,
        goal: @escaping @Sendable (M.State) -> Bool
    ) {
        self.init(id: id, statement: statement, source: source, startingWhere: trigger, goal: goal)
    }

    /// Every fair behaviour from an initial state reaches `goal`.
    public static func eventually(
        id: String, statement: String, source: String,
        goal: @escaping @Sendable (M.State) -> Bool
    ) -> LeadsTo {
        LeadsTo(id: id, statement: statement, source: source, startingWhere: nil, goal: goal)
    }

    private init(
        id: String, statement: String, source: String, startingWhere trigger: (@Sendable (M.State) -> Bool)?,
        goal: @escaping @Sendable (M.State) -> Bool
    ) {
        self.id = id
        self.statement = statement
        self.source = source
        self.trigger = trigger
        self.goal = goal
    }
}

/// What the check of a liveness property found on the explored graph.
public enum LivenessVerdict<M: Model>: Sendable {
    /// Every fair behaviour of the explored graph meets every obligation it starts.
    case holds
    /// No reachable state starts an obligation (the trigger never holds).
    case vacuous
    /// A fair behaviour that starts an obligation and never meets it.
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

    public init(states: [M.State], actions: [M.Action], loopStart: Int) {
        self.states = states
        self.actions = actions
        self.loopStart = loopStart
    }

    /// The steps before the cycle.
    public var stemLength: Int { loopStart }
    /// The steps of the cycle; 0 when the behaviour stops.
    public var cycleLength: Int { actions.count - loopStart }
}
