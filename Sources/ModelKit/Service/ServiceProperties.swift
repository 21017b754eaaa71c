import Checker

/// The properties of a check over a service process: the linked conformance search's
/// (`Conformance`, `RefusalsLeaveStateUnchanged`, `InitialStateConforms`), judged on the
/// service's answers, and two about the service as a process.
enum ServiceProperties {
    static let source = "conformance of the service to the specification (docs/PROTOCOL.md)"

    static func all<Spec: Model>(for model: ServiceConformanceModel<Spec>) -> [Property<ServiceConformanceModel<Spec>>]
    {
        typealias State = ServicePaired<Spec.State>
        /// What the service's answers at a state say, when it stood for the state.
        @Sendable func found(_ state: State, _ finding: (TriedActions) -> String?) -> Verdict {
            guard state.driven, let node = state.node else { return .vacuous }
            return finding(model.tried(node, at: state.key)).map { .violated(witness: $0) } ?? .holds
        }
        return [
            Property(
                id: "Conformance", kind: .actionProperty, group: "conformance",
                statement: "The service accepts every action the specification allows, and ends in the state "
                    + "the specification says.",
                source: source, symbol: "ServiceConformanceModel.drive",
                predicate: .transitionVerdict { before, _, after in
                    guard before.driven else { return .vacuous }
                    if let witness = after.divergence { return .violated(witness: witness) }
                    return after.driven ? .holds : .vacuous
                }),
            Property(
                id: "RefusalsLeaveStateUnchanged", kind: .invariant, group: "conformance",
                statement: "Every action the specification forbids is refused by the service, and the refusal "
                    + "changes nothing.",
                source: source, symbol: "ServiceConformanceModel.judgeRefusals",
                predicate: .stateVerdict { state in
                    guard state.driven, let node = state.node else { return .vacuous }
                    let tried = model.tried(node, at: state.key)
                    if tried.failure != nil { return .vacuous }
                    if let problem = tried.refusalProblem { return .violated(witness: problem) }
                    return tried.refusalsTried ? .holds : .vacuous
                }),
            Property(
                id: "InitialStateConforms", kind: .invariant, group: "conformance",
                statement: "The service starts where the specification starts.",
                source: source, symbol: "ServiceConformanceModel.initialStates", initialStatesOnly: true,
                predicate: .stateVerdict { state in
                    guard state.isInitial else { return .vacuous }
                    return state.divergence.map { .violated(witness: $0) } ?? .holds
                }),
            Property(
                id: "ServiceResponds", kind: .invariant, group: "service",
                statement: "The service answers every request within the step limit, and neither exits nor "
                    + "closes its output.",
                source: source, symbol: "ServiceDriver.attempt",
                predicate: .stateVerdict { state in
                    found(state) { $0.failure }
                }),
            Property(
                id: "ServiceDeterministic", kind: .invariant, group: "service",
                statement: "The service, brought back to a state from its snapshot or by replaying the path to "
                    + "it, is in the state it reported there.",
                source: source, symbol: "ServiceConformanceModel.tried",
                predicate: .stateVerdict { state in
                    found(state) { $0.nondeterminism }
                }),
        ]
    }
}
