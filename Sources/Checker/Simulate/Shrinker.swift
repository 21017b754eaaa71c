/// Shrinks a trace that violates a property to a shorter, simpler one that still does:
/// first drops runs of steps (halves, then quarters, down to single steps), then replaces
/// actions by the simpler ones the model suggests. After every cut the whole trace is
/// re-executed: every step must still be enabled, and the violation must still happen
/// (the trace then ends where it first happens).
public struct Shrinker<M: Model>: Sendable {
    public let model: M
    public let property: Property<M>

    public init(model: M, property: Property<M>) {
        self.model = model
        self.property = property
    }

    public func shrink(_ trace: Trace<M>) -> Trace<M> {
        var actions = trace.steps.map(\.action)
        guard var best = attempt(actions, initialIndex: trace.initialIndex) else { return trace }
        actions = best.steps.map(\.action)
        var improved = true
        while improved {
            improved = false
            // Drop runs of steps, longest first: halves, quarters, ..., then every length up
            // to 8, since a step often needs its neighbour (a reset and what it undoes).
            var sizes = Set((0..<8).map { $0 + 1 })
            var half = actions.count / 2
            while half > 8 { sizes.insert(half); half /= 2 }
            for chunk in sizes.sorted(by: >) {
                var start = 0
                while start + chunk <= actions.count {
                    var candidate = actions
                    candidate.removeSubrange(start..<(start + chunk))
                    if let shorter = attempt(candidate, initialIndex: trace.initialIndex) {
                        best = shorter
                        actions = shorter.steps.map(\.action)
                        improved = true
                    } else {
                        start += 1
                    }
                }
            }
            // Simplify parameters, one step at a time.
            var position = 0
            while position < actions.count {
                for simpler in model.simplifications(of: actions[position]) {
                    var candidate = actions
                    candidate[position] = simpler
                    if let simplified = attempt(candidate, initialIndex: trace.initialIndex) {
                        best = simplified
                        actions = simplified.steps.map(\.action)
                        improved = true
                        break
                    }
                }
                position += 1
            }
        }
        return best
    }

    /// Runs `actions`; the trace up to the first violation of the property, or nil when a
    /// step is not enabled or the violation never happens.
    func attempt(_ actions: [M.Action], initialIndex: Int) -> Trace<M>? {
        let initial = model.initialStates[initialIndex]
        var state = initial
        var steps: [Trace<M>.Step] = []
        if violates(before: nil, action: nil, after: state) { return Trace(initialIndex: initialIndex, initial: initial, steps: []) }
        for action in actions {
            let enabled = model.enabledActions(in: state)
            guard let index = enabled.firstIndex(of: action), let next = model.successor(of: state, via: action) else { return nil }
            steps.append(.init(actionIndex: index, action: action, state: next))
            if violates(before: state, action: action, after: next) { return Trace(initialIndex: initialIndex, initial: initial, steps: steps) }
            state = next
        }
        return nil
    }

    func violates(before: M.State?, action: M.Action?, after: M.State) -> Bool {
        property.evaluate(before: before, action: action, after: after).isViolation
    }
}
