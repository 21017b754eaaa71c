/// A lasso held to what it claims, against the model alone: every step is one the model
/// lists, the cycle comes back to where it starts, an obligation opened on the stem is still
/// open at the cycle and stays open all round it, and the cycle is fair (each instance
/// enabled on the cycle is taken on it, or, when weakly fair, disabled in one of its states,
/// or, when strongly fair, in all of them). What `verify replay` asks of a lasso, and what the
/// tests ask of every lasso the check reports. Returns the problems, none when it is sound.
public enum LassoCheck {
    public static func problems<M: Model>(
        of lasso: Lasso<M>, for property: LeadsTo<M>, fairness: [Fairness<M>],
        in model: M
    ) -> [String] {
        guard lasso.states.count == lasso.actions.count + 1, (0...lasso.actions.count).contains(lasso.loopStart) else {
            return [
                "the lasso has \(lasso.states.count) states for \(lasso.actions.count) steps, "
                    + "looping at \(lasso.loopStart)"
            ]
        }
        guard model.initialStates.contains(lasso.states[0]) else { return ["the first state is not initial"] }
        var problems: [String] = []
        for (step, action) in lasso.actions.enumerated()
        where model.successor(of: lasso.states[step], via: action) != lasso.states[step + 1] {
            problems.append("step \(step + 1): \(action) does not lead to the next state")
        }
        if lasso.states[lasso.loopStart] != lasso.states.last! { problems.append("the cycle does not close") }
        // The obligation: opened at the last trigger of the stem not met by then, open from there on.
        let instance = lasso.instance
        guard (0..<property.instances).contains(instance) else {
            return problems + ["the lasso is for instance \(instance) of a property with \(property.instances)"]
        }
        let opened = (0...lasso.loopStart).last { step in
            property.triggers(lasso.states[step], instance, isInitial: step == 0)
                && !property.goal(lasso.states[step], instance)
        }
        if let opened, let met = lasso.states[opened...].firstIndex(where: { property.goal($0, instance) }) {
            problems.append("the obligation opened at step \(opened) is met at step \(met)")
        } else if opened == nil {
            problems.append("no obligation is open when the cycle starts")
        }
        let cycle = lasso.loopStart..<lasso.actions.count
        if cycle.isEmpty {
            var enabled: [M.Action] = []
            model.enabledActions(in: lasso.states.last!, into: &enabled)
            if !enabled.isEmpty { problems.append("the behaviour stops where \(enabled[0]) is enabled") }
            return problems
        }
        // Fairness on the cycle's own states and edges.
        for assumption in fairness {
            var enabledAt: [Set<Int>] = []
            for step in cycle {
                var actions: [M.Action] = []
                model.enabledActions(in: lasso.states[step], into: &actions)
                enabledAt.append(Set(actions.compactMap(assumption.instance)))
            }
            let taken = Set(cycle.compactMap { assumption.instance(lasso.actions[$0]) })
            for instance in enabledAt.reduce(Set(), { $0.union($1) }) where !taken.contains(instance) {
                let starved =
                    assumption.strength == .weak
                    ? enabledAt.allSatisfy { $0.contains(instance) } : enabledAt.contains { $0.contains(instance) }
                if starved {
                    problems.append(
                        "the cycle starves \(assumption.label) (instance \(instance)): \(assumption.strength) fairness")
                }
            }
        }
        return problems
    }
}
