/// Conformance as a model: the search explores the specification, drives the implementation
/// along every explored transition, and checks two properties. The explorer needs nothing
/// new: shortest traces, workers, budgets and reports all come with it.
///
/// - `Conformance` (on every transition): the implementation accepts every action the
///   specification allows, and its abstraction equals the specification's successor.
/// - `ShownAsSpecified` (on every transition, for a specification that says what its users
///   are shown): the implementation shows the lists and sums (`ShownView`) the specification
///   derives from the successor. A wrong view changes no abstract state, so it does not stop
///   the comparison below it; an initial state's views are judged by `InitialStateConforms`.
///   Compared in the property, not when a successor is made: seeded walks make every
///   successor of a state and judge only the step they take.
/// - `RefusalsLeaveStateUnchanged` (in every state): every candidate action the
///   specification forbids is refused, and the refusal changes nothing at all.
/// - `InitialStateConforms` (in the initial states): the implementation starts where the
///   specification starts, and a scope's prelude took it there step by step; a divergence is
///   a counterexample of 0 steps.
public struct ConformanceModel<Adapter: ImplementationAdapter>: AdapterModel, ModelHooks {
    public typealias State = Paired<Adapter.Spec.State, Adapter.System>
    public typealias Action = Adapter.Spec.Action
    /// Its own hooks: successors listed in place.
    public typealias Hooks = Self

    public let adapter: Adapter
    public init(adapter: Adapter) { self.adapter = adapter }

    public var initialStates: [State] {
        let specStates = adapter.spec.initialStates
        let systems = adapter.initialSystems()
        precondition(specStates.count == systems.count, "\(name): the adapter sets up \(systems.count) systems for \(specStates.count) initial states")
        let setUp = adapter.setUpDivergences()
        return zip(specStates, systems).enumerated().map { index, pair in
            let setUpWentWrong = index < setUp.count && setUp[index] != nil
            let diverged = setUpWentWrong || adapter.abstraction(of: pair.1) != pair.0
                || adapter.showsOtherwise(pair.1, pair.0)
            return State(key: pair.0, system: pair.1, outcome: .accepted, diverged: diverged, isInitial: true,
                         hidden: adapter.hiddenState(of: pair.1) ?? 0)
        }
    }

    public func enabledActions(in state: State, into actions: inout [Action]) {
        adapter.spec.enabledActions(in: state.key, into: &actions)
    }

