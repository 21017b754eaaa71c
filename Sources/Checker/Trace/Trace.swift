/// A behaviour of a model: an initial state and the steps taken from it.
///
/// Traces are never stored whole during a search: the explorer keeps parent links and
/// rebuilds a trace by replaying action indices (`Model.replay(initial:actionIndices:)`).
public struct Trace<M: Model>: Sendable {
    public struct Step: Sendable {
        /// The action's position in the enabled list of the state before it.
        public let actionIndex: Int
        public let action: M.Action
        public let state: M.State

        public init(actionIndex: Int, action: M.Action, state: M.State) {
            self.actionIndex = actionIndex
            self.action = action
            self.state = state
        }
    }

    public let initialIndex: Int
    public let initial: M.State
    public let steps: [Step]

    public init(initialIndex: Int, initial: M.State, steps: [Step]) {
        self.initialIndex = initialIndex
        self.initial = initial
        self.steps = steps
    }

    /// The number of steps (transitions), the measure of "shortest".
    public var length: Int { steps.count }
    public var finalState: M.State { steps.last?.state ?? initial }

    /// The state before step `index` (the initial state for step 0).
    public func state(before index: Int) -> M.State {
        index == 0 ? initial : steps[index - 1].state
    }
}

/// A step of a replayed trace that cannot be taken.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSuchInitialState(index: Int, count: Int)
    case actionIndexOutOfRange(step: Int, index: Int, enabled: Int)
    case notEnabled(step: Int, action: String)
    case nondeterministic(step: Int, action: String)

    public var description: String {
        switch self {
        case .noSuchInitialState(let index, let count):
            return "initial state \(index) does not exist (the model has \(count))"
        case .actionIndexOutOfRange(let step, let index, let enabled):
            return "step \(step): action index \(index) but only \(enabled) actions are enabled; the model's action order changed or it is not deterministic"
        case .notEnabled(let step, let action):
            return "step \(step): \(action) is not enabled in the state before it"
        case .nondeterministic(let step, let action):
            return "step \(step): \(action) is listed as enabled but has no successor; the model's guard and its action list disagree"
        }
    }
}

extension Model {
    /// Rebuilds a trace from recorded action indices, checking each step as it goes.
    public func replay(initialIndex: Int, actionIndices: [Int]) throws(ReplayError) -> Trace<Self> {
        let initials = initialStates
        guard initials.indices.contains(initialIndex) else {
            throw .noSuchInitialState(index: initialIndex, count: initials.count)
        }
        var state = initials[initialIndex]
        var steps: [Trace<Self>.Step] = []
        var enabled: [Action] = []
        for (number, index) in actionIndices.enumerated() {
            enabled.removeAll(keepingCapacity: true)
            enabledActions(in: state, into: &enabled)
            guard enabled.indices.contains(index) else {
                throw .actionIndexOutOfRange(step: number + 1, index: index, enabled: enabled.count)
            }
            guard let next = successor(of: state, via: enabled[index]) else {
                throw .nondeterministic(step: number + 1, action: enabled[index].description)
            }
            steps.append(.init(actionIndex: index, action: enabled[index], state: next))
            state = next
        }
        return Trace(initialIndex: initialIndex, initial: initials[initialIndex], steps: steps)
    }

    /// Rebuilds a trace from actions given by value (a trace file), checking that each one
    /// is enabled where it is taken.
    public func replay(initialIndex: Int, actions: [Action]) throws(ReplayError) -> Trace<Self> {
        let initials = initialStates
        guard initials.indices.contains(initialIndex) else {
            throw .noSuchInitialState(index: initialIndex, count: initials.count)
        }
        var state = initials[initialIndex]
        var steps: [Trace<Self>.Step] = []
        for (number, action) in actions.enumerated() {
            let enabled = enabledActions(in: state)
            guard let index = enabled.firstIndex(of: action), let next = successor(of: state, via: action) else {
                throw .notEnabled(step: number + 1, action: action.description)
            }
            steps.append(.init(actionIndex: index, action: action, state: next))
            state = next
        }
        return Trace(initialIndex: initialIndex, initial: initials[initialIndex], steps: steps)
    }
}
