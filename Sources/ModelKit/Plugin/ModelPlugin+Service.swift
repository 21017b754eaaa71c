import Checker

/// A model's conformance checked on a service process (docs/PROTOCOL.md) instead of the linked
/// Reference: for a Spec that declares its state (`DeclaredState`) and actions
/// (`DeclaredAction`), whose JSON shapes the protocol speaks.
extension ModelPlugin {
    /// Whether the model's states and actions have JSON shapes, which a service speaks.
    public var speaksJSON: Bool {
        Spec.State.self is any DeclaredState.Type && Spec.Action.self is any DeclaredAction.Type
    }

    /// Explores the Spec within `bounds` and drives the service processes of `pool` along
    /// every transition (`ServiceConformanceModel`). The candidates the specification forbids
    /// are `adapter`'s (the linked Reference's near misses are the Spec's actions).
    public func exploreService(
        spec: Spec, adapter: Adapter, bounds: Bounds, pool: ServicePool,
        options: ExplorationOptions
    ) throws(ExplorationError) -> TargetResult<Spec> {
        let model = serviceModel(spec: spec, adapter: adapter, bounds: bounds, pool: pool)
        return TargetResult(try BreadthFirstExplorer(model: model, options: options).run()) { $0.key }
    }

    /// Seeded random walks through the Spec, the service driven along each (`exploreService`).
    public func simulateService(
        spec: Spec, adapter: Adapter, bounds: Bounds, pool: ServicePool, seed: UInt64,
        walks: Int, steps: Int, stopRequest: StopRequest?
    )
        throws(ExplorationError) -> SimulationResult<Spec>
    {
        let model = serviceModel(spec: spec, adapter: adapter, bounds: bounds, pool: pool)
        let simulator = Simulator(model: model, seed: seed, walks: walks, maxSteps: steps, stopRequest: stopRequest)
        return SimulationResult(try simulator.run(), statements: model.properties) { $0.key }
    }

    private func serviceModel(spec: Spec, adapter: Adapter, bounds: Bounds, pool: ServicePool)
        -> ServiceConformanceModel<Spec>
    {
        precondition(speaksJSON, "\(name): a service is driven only for a model that declares its state and actions")
        return ServiceConformanceModel(
            spec: spec, pool: pool, schema: schema,
            stateJSON: { stateJSON($0, bounds: bounds)! }, actionJSON: { actionJSON($0)! },
            candidates: { adapter.candidateList(in: $0) })
    }
}
