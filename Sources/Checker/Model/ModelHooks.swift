/// The explorer's performance hooks, which a model opts into as one (`Model.Hooks`): each
/// saves work in the hot loop, and each default, derived from the model's core, is always
/// correct. A model opts in after a measurement shows a hook pays, by conforming to this
/// protocol itself, declaring `typealias Hooks = Self`, and implementing the hooks it needs.
/// Each hook's documentation says what it saves and which test proves a model's use of it safe.
public protocol ModelHooks: Sendable {
    associatedtype Base: Model

    /// The model whose hooks these are.
    var model: Base { get }

    /// The same as `successor(of:via:)` for the state at `state`, written to `slot`,
    /// uninitialised memory that is initialised on return: to the successor, or, when the
    /// guard does not hold and the answer is false, to a copy of the state. The check phase
    /// rebuilds each new state with it, straight into the level's buffer. Saves: a copy of a
    /// large state per new state. Proof: the state counts and traces of the model's
    /// exploration tests are the same with the default.
    func successor(
        of state: UnsafePointer<Base.State>, via action: Base.Action, into slot: UnsafeMutablePointer<Base.State>
    ) -> Bool

    /// The same as `successors(of:into:)`, written into the explorer's buffer, for the state
    /// at `state`. The default lists into an array and moves the transitions over. Saves: an
    /// array and a copy of each successor per state (`TransitionBuffer`).
    func successors(of state: UnsafePointer<Base.State>, into buffer: TransitionBuffer<Base.Action, Base.State>)

    /// The canonical form read in place: the address of `state`'s canonical form, which is
    /// `state` itself when it is its own representative and otherwise written over `scratch`
    /// (which holds some state). The explorer asks this of every successor it generates, so a
    /// model whose states are large gains by not copying them (the default copies twice).
    func canonicalForm(of state: UnsafePointer<Base.State>, scratch: UnsafeMutablePointer<Base.State>) -> UnsafePointer<
        Base.State
    >

    /// The same, for a successor of `parent`, whose own form left `parentHint` (0 for none):
    /// a model may reuse what it learned there (the renaming that ranks the entities, say,
    /// when the step left everything the ranking reads alone), and writes to `hint` what
    /// this form may pass on to the state's own successors (0 for nothing). The explorer
    /// keeps a state's hint with it for one level. The default ignores both. Proof: the
    /// canonical form with hints equals the form without on every state of a search.
    func canonicalForm(
        of state: UnsafePointer<Base.State>, scratch: UnsafeMutablePointer<Base.State>,
        parent: UnsafePointer<Base.State>, parentHint: UInt64, hint: inout UInt64
    ) -> UnsafePointer<Base.State>

    /// The parts of the state (as the model names them in its properties' footprints) in
    /// which `after` differs from `before`. A part left out must be equal in both: the
    /// explorer then takes the verdicts of the properties that read only unchanged parts from
    /// `before`. The default says everything changed, which is always safe. Proof: a test that
    /// leaves a part out of a property's footprint must fail.
    func changedParts(from before: UnsafePointer<Base.State>, to after: UnsafePointer<Base.State>) -> StateParts

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
    func evaluate(
        stateKey key: Int, on batch: StateBatch<Base.State>, into verdicts: UnsafeMutableBufferPointer<BatchVerdict>
    ) -> VerdictTally

    /// Evaluates the transition property the model numbered `key` on every step of a batch
    /// and says how many applied and which violated first.
    func evaluate(transitionKey key: Int, on steps: StepBatch<Base.Action, Base.State>) -> VerdictTally
}

extension ModelHooks {
    public func successor(
        of state: UnsafePointer<Base.State>, via action: Base.Action,
        into slot: UnsafeMutablePointer<Base.State>
    ) -> Bool {
        guard let next = model.successor(of: state.pointee, via: action) else {
            slot.initialize(to: state.pointee)
            return false
        }
        slot.initialize(to: next)
        return true
    }

    public func successors(of state: UnsafePointer<Base.State>, into buffer: TransitionBuffer<Base.Action, Base.State>)
    {
        var transitions: [Transition<Base.Action, Base.State>] = []
        model.successors(of: state.pointee, into: &transitions)
        for transition in transitions { buffer.append(transition) }
    }

    public func canonicalForm(of state: UnsafePointer<Base.State>, scratch: UnsafeMutablePointer<Base.State>)
        -> UnsafePointer<Base.State>
    {
        scratch.pointee = model.canonicalForm(of: state.pointee)
        return UnsafePointer(scratch)
    }

    public func canonicalForm(
        of state: UnsafePointer<Base.State>, scratch: UnsafeMutablePointer<Base.State>,
        parent: UnsafePointer<Base.State>, parentHint: UInt64, hint: inout UInt64
    )
        -> UnsafePointer<Base.State>
    {
        hint = 0
        return canonicalForm(of: state, scratch: scratch)
    }

    public func changedParts(from before: UnsafePointer<Base.State>, to after: UnsafePointer<Base.State>) -> StateParts
    {
        .all
    }

    public func stateBytes(of parts: StateParts) -> [Range<Int>]? { nil }

    public func evaluate(
        stateKey key: Int, on batch: StateBatch<Base.State>,
        into verdicts: UnsafeMutableBufferPointer<BatchVerdict>
    ) -> VerdictTally {
        preconditionFailure("\(model.name) gave a property the key \(key) but does not evaluate keyed properties")
    }

    public func evaluate(transitionKey key: Int, on steps: StepBatch<Base.Action, Base.State>) -> VerdictTally {
        preconditionFailure("\(model.name) gave a property the key \(key) but does not evaluate keyed properties")
    }
}

/// A model that is its own hooks (`typealias Hooks = Self`).
extension ModelHooks where Self: Model, Base == Self {
    public var model: Self { self }
    public var hooks: Self { self }
}

/// The hooks of a model that opts into none: every one derived from the model's core.
public struct DefaultHooks<Base: Model>: ModelHooks {
    public let model: Base
    public init(_ model: Base) { self.model = model }
}

extension Model where Hooks == DefaultHooks<Self> {
    public var hooks: DefaultHooks<Self> { DefaultHooks(self) }
}
