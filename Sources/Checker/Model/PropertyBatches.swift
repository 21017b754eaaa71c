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

    public init(
        sources: UnsafeBufferPointer<State>, sourceIndices: UnsafeBufferPointer<Int32>,
        steps: UnsafeBufferPointer<Transition<Action, State>>, actionKinds: UnsafeBufferPointer<Int32>,
        byKind: StepsByKind
    ) {
        precondition(
            sourceIndices.count == steps.count && actionKinds.count == steps.count && byKind.order.count == steps.count,
            "one source index, one kind and one place in the grouping per step")
        self.sources = sources
        self.sourceIndices = sourceIndices
        self.steps = steps
        self.actionKinds = actionKinds
        self.byKind = byKind
    }

    public var count: Int { steps.count }
}
