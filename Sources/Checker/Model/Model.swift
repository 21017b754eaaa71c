/// A transition system the explorers can search.
///
/// **Required** (the core layer, what a model author writes): `name`, `initialStates`,
/// `successors(of:into:)` (each enabled action with the state it leads to: one guard, one
/// effect, no successor computed twice), `properties`, `actionKindNames` and
/// `actionKind(of:)`. `CheckerTests/Models/TwoPhase.swift` is a whole model in this layer.
///
/// **Optional, with defaults**: `enabledActions(in:into:)` and `successor(of:via:)` (derived
/// from `successors`), `isLegalEnd(_:)` (no state is a legal end: a state with nothing enabled
/// is a deadlock), `simplifications(of:)` (none) and symmetry: declare it with
/// `SymmetricModel` and the Checker tries every permutation, or give a hand-tuned
/// `canonicalForm(of:)` with `supportsSymmetry`. A state that is plain data gets its
/// equality, hashing and fingerprint from `PlainDataState`.
///
/// **Performance hooks**, one opt-in (`Hooks`, a `ModelHooks`; only after a measurement
/// shows they pay): successors written in place, canonical forms read in place and with
/// hints, footprints, state bytes for the verdict memo and keyed batch evaluation. They are
/// an associated type rather than a refinement of this protocol because the explorer is
/// generic over `Model` and specialised per model: through `M.Hooks` it calls the model's
/// own hooks without a dynamic cast in the hot loop.
///
/// The explorers are generic over `Model`, never `any Model`, so that the hot loop is
/// specialised for each model's concrete `State` and `Action`.
///
/// ## Determinism
/// `successors(of:into:)` must list actions in the same order on every run: a trace is
/// stored as the index of each step's action in that list and rebuilt by replaying it, and
/// the same state and action must always give the same successor. Replay reports a
/// divergence when either promise is broken.
public protocol Model: Sendable {
    associatedtype State: Hashable & Sendable & StableHashable
    associatedtype Action: Hashable & Sendable & CustomStringConvertible

    // MARK: Required

    /// The model's name as the command line spells it.
    var name: String { get }

    /// The states every behaviour starts in; usually one.
    var initialStates: [State] { get }

    /// Appends the enabled actions of `state` with their successors to `transitions`, in a
    /// fixed order. The buffer is reused across calls: the explorer empties it before each call.
    func successors(of state: State, into transitions: inout [Transition<Action, State>])

    /// Every property the model declares, in catalogue order.
    var properties: [Property<Self>] { get }

    /// The names of the action kinds, for coverage: `actionKind(of:)` indexes this array.
    var actionKindNames: [String] { get }
    func actionKind(of action: Action) -> Int

    // MARK: Optional, with defaults

    /// Appends the actions enabled in `state` to `actions`, in the order of `successors`.
    /// Default: the actions of `successors(of:into:)`.
    func enabledActions(in state: State, into actions: inout [Action])

    /// The state `action` leads to, or `nil` when its guard does not hold in `state`.
    /// Default: the successor `successors(of:into:)` lists for `action`. Replay, simulation and
    /// the check phase's rebuilding of new states call it; with the default, the check phase
    /// rebuilds the new states of one parent from one listing (`DerivedSuccessorProbe`).
    func successor(of state: State, via action: Action) -> State?

    /// Whether a state with no enabled action is a legitimate end rather than a deadlock.
    func isLegalEnd(_ state: State) -> Bool

    /// Simpler variants of an action (smaller numbers, lower ids), simplest first, which the
    /// shrinker tries in place of it.
    func simplifications(of action: Action) -> [Action]

    /// Whether the model declares interchangeable entities. When false, asking for symmetry
    /// reduction is an error, never silently ignored. `SymmetricModel` sets it.
    var supportsSymmetry: Bool { get }

    /// The representative of `state`'s symmetry class. Two states that differ only by a
    /// renaming of interchangeable entities must map to the same representative.
    /// `SymmetricModel` gives one that tries every permutation.
    func canonicalForm(of state: State) -> State

    /// The liveness properties, the fairness they assume and the states the scope's bound
    /// stops, checked on the explored graph after the search (`LivenessCheck`). Default: none.
    var liveness: Liveness<Self> { get }

    // MARK: Performance hooks, one opt-in

    /// Where the explorer's hot loop asks for successors written in place, canonical forms
    /// read in place, footprints and batch evaluation (`ModelHooks`). The default,
    /// `DefaultHooks`, derives each from the requirements above and is always correct; a model
    /// opts in by conforming to `ModelHooks` itself and declaring `typealias Hooks = Self`.
    associatedtype Hooks: ModelHooks = DefaultHooks<Self> where Hooks.Base == Self

    /// The hooks the explorer calls, asked once per search.
    var hooks: Hooks { get }
}

/// A model written as a listing of enabled actions and a successor function, each with the
/// action's guard: `successors(of:into:)` comes from the two. Suits a model whose guards are
/// cheap to evaluate twice. It must implement both `enabledActions(in:into:)` and
/// `successor(of:via:)`: `Model`'s defaults for them are derived from `successors`.
public protocol ActionListingModel: Model {
    func enabledActions(in state: State, into actions: inout [Action])
    func successor(of state: State, via action: Action) -> State?
}

extension ActionListingModel {
    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        var actions: [Action] = []
        enabledActions(in: state, into: &actions)
        for action in actions {
            guard let next = successor(of: state, via: action) else {
                preconditionFailure("\(name): \(action) is listed as enabled but has no successor")
            }
            transitions.append(Transition(action: action, state: next))
        }
    }
}

/// An enabled action and the state it leads to. The fields are variables so that a model's
/// batch evaluation can hand a successor to a predicate by address (see `StepBatch`);
/// nothing changes a transition once it is listed.
public struct Transition<Action: Sendable, State: Sendable>: Sendable {
    public var action: Action
    public var state: State
    public init(action: Action, state: State) {
        self.action = action
        self.state = state
    }
}

extension Model {
    public func enabledActions(in state: State, into actions: inout [Action]) {
        var transitions: [Transition<Action, State>] = []
        successors(of: state, into: &transitions)
        for transition in transitions { actions.append(transition.action) }
    }

    public func successor(of state: State, via action: Action) -> State? {
        DerivedSuccessorProbe.mark?.ran.store(true, ordering: .relaxed)
        var transitions: [Transition<Action, State>] = []
        successors(of: state, into: &transitions)
        return transitions.first { $0.action == action }?.state
    }

    /// A model written for the older listing style (`enabledActions(in:into:)` and
    /// `successor(of:via:)` on `Model` itself) stops compiling here, told what to change.
    @available(
        *, unavailable,
        message: """
            a Model lists its successors: write successors(of:into:) (each enabled action with its \
            successor), or conform to ActionListingModel to keep enabledActions(in:into:) and successor(of:via:)
            """
    )
    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        preconditionFailure("unavailable")
    }

    public func isLegalEnd(_ state: State) -> Bool { false }
    public var supportsSymmetry: Bool { false }
    public func canonicalForm(of state: State) -> State { state }
    public func simplifications(of action: Action) -> [Action] { [] }
    public var liveness: Liveness<Self> { Liveness() }

    /// The enabled actions of `state` as a fresh array (convenient off the hot path).
    public func enabledActions(in state: State) -> [Action] {
        var actions: [Action] = []
        enabledActions(in: state, into: &actions)
        return actions
    }
}
