/// The `reference` and `conformance` targets in one search: the specification explored, the
/// implementation driven along each transition (as `ConformanceModel`), and in every state
/// both targets' properties: the specification's on the implementation's abstraction with the
/// implementation's own (as `ImplementationModel`), then conformance and refusals.
///
/// Why: the two targets explore the same states whenever the implementation conforms, and
/// each drove the implementation through every candidate action of every state, the
/// reference target to find its successors and conformance to see the forbidden ones refused.
/// Here each candidate is driven once. The result stands for both targets only while
/// conformance holds: an implementation that diverges has states of its own, which only the
/// reference target's own search visits. So the tool takes it only when nothing was found,
/// and otherwise runs the two targets apart, for their own counterexamples.
public struct LockstepModel<Adapter: ImplementationAdapter>: AdapterModel, ModelHooks {
    public typealias State = Paired<Adapter.Spec.State, Adapter.System>
    public typealias Action = Adapter.Spec.Action
    /// Its own hooks: the conformance search's listing and the reference search's footprints.
    public typealias Hooks = Self

    public let adapter: Adapter
    let conformance: ConformanceModel<Adapter>
    let implementation: ImplementationModel<Adapter>

    public init(adapter: Adapter) {
        self.adapter = adapter
        conformance = ConformanceModel(adapter: adapter)
        implementation = ImplementationModel(adapter: adapter)
    }

    public var initialStates: [State] { conformance.initialStates }

    public func enabledActions(in state: State, into actions: inout [Action]) {
        conformance.enabledActions(in: state, into: &actions)
    }

    public func successor(of state: State, via action: Action) -> State? {
        conformance.successor(of: state, via: action)
    }

    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        conformance.successors(of: state, into: &transitions)
    }

    public func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>) {
        conformance.successors(of: state, into: buffer)
    }

    /// As the reference target's search: a lifted state property whose parts the step left
    /// alone keeps its parent's verdict.
    public func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts {
        implementation.changedParts(from: before, to: after)
    }

    /// The reference target's properties, then the conformance target's.
    public var properties: [Property<Self>] {
        implementation.properties.map { $0.relabelled(as: Self.self) } + conformance.properties.map { $0.relabelled(as: Self.self) }
    }

    /// The ids of each target's properties, to split the result.
    public var referenceIDs: [String] { implementation.properties.map(\.id) }
    public var conformanceIDs: [String] { conformance.properties.map(\.id) }
}

extension Property {
    /// The same property for another model of the same states and actions.
    func relabelled<Other: Model>(as other: Other.Type) -> Property<Other> where Other.State == M.State, Other.Action == M.Action {
        let predicate: Property<Other>.Predicate
        switch self.predicate {
        case .state(let check): predicate = .state(check)
        case .transition(let check): predicate = .transition(check)
        }
        return lifted(to: Other.self, key: key, footprint: footprint, actionKinds: actionKinds, predicate: predicate)
    }
}