    public func successor(of state: State, via action: Action) -> State? {
        guard let next = adapter.spec.successor(of: state.key, via: action) else { return nil }
        return drive(state, action, to: next)
    }

    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        forEachSuccessor(of: state) { transitions.append($0) }
    }

    /// Straight into the explorer's buffer, as `ImplementationModel`'s.
    public func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>) {
        forEachSuccessor(of: state.pointee) { buffer.append($0) }
    }

    /// The specification's transitions are listed into an array with room for them from the
    /// start: listed into an empty one, it grew for almost every state (1% of a search).
    func forEachSuccessor(of state: State, _ body: (Transition<Action, State>) -> Void) {
        var specTransitions: [Transition<Action, Adapter.Spec.State>] = []
        specTransitions.reserveCapacity(32)
        adapter.spec.successors(of: state.key, into: &specTransitions)
        for transition in specTransitions {
            body(Transition(action: transition.action, state: drive(state, transition.action, to: transition.state)))
        }
    }

    /// The implementation takes the step the specification took to `next`.
    func drive(_ state: State, _ action: Action, to next: Adapter.Spec.State) -> State {
        if state.diverged {
            return State(key: next, system: state.system, outcome: .accepted, diverged: true, hidden: state.hidden)
        }
        var system = state.system
        let outcome = adapter.perform(action, on: &system)
        let diverged = outcome != .accepted || adapter.abstraction(of: system) != next
        return State(key: next, system: system, outcome: outcome, diverged: diverged,
                     hidden: adapter.hiddenState(of: system) ?? 0)
    }

    public var properties: [Property<Self>] {
        let adapter = self.adapter
        return steps + (adapter.spec is any UserFacing ? [shownAsSpecified] : [])
    }

    /// What the user is shown, where the specification says.
    var shownAsSpecified: Property<Self> {
        let adapter = self.adapter
        return Property(
            id: "ShownAsSpecified", kind: .actionProperty, group: "conformance",
            statement: "Every list and sum the user is shown (a client's rides, bookings pending and previous, "
                + "a plan's legs and totals) is the one the specification derives from the state: no row missing, "
                + "none extra, in its order.",
            source: "what the user sees (the specification's views)", symbol: "ConformanceModel.shown",
            predicate: .transitionVerdict { before, action, after in
                if before.diverged || after.diverged { return .vacuous }
                guard adapter.showsOtherwise(after.system, after.key) else { return .holds }
                let differences = adapter.viewDifferences(expected: after.key, actual: after.system)
                return .violated(witness: "after \(action) the user is shown what the specification does not derive: "
                                 + differences.joined(separator: "; "))
            })
    }

    var steps: [Property<Self>] {
        let adapter = self.adapter
        return [
            Property(
                id: "Conformance", kind: .actionProperty, group: "conformance",
                statement: "The implementation accepts every action the specification allows, and ends in the state the specification says.",
                source: "conformance of the implementation to the specification", symbol: "ConformanceModel.conformance",
                predicate: .transitionVerdict { before, action, after in
                    if before.diverged { return .vacuous }
                    switch after.outcome {
                    case .refused(let message):
                        return .violated(witness: "the specification allows \(action), but the implementation refused it: \(message)")
                    case .outOfBounds:
                        return .violated(witness: "the adapter calls \(action) out of bounds, but the specification allows it")
                    case .accepted:
                        // `drive` compared the abstraction already; only a divergence is described.
                        guard after.diverged else { return .holds }
                        let fields = adapter.differences(expected: after.key, actual: adapter.abstraction(of: after.system))
                        return .violated(witness: "after \(action) the implementation differs from the specification: \(fields.joined(separator: "; "))")
                    }
                }),
            Property(
                id: "RefusalsLeaveStateUnchanged", kind: .invariant, group: "conformance",
                statement: "Every action the specification forbids is refused by the implementation, and the refusal changes nothing.",
                source: "conformance of the implementation to the specification", symbol: "ConformanceModel.refusals",
                predicate: .stateVerdict { state in
                    if state.diverged { return .vacuous }
                    let candidates = adapter.candidateList(in: state.key)
                    let guards = SpecificationGuards(of: adapter.spec, in: state.key)
                    var tried = false
                    // One copy for every candidate: an action out of bounds leaves it alone,
                    // a refusal that changed it is the finding, and an acceptance too.
                    var system = state.system
                    let pristine = BitSnapshot(of: &system)
                    for action in candidates where guards.forbid(action) {
                        switch adapter.perform(action, on: &system) {
                        case .outOfBounds: continue
                        case .accepted:
                            return .violated(witness: "the specification forbids \(action), but the implementation accepted it")
                        case .refused(let message):
                            tried = true
                            if !pristine.matches(&system) && system != state.system {
                                let fields = adapter.differences(expected: state.key, actual: adapter.abstraction(of: system))
                                return .violated(witness: "the implementation refused \(action) (\(message)) but changed its state\(fields.isEmpty ? "" : ": " + fields.joined(separator: "; "))")
                            }
                        }
                    }
                    return tried ? .holds : .vacuous
                }),
            Property(
                id: "InitialStateConforms", kind: .invariant, group: "conformance",
                statement: "The implementation starts where the specification starts, and a scope's prelude "
                    + "takes it there step by step as the specification does.",
                source: "conformance of the implementation to the specification",
                symbol: "ConformanceModel.initialState",
                initialStatesOnly: true, predicate: .stateVerdict { state in
                    guard state.isInitial else { return .vacuous }
                    guard state.diverged else { return .holds }
                    let setUp = adapter.setUpDivergences()
                    if let index = adapter.spec.initialStates.firstIndex(of: state.key), index < setUp.count,
                       let problem = setUp[index] {
                        return .violated(witness: problem)
                    }
                    let fields = adapter.differences(expected: state.key, actual: adapter.abstraction(of: state.system))
                        + adapter.viewDifferences(expected: state.key, actual: state.system)
                    let difference = fields.joined(separator: "; ")
                    return .violated(witness: "the implementation starts elsewhere than the specification: "
                                     + difference)
                }),
        ]
    }
}
