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
/// **Performance hooks** (opt in after a measurement shows they pay; each default is always
/// correct): successors written in place (`successor(of:via:into:)`,
/// `successors(of:into:)` on a `TransitionBuffer`), canonical forms read in place and with
/// hints, footprints (`changedParts(from:to:)` with `Property.footprint`), state bytes for
/// the verdict memo (`stateBytes(of:)`), and keyed batch evaluation of properties. Each
/// hook's documentation says what it saves and which test proves a model's use of it safe.
/// They are requirements of this protocol rather than refinements of it because the
/// explorer is generic over `Model` and specialised per model: only a requirement is called
/// through the model's own implementation there without a dynamic cast in the hot loop.
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
    /// the check phase's rebuilding of new states call it.
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

    // MARK: Performance hooks

    /// The same as `successor(of:via:)` for the state at `state`, written to `slot`,
    /// uninitialised memory that is initialised on return: to the successor, or, when the
    /// guard does not hold and the answer is false, to a copy of the state. The check phase
    /// rebuilds each new state with it, straight into the level's buffer. Saves: a copy of a
    /// large state per new state. Proof: the state counts and traces of the model's
    /// exploration tests are the same with the default.
    func successor(of state: UnsafePointer<State>, via action: Action, into slot: UnsafeMutablePointer<State>) -> Bool

    /// The same as `successors(of:into:)`, written into the explorer's buffer, for the state
    /// at `state`. The default lists into an array and moves the transitions over. Saves: an
    /// array and a copy of each successor per state (`TransitionBuffer`).
    func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>)

    /// The canonical form read in place: the address of `state`'s canonical form, which is
    /// `state` itself when it is its own representative and otherwise written over `scratch`
    /// (which holds some state). The explorer asks this of every successor it generates, so a
    /// model whose states are large gains by not copying them (the default copies twice).
    func canonicalForm(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>) -> UnsafePointer<State>

    /// The same, for a successor of `parent`, whose own form left `parentHint` (0 for none):
    /// a model may reuse what it learned there (the renaming that ranks the entities, say,
    /// when the step left everything the ranking reads alone), and writes to `hint` what
    /// this form may pass on to the state's own successors (0 for nothing). The explorer
    /// keeps a state's hint with it for one level. The default ignores both. Proof: the
    /// canonical form with hints equals the form without on every state of a search.
    func canonicalForm(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>,
                       parent: UnsafePointer<State>, parentHint: UInt64, hint: inout UInt64) -> UnsafePointer<State>

    /// The parts of the state (as the model names them in its properties' footprints) in
    /// which `after` differs from `before`. A part left out must be equal in both: the
    /// explorer then takes the verdicts of the properties that read only unchanged parts from
    /// `before`. The default says everything changed, which is always safe. Proof: a test that
    /// leaves a part out of a property's footprint must fail.
    func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts

    /// Where `parts` lie in a state's memory, as byte ranges, for a model whose state is
    /// plain data (no references, so that equal bytes are equal values). The explorer then
    /// caches the verdicts of the state properties that read `parts`, keyed by those bytes
    /// (`VerdictMemo`). The ranges must hold every byte of `parts` in which two states of
    /// one search can differ; bytes no state ever changes may be left out (myTaxi leaves out
    /// the entities its scope does not use), and ranges that cover more only cost cache
    /// hits. The default, nil, caches nothing.
    func stateBytes(of parts: StateParts) -> [Range<Int>]?

    /// Evaluates the state property the model numbered `key` (see `Property.key`) on the
    /// states a batch selects, writing `verdicts[i]` for `batch.states[batch.indices[i]]`
    /// (every one of them) and returning the tally: the same predicate as the property's
    /// closure, run as one loop. Only a model that gives its properties keys implements it.
    /// The buffers are valid during the call only. Proof: the batch verdicts equal the
    /// closures' on every state of a search.
    func evaluate(stateKey key: Int, on batch: StateBatch<State>, into verdicts: UnsafeMutableBufferPointer<BatchVerdict>) -> VerdictTally

    /// Evaluates the transition property the model numbered `key` on every step of a batch
    /// and says how many applied and which violated first.
    func evaluate(transitionKey key: Int, on steps: StepBatch<Action, State>) -> VerdictTally
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

/// One state's verdict in a batch, in a byte: whether the property applied, whether it was
/// violated. What the check phase keeps per state and property, written over, never reset.
public struct BatchVerdict: Sendable {
    @usableFromInline let bits: UInt8

    @inlinable public init(_ check: PropertyCheck) { bits = (check.applied ? 1 : 0) | (check.violated ? 2 : 0) }
    public var applied: Bool { bits & 1 != 0 }
    public var violated: Bool { bits & 2 != 0 }
}

/// What a batch's verdicts on one property come to: how many of its steps (or states) the
/// property applied to, and the first that violated it. The explorer needs no more of a
/// transition property, so a batch of steps keeps no verdict per step.
public struct VerdictTally: Sendable, Equatable {
    /// How many the property applied to (its antecedent held).
    public var applied: Int { appliedCount }
    /// The position in the batch of the first that violated it.
    public var firstViolation: Int? { firstViolated < 0 ? nil : firstViolated }
    @usableFromInline var appliedCount = 0
    @usableFromInline var firstViolated = -1

