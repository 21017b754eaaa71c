import Checker

/// Conformance of a service process: the search explores the specification, and in every
/// state it reaches the service is asked, in one request, to try each action the
/// specification allows (each kept as a snapshot to go on from) and each candidate it forbids,
/// every one on a copy of the state. The properties are those of the linked conformance
/// search (`ConformanceModel`), judged on what the service answers, and two about the service
/// itself: it answers, and it comes back to a state as the state it reported.
public struct ServiceConformanceModel<Spec: Model>: Model {
    public typealias State = ServicePaired<Spec.State>
    public typealias Action = Spec.Action

    public let spec: Spec
    let driver: ServiceDriver
    let stateJSON: @Sendable (Spec.State) -> JSON
    let candidates: @Sendable (Spec.State) -> [Spec.Action]
    /// The model's schema: a state the service reports that does not fit it breaks the protocol.
    let schema: JSONSchemaCheck?
    /// Each action's JSON shape and its text, made once: writing an action through its
    /// `Encodable` conformance was the larger part of the checker's time per state.
    let actions: ActionTexts<Spec.Action>

    public init(
        spec: Spec, pool: ServicePool, schema: JSON?, stateJSON: @escaping @Sendable (Spec.State) -> JSON,
        actionJSON: @escaping @Sendable (Spec.Action) -> JSON,
        candidates: @escaping @Sendable (Spec.State) -> [Spec.Action]
    ) {
        self.spec = spec
        driver = ServiceDriver(pool: pool)
        self.schema = schema.map(JSONSchemaCheck.init(root:))
        let shapes = Locked<[Spec.State: JSON]>([:])
        // Each state's shape made once: a state is compared as the end of the step that reaches it
        // and again as the state its own actions are tried from, and making the shape from the
        // declaration was a third of the checker's time per state. At most 32,768 are kept (a
        // shape is a few kilobytes as a tree): a larger level makes some again.
        self.stateJSON = { state in
            if let known = shapes.withLock({ $0[state] }) { return known }
            let shape = stateJSON(state)
            shapes.withLock { known in
                if known.count >= 1 << 15 { known.removeAll(keepingCapacity: true) }
                known[state] = shape
            }
            return shape
        }
        actions = ActionTexts(actionJSON)
        self.candidates = candidates
    }

    public var name: String { spec.name }
    public var actionKindNames: [String] { spec.actionKindNames }
    public func actionKind(of action: Action) -> Int { spec.actionKind(of: action) }
    public func isLegalEnd(_ state: State) -> Bool { spec.isLegalEnd(state.key) }

    /// The service set up like each initial state, compared with it. A trace the search
    /// rebuilds at its end sets it up again and drives it along the trace anew.
    public var initialStates: [State] {
        spec.initialStates.enumerated().map { index, key in
            let expected = stateJSON(key)
            do throws(ServiceProblem) {
                let (reported, snapshot, hidden) = try driver.setUp(initial: index, state: expected)
                let differences = expected.differences(to: reported)
                if differences.isEmpty {
                    return State(
                        key: key, node: ServiceNode(path: ServicePath(initial: index), snapshot: snapshot),
                        hidden: hidden, isInitial: true)
                }
                try checkShape(reported)
                return State(
                    key: key,
                    divergence: "the service starts elsewhere than the specification "
                        + "(specification → service): " + differences.joined(separator: "; "), isInitial: true)
            } catch {
                if error.isProtocolBreak { driver.pool.record(error) }
                return State(key: key, divergence: "setting up the service failed: \(error)", isInitial: true)
            }
        }
    }

    public func enabledActions(in state: State, into actions: inout [Action]) {
        spec.enabledActions(in: state.key, into: &actions)
    }

    public func successor(of state: State, via action: Action) -> State? {
        guard let next = spec.successor(of: state.key, via: action) else { return nil }
        return drive(state, action, to: next)
    }

    public func successors(of state: State, into transitions: inout [Transition<Action, State>]) {
        var specTransitions: [Transition<Action, Spec.State>] = []
        spec.successors(of: state.key, into: &specTransitions)
        for transition in specTransitions {
            transitions.append(
                Transition(action: transition.action, state: drive(state, transition.action, to: transition.state)))
        }
    }

    /// The service's step along the specification's step to `next`, as the state's tried
    /// actions answered it.
    func drive(_ state: State, _ action: Action, to next: Spec.State) -> State {
        guard state.driven else { return State(key: next) }
        guard let node = state.node else { return State(key: next) }
        switch tried(node, at: state.key).steps[actions.text(of: action)] {
        case .conforms(let snapshot, let hidden)?:
            return State(
                key: next,
                node: ServiceNode(
                    path: ServicePath(parent: node.path, action: actions.json(of: action)),
                    snapshot: snapshot),
                hidden: hidden)
        case .diverged(let witness)?:
            return State(key: next, divergence: witness)
        case nil:
            // The service failed or broke the protocol while it tried the state's actions.
            return State(key: next)
        }
    }

