/// An implementation explored on its own: its enabled actions are the candidates it
/// accepts, its states are identified by their abstraction (and the hidden state its
/// adapter declares), and every property of the
/// specification is checked on that abstraction, with the implementation's own properties
/// on the implementation itself.
public struct ImplementationModel<Adapter: ImplementationAdapter>: AdapterModel, ModelHooks {
    public typealias State = Paired<Adapter.Spec.State, Adapter.System>
    public typealias Action = Adapter.Spec.Action
    /// Its own hooks: successors listed in place, and the specification's footprints.
    public typealias Hooks = Self

    public let adapter: Adapter
    let specHooks: Adapter.Spec.Hooks
    /// Whether states that share an abstraction stay apart when their hidden state differs
    /// (`ImplementationAdapter.hiddenState`): yes for a search of the properties; no for the
    /// liveness graph, where hidden state that only grows (notices sent, ids issued) would make
    /// a scope with no depth bound endless and no cycle close.
    let keysHiddenState: Bool

    public init(adapter: Adapter, keyingHiddenState: Bool = true) {
        self.adapter = adapter
        specHooks = adapter.spec.hooks
        keysHiddenState = keyingHiddenState
    }

    public var initialStates: [State] { adapter.initialSystems().map(paired) }

    /// The search state `system` stands for: its abstraction, with the system beside it.
    /// The system is taken, not copied: a copy of the myTaxi Reference's service retains
    /// each of its dictionaries and arrays.
    func paired(_ system: consuming Adapter.System) -> State {
        let hidden = keysHiddenState ? adapter.hiddenState(of: system) ?? 0 : 0
        return State(key: adapter.abstraction(of: system), system: system, outcome: .accepted, hidden: hidden)
    }

    public func enabledActions(in state: State, into actions: inout [Action]) {
        var transitions: [Transition<Action, State>] = []
        successors(of: state, into: &transitions)
        actions.append(contentsOf: transitions.map(\.action))
    }

    public func successor(of state: State, via action: Action) -> State? {
        var system = state.system
        guard adapter.perform(action, on: &system) == .accepted else { return nil }
        return paired(system)
    }

    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        forEachSuccessor(of: state) { transitions.append($0) }
    }

    /// Straight into the explorer's buffer: the default lists into a fresh array first,
    /// which grew a few times for every state expanded.
    public func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>) {
        forEachSuccessor(of: state.pointee) { buffer.append($0) }
    }

    /// Every candidate is tried on one copy of the state's system, copied again only after
    /// it changed: most candidates are refused or out of bounds (in the myTaxi ci scope, 5
    /// in 6 of those the adapter lists), and a fresh copy for each, retained field by field
    /// and released again, was 3% of a search of the myTaxi Reference. A copy a refusal
    /// changed (an implementation that breaks its promise) is replaced before the next
    /// candidate, so each one still starts from the state's own system; whether it changed is
    /// asked of its bits first (`BitSnapshot`).
    private func forEachSuccessor(of state: State, _ body: (Transition<Action, State>) -> Void) {
        var system = state.system
        let pristine = BitSnapshot(of: &system)
        for action in adapter.candidateList(in: state.key) {
            switch adapter.perform(action, on: &system) {
            case .accepted:
                body(Transition(action: action, state: paired(consume system)))
                system = state.system
                pristine.retake(&system)
            case .outOfBounds:
                continue
            case .refused:
                if !pristine.matches(&system) && system != state.system {
                    system = state.system
                    pristine.retake(&system)
                }
            }
        }
    }

    /// The parts of the abstraction the step changed, as the specification names them, so
    /// that a lifted state property whose footprint the step left alone takes its parent's
    /// verdict, as it does in the specification's own search: the lifted predicates read the
    /// abstraction alone. When the specification names no part changed, every part is said
    /// to have changed, so that the implementation's own properties, which read the whole
    /// system, are never skipped. (A new state's abstraction differs from its parent's, or
    /// its hidden state does, or the search would have found it visited.)
    ///
    /// Why: each of the Reference's new states ran all 46 of the myTaxi model's state
    /// properties, about 21 thousand instructions a state.
    public func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts {
        let parts = specHooks.changedParts(from: before.pointer(to: \.key)!, to: after.pointer(to: \.key)!)
        return parts.isEmpty ? .all : parts
    }

    /// The specification's liveness, judged on each state's abstraction: the Reference's
    /// graph is its own (states that share an abstraction stay apart when their hidden
    /// state differs), the obligations and fairness are the specification's.
    public var liveness: Liveness<Self> { adapter.spec.liveness.lifted(to: Self.self) { $0.key } }

    /// The specification's properties, lifted to pairs, then the implementation's own.
    public var properties: [Property<Self>] {
        let lifted = adapter.spec.properties.map { property -> Property<Self> in
            let predicate: Property<Self>.Predicate
            switch property.predicate {
            case .state(let inner): predicate = .state { pair, check in inner(pair.key, &check) }
            case .transition(let inner): predicate = .transition { before, action, after, check in inner(before.key, action, after.key, &check) }
            }
            // No key: the abstractions are not laid out as a batch of the specification's
            // states. The footprint and the action kinds stay: `changedParts` reports the
            // specification's parts, and an adapter model numbers action kinds as the
            // specification does.
            return property.lifted(to: Self.self, key: nil, footprint: property.footprint, actionKinds: property.actionKinds,
                                   predicate: predicate)
        }
        let own = adapter.systemProperties.map { property -> Property<Self> in
            let check = property.check
            return Property(id: property.id, kind: .invariant, group: "implementation", statement: property.statement,
                            source: property.source, symbol: "systemProperties", predicate: .stateVerdict { check($0.system) })
        }
        return lifted + own
    }
}
