/// What a model declares about liveness, next to its actions: its `LeadsTo` properties, the
/// fairness they assume (each property may assume its own, `LeadsTo.assuming`), and the states
/// where the scope's bound stopped something (a clock at its horizon), so that a cycle that
/// exists only because the bound stopped the clock is inconclusive, never a violation and
/// never a proof. A model declares none by default.
public struct Liveness<M: Model>: Sendable {
    public var properties: [LeadsTo<M>]
    public var fairness: [Fairness<M>]
    /// Whether the scope's bound stopped something in `state` (the clock can go no further):
    /// a fair behaviour that stays among such states with the obligation pending makes the
    /// verdict inconclusive rather than violated or held.
    public var boundStops: (@Sendable (M.State) -> Bool)?
    /// Whether a check with no `--property` checks them: false for a scope whose depth bound
    /// would leave them undecided, where they are checked only when asked for by name.
    public var checkedByDefault = true

    public init(
        properties: [LeadsTo<M>] = [], fairness: [Fairness<M>] = [],
        boundStops: (@Sendable (M.State) -> Bool)? = nil
    ) {
        self.properties = properties
        self.fairness = fairness
        self.boundStops = boundStops
    }

    /// The same declarations for a model whose states stand for this model's (`project`)
    /// and whose actions are this model's: the Reference explored through its abstraction.
    public func lifted<N: Model>(to _: N.Type, through project: @escaping @Sendable (N.State) -> M.State)
        -> Liveness<N> where N.Action == M.Action
    {
        let lifted: [LeadsTo<N>] = properties.map { $0.lifted(through: project) }
        let fair: [Fairness<N>] = fairness.map { Fairness<N>($0.strength, $0.label, instance: $0.instance) }
        var stops: (@Sendable (N.State) -> Bool)?
        if let boundStops { stops = { boundStops(project($0)) } }
        var liveness = Liveness<N>(properties: lifted, fairness: fair, boundStops: stops)
        liveness.checkedByDefault = checkedByDefault
        return liveness
    }
}

extension LeadsTo {
    /// The property judged on the states `project` maps to.
    public func lifted<N: Model>(through project: @escaping @Sendable (N.State) -> M.State) -> LeadsTo<N>
    where N.Action == M.Action {
        let goal = self.goal
        let trigger = self.trigger
        let fairness = self.fairness.map { $0.map { Fairness<N>($0.strength, $0.label, instance: $0.instance) } }
        var liftedTrigger: (@Sendable (N.State, Int) -> Bool)?
        if let trigger { liftedTrigger = { trigger(project($0), $1) } }
        var lifted = LeadsTo<N>(
            id: id, statement: statement, source: source, instances: instances, trigger: liftedTrigger,
            goal: { goal(project($0), $1) }
        ).assuming(fairness)
        lifted.instanceName = instanceName
        return lifted
    }
}
