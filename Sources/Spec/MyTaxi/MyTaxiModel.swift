import Checker

/// The myTaxiService model of seeds 000, 001 and 002 as a `Model` the Checker explores.
public struct MyTaxiModel: Model, ModelHooks {
    public typealias State = World
    public typealias Action = TaxiAction
    /// Its own hooks, every one measured to pay (docs/PERFORMANCE.md).
    public typealias Hooks = Self

    public let scope: Scope
    public let rules: Rules
    /// Check the Alloy facts and assertions exactly as the seed writes them, instead of the
    /// default set where six of them are replaced by corrected versions.
    public let literal: Bool
    /// Built once: it lists the permutations of each symmetric set for the scope.
    let symmetry: Symmetry
    /// The hand-tuned canonical form unless a measurement asks for the declared one.
    public var symmetryForm = SymmetryForm.tuned
    public let properties: [Property<MyTaxiModel>]
    /// Its leads-to properties and the fairness each assumes (`TaxiLiveness`).
    public let liveness: Liveness<MyTaxiModel>
    /// The predicates of `properties` by key, run over batches on the explorer's hot path.
    let statePredicates: [StatePredicateBatch]
    let stepPredicates: [StepPredicateBatch]

    public init(scope: Scope = .ci, literal: Bool = false) {
        self.scope = scope
        self.rules = Rules(scope: scope)
        self.literal = literal
        symmetry = Symmetry(scope: scope)
        var properties: [Property<MyTaxiModel>] = []
        var statePredicates: [StatePredicateBatch] = []
        var stepPredicates: [StepPredicateBatch] = []
        for definition in Catalog.definitions(literal: literal) {
            switch definition.body {
            case .state(_, let batch):
                properties.append(definition.property(scope: scope, key: statePredicates.count))
                statePredicates.append(batch)
            case .step(_, let batch):
                properties.append(definition.property(scope: scope, key: stepPredicates.count))
                stepPredicates.append(batch)
            }
        }
        self.properties = properties
        liveness = TaxiLiveness.declarations(scope: scope)
        self.statePredicates = statePredicates
        self.stepPredicates = stepPredicates
    }

    public var name: String { "mytaxi" }

    public var initialStates: [World] { [MyTaxiModel.initialWorld(scope)] }

    public static func initialWorld(_ scope: Scope) -> World {
        guard let world = startingWorld(scope) else { preconditionFailure("scope \(scope.name): its prelude does not apply (Scope.validate refuses such a scope)") }
        return world
    }

    /// The onboarded world with the scope's prelude applied; nil when a step of it is not
    /// enabled in this scope.
    static func startingWorld(_ scope: Scope) -> World? {
        let worlds = preludeWorlds(scope)
        return worlds.count == scope.prelude.actions.count + 1 ? worlds.last : nil
    }

    /// The onboarded world, then the world after each step of the scope's prelude, as far as
    /// the steps are enabled: what an implementation set up for the scope passes through.
    public static func preludeWorlds(_ scope: Scope) -> [World] {
        var worlds = [onboardedWorld(scope)]
        let rules = Rules(scope: scope)
        for action in scope.prelude.actions {
            guard let next = rules.apply(action, to: worlds[worlds.count - 1]) else { break }
            worlds.append(next)
        }
        return worlds
    }

    static func onboardedWorld(_ scope: Scope) -> World {
        var world = World()
        guard scope.onboarded else { return world }
        for d in scope.driverIDs {
            world.drivers[d.index].emailConfirmed = true
            world.drivers[d.index].activated = true
            world.taxiOwners[d.index] |= 1 << d.raw
        }
        for c in scope.clientIDs {
            world.clients[c.index].emailConfirmed = true
            world.clients[c.index].cards = UInt8(min(1, scope.maxCards))
        }
        return world
    }

    public func enabledActions(in state: World, into actions: inout [TaxiAction]) {
        var transitions: [Transition<TaxiAction, World>] = []
        rules.transitions(from: state, into: &transitions)
        actions.append(contentsOf: transitions.map(\.action))
    }

    public func successors(of state: World, into transitions: inout [Transition<TaxiAction, World>]) {
        rules.transitions(from: state, into: &transitions)
    }

    public func successors(of state: UnsafePointer<World>, into buffer: TransitionBuffer<TaxiAction, World>) {
        rules.transitions(from: state, into: buffer)
    }

    public func successor(of state: World, via action: TaxiAction) -> World? {
        rules.apply(action, to: state)
    }

    public func successor(of state: UnsafePointer<World>, via action: TaxiAction, into slot: UnsafeMutablePointer<World>) -> Bool {
        World.copy(state, to: slot)
        return rules.apply(action, inPlace: &slot.pointee)
    }

    public var actionKindNames: [String] { ActionKind.allCases.map(\.name) }
    public func actionKind(of action: TaxiAction) -> Int { action.kind.rawValue }

    /// Decision: the only legitimate end is the clock at its horizon with nothing left to
    /// do; a state where nothing can happen before then is a deadlock worth reporting.
    public func isLegalEnd(_ state: World) -> Bool { Int(state.clock) >= scope.horizon }

    public func changedParts(from before: UnsafePointer<World>, to after: UnsafePointer<World>) -> StateParts {
        World.changedParts(from: before, to: after)
    }

    /// A world is plain data; each part's fields are where `WorldPart.layout` says, less
    /// the bytes the scope never changes.
    public func stateBytes(of parts: StateParts) -> [Range<Int>]? {
        WorldPart.layout(in: scope).filter { parts.contains($0.part.bit) }.map(\.bytes)
    }

    public func evaluate(stateKey key: Int, on batch: StateBatch<World>, into verdicts: UnsafeMutableBufferPointer<BatchVerdict>) -> VerdictTally {
        statePredicates[key].run(batch, scope, verdicts)
    }

    public func evaluate(transitionKey key: Int, on steps: StepBatch<TaxiAction, World>) -> VerdictTally {
        stepPredicates[key].run(steps, scope)
    }

    public var supportsSymmetry: Bool { true }

    public func canonicalForm(of state: World) -> World {
        guard case .tuned = symmetryForm else { return declaredCanonicalForm(of: state) }
        return symmetry.canonicalForm(of: state)
    }

    public func canonicalForm(of state: UnsafePointer<World>, scratch: UnsafeMutablePointer<World>) -> UnsafePointer<World> {
        guard case .tuned = symmetryForm else { return declaredCanonicalForm(of: state, scratch: scratch) }
        return symmetry.canonicalForm(of: state, scratch: scratch)
    }

    public func canonicalForm(of state: UnsafePointer<World>, scratch: UnsafeMutablePointer<World>,
                              parent: UnsafePointer<World>, parentHint: UInt64, hint: inout UInt64) -> UnsafePointer<World> {
        guard case .tuned = symmetryForm else { return declaredCanonicalForm(of: state, scratch: scratch) }
        return symmetry.canonicalForm(of: state, scratch: scratch, parent: parent, parentHint: parentHint, hint: &hint)
    }
}