    /// How the step by `action` to `next` went, from what the service answered.
    private func judge(_ action: Action, to next: Spec.State, _ result: TriedActions.Result?)
        throws(ServiceProblem) -> TriedActions.Step?
    {
        switch result {
        case .accepted(let reported, let snapshot, let hidden)?:
            let differences = stateJSON(next).differences(to: reported)
            if differences.isEmpty { return .conforms(snapshot: snapshot, hidden: hidden) }
            try checkShape(reported)
            return .diverged(
                witness: "after \(action) the service differs from the specification "
                    + "(specification → service): " + differences.joined(separator: "; "))
        case .refused(let message, _)?:
            return .diverged(
                witness: "the specification allows \(action), but the service refused it"
                    + (message.isEmpty ? "" : ": \(message)"))
        case .skipped(let reason)?:
            return .diverged(
                witness: "the service skipped \(action), which the specification allows"
                    + (reason.isEmpty ? "" : " (\(reason))"))
        case nil:
            return nil
        }
    }

    /// A state the service reported that differs from the specification's is first held to
    /// the schema: one that does not fit it is a break of the protocol, not a divergence.
    func checkShape(_ reported: JSON) throws(ServiceProblem) {
        guard let schema else { return }
        let problems = schema.problems(of: reported, against: "state")
        guard problems.isEmpty else {
            throw .protocolBreak(
                "a state that does not fit the model's schema (\(problems.prefix(3).joined(separator: "; ")))",
                line: reported.brief)
        }
    }

    /// The state's actions tried on the service, once: the actions the specification allows,
    /// then the candidates it forbids. The state's snapshot is let go after.
    func tried(_ node: ServiceNode, at key: Spec.State) -> TriedActions {
        node.tried.withLock { cached in
            if let cached { return cached }
            var transitions: [Transition<Action, Spec.State>] = []
            spec.successors(of: key, into: &transitions)
            var tries: [ServiceDriver.Try] = []
            var seen: Set<String> = []
            for transition in transitions {
                let text = actions.text(of: transition.action)
                if seen.insert(text).inserted {
                    tries.append(.init(action: actions.json(of: transition.action), key: text, keep: true))
                }
            }
            var forbidden: [(key: String, action: Action)] = []
            for candidate in candidates(key) {
                let text = actions.text(of: candidate)
                guard !seen.contains(text), spec.successor(of: key, via: candidate) == nil else { continue }
                seen.insert(text)
                tries.append(.init(action: actions.json(of: candidate), key: text, keep: false))
                forbidden.append((text, candidate))
            }
            var tried = TriedActions()
            do throws(ServiceProblem) {
                let answer = try driver.attempt(tries, from: node)
                for transition in transitions {
                    let text = actions.text(of: transition.action)
                    guard tried.steps[text] == nil,
                        let step = try judge(transition.action, to: transition.state, answer.results[text])
                    else { continue }
                    tried.steps[text] = step
                }
                let expected = stateJSON(key)
                let moved = expected.differences(to: answer.at)
                if !moved.isEmpty {
                    tried.nondeterminism =
                        "brought back to this state "
                        + (answer.restored ? "by replaying its path" : "from its snapshot")
                        + ", the service is elsewhere: " + moved.joined(separator: "; ")
                }
                judgeRefusals(forbidden, answer.results, expected: expected, into: &tried)
            } catch {
                if error.isProtocolBreak { driver.pool.record(error) }
                tried.steps = [:]
                tried.failure = "\(error), while it tried \(tries.count) actions from this state"
            }
            node.snapshot.withLock { $0 = nil }
            cached = tried
            return tried
        }
    }

    private func judgeRefusals(
        _ forbidden: [(key: String, action: Action)], _ results: [String: TriedActions.Result],
        expected: JSON, into tried: inout TriedActions
    ) {
        for (key, action) in forbidden {
            switch results[key] {
            case .accepted?:
                tried.refusalProblem = "the specification forbids \(action), but the service accepted it"
                return
            case .refused(let message, let state)?:
                tried.refusalsTried = true
                let changed = state.map { expected.differences(to: $0) } ?? []
                if !changed.isEmpty {
                    tried.refusalProblem =
                        "the service refused \(action)" + (message.isEmpty ? "" : " (\(message))")
                        + " but changed its state: " + changed.joined(separator: "; ")
                    return
                }
            case .skipped?, nil:
                continue
            }
        }
    }

    public var properties: [Property<Self>] { ServiceProperties.all(for: self) }
}
