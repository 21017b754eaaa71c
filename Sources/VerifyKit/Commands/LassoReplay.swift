import Checker
import ModelKit

extension Replay {
    /// A lasso runs again when every step is taken, the cycle closes, the obligation stays
    /// pending all round it and the cycle is fair (`LassoCheck`), on the target that found it:
    /// the Spec, or the Reference through its abstraction with the fault planted. Exit 1 when it
    /// does; 0, with the reason, when it no longer does.
    func runLasso(loop: Int) -> (Int32, [String]) {
        switch trace.target {
        case CheckTarget.spec.rawValue: return runLasso(on: spec, loop: loop)
        default: return runLasso(on: ImplementationModel(adapter: adapter, keyingHiddenState: false), loop: loop)
        }
    }

    private func runLasso<M: Model>(on model: M, loop: Int) -> (Int32, [String]) where M.Action == P.Spec.Action {
        let liveness = model.liveness
        guard let property = liveness.properties.first(where: { $0.id == trace.property }),
            let initial = model.initialStates.first
        else { return (0, ["\(trace.property) is not checked on the \(trace.target) target"]) }
        var states = [initial]
        for (index, action) in actions.enumerated() {
            guard let next = model.successor(of: states[index], via: action) else {
                return (0, ["step \(index + 1), \(action) is now refused: the behaviour can no longer happen"])
            }
            states.append(next)
        }
        let fairness = property.fairness ?? liveness.fairness
        func whose(_ instance: Int) -> String { property.instanceName.map { " for \($0(instance))" } ?? "" }
        var problems: [String] = []
        for instance in 0..<property.instances {
            let lasso = Lasso<M>(states: states, actions: actions, loopStart: loop, instance: instance)
            let found = LassoCheck.problems(of: lasso, for: property, fairness: fairness, in: model)
            if found.isEmpty {
                let cycle = actions.count - loop
                return (
                    1,
                    [
                        "the lasso happens again: after \(loop) steps, the \(cycle)-step cycle closes, "
                            + "keeps the obligation\(whose(instance)) pending "
                            + "and is fair"
                    ]
                )
            }
            if problems.isEmpty { problems = found }
        }
        return (0, ["the lasso no longer breaks \(trace.property): " + problems.joined(separator: "; ")])
    }
}