    @inlinable public init() {}

    /// Adds the verdict at position `index` of the batch, each position once, in any order
    /// (a property may visit its steps kind by kind): the first violation is the lowest
    /// position that violated.
    @inlinable
    public mutating func add(_ check: PropertyCheck, at index: Int) {
        guard check.applied else { return }
        appliedCount += 1
        if check.violated && (firstViolated < 0 || index < firstViolated) { firstViolated = index }
    }
}

/// Some of a batch's states, for evaluating a state property in one loop: check `i` is for
/// `states[indices[i]]`. The states a step left unchanged in the property's footprint are
/// not selected. The buffers are valid only during the call that receives the batch.
public struct StateBatch<State: Sendable> {
    public let states: UnsafeBufferPointer<State>
    public let indices: UnsafeBufferPointer<Int32>

    public init(states: UnsafeBufferPointer<State>, indices: UnsafeBufferPointer<Int32>) {
        self.states = states
        self.indices = indices
    }

    public var count: Int { indices.count }
}

/// Transitions from a batch of states, for evaluating a transition property in one loop:
/// step `i` goes from `sources[sourceIndices[i]]` via `steps[i].action` to `steps[i].state`,
/// and `actionKinds[i]` is `Model.actionKind(of: steps[i].action)`. The buffers are valid
/// only during the call that receives the batch.
public struct StepBatch<Action: Sendable, State: Sendable> {
    public let sources: UnsafeBufferPointer<State>
    public let sourceIndices: UnsafeBufferPointer<Int32>
    public let steps: UnsafeBufferPointer<Transition<Action, State>>
    /// The steps' action kinds side by side, so that a property about a few kinds of action
    /// finds its steps without reading every transition (each one a state long).
    public let actionKinds: UnsafeBufferPointer<Int32>
    /// The same steps grouped by kind (`byKind[k]`: kind k's, in step order), so that such a
    /// property need not look at the others at all.
    public let byKind: StepsByKind

    public init(sources: UnsafeBufferPointer<State>, sourceIndices: UnsafeBufferPointer<Int32>,
                steps: UnsafeBufferPointer<Transition<Action, State>>, actionKinds: UnsafeBufferPointer<Int32>, byKind: StepsByKind) {
        precondition(sourceIndices.count == steps.count && actionKinds.count == steps.count && byKind.order.count == steps.count,
                     "one source index, one kind and one place in the grouping per step")
        self.sources = sources
        self.sourceIndices = sourceIndices
        self.steps = steps
        self.actionKinds = actionKinds
        self.byKind = byKind
    }

    public var count: Int { steps.count }
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
        var transitions: [Transition<Action, State>] = []
        successors(of: state, into: &transitions)
        return transitions.first { $0.action == action }?.state
    }

    public func successors(of state: UnsafePointer<State>, into buffer: TransitionBuffer<Action, State>) {
        var transitions: [Transition<Action, State>] = []
        successors(of: state.pointee, into: &transitions)
        for transition in transitions { buffer.append(transition) }
    }

    public func successor(of state: UnsafePointer<State>, via action: Action, into slot: UnsafeMutablePointer<State>) -> Bool {
        guard let next = successor(of: state.pointee, via: action) else {
            slot.initialize(to: state.pointee)
            return false
        }
        slot.initialize(to: next)
        return true
    }

    public func isLegalEnd(_ state: State) -> Bool { false }
    public var supportsSymmetry: Bool { false }
    public func canonicalForm(of state: State) -> State { state }
    public func canonicalForm(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>) -> UnsafePointer<State> {
        scratch.pointee = canonicalForm(of: state.pointee)
        return UnsafePointer(scratch)
    }
    public func canonicalForm(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>,
                              parent: UnsafePointer<State>, parentHint: UInt64, hint: inout UInt64) -> UnsafePointer<State> {
        hint = 0
        return canonicalForm(of: state, scratch: scratch)
    }
    public func simplifications(of action: Action) -> [Action] { [] }

    public func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts { .all }
    public func stateBytes(of parts: StateParts) -> [Range<Int>]? { nil }

    public func evaluate(stateKey key: Int, on batch: StateBatch<State>, into verdicts: UnsafeMutableBufferPointer<BatchVerdict>) -> VerdictTally {
        preconditionFailure("\(name) gave a property the key \(key) but does not evaluate keyed properties")
    }

    public func evaluate(transitionKey key: Int, on steps: StepBatch<Action, State>) -> VerdictTally {
        preconditionFailure("\(name) gave a property the key \(key) but does not evaluate keyed properties")
    }

    /// The enabled actions of `state` as a fresh array (convenient off the hot path).
    public func enabledActions(in state: State) -> [Action] {
        var actions: [Action] = []
        enabledActions(in: state, into: &actions)
        return actions
    }
}
