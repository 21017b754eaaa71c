import Checker

/// The requests a check makes of a service (docs/PROTOCOL.md): set up an initial state, and
/// try a state's actions, each on a copy of it. Replies are read strictly: anything the
/// protocol does not allow is a break of it, which stops the check.
struct ServiceDriver: Sendable {
    let pool: ServicePool

    /// Sets the service up like the specification's initial state number `index` (given in its
    /// JSON shape) and returns the state it reports, with the snapshot it keeps and the
    /// fingerprint of the hidden state it reports (0: none).
    func setUp(initial index: Int, state: JSON) throws(ServiceProblem)
        -> (state: JSON, snapshot: ServiceSnapshot?, hidden: UInt64)
    {
        try pool.withSession(preferring: index % max(1, pool.processCount)) {
            session, releases throws(ServiceProblem) in
            let id = session.keepsSnapshots ? pool.newSnapshotID() : nil
            pool.initialStates.withLock { $0[index] = state }
            let (reported, hidden) = try initialize(session, index, state, save: id)
            return (
                reported,
                id.map { ServiceSnapshot(id: $0, session: session.number, generation: session.starts, pool: pool) },
                hidden
            )
        }
    }

    /// The path to `node` from its initial state, as a step names it, after setting `session`
    /// up with that initial state if it has not been (docs/PROTOCOL.md: a service replays a path
    /// only from an initial state it was given).
    private func path(to node: ServiceNode, on session: ServiceSession) throws(ServiceProblem) -> JSON {
        let index = node.path.initial
        if !session.initialsGiven.contains(index) {
            guard let state = pool.initialStates.withLock({ $0[index] }) else {
                preconditionFailure("a path from initial state \(index), which was never set up")
            }
            _ = try initialize(session, index, state, save: nil)
        }
        return .object([("initial", .integer(index)), ("path", .array(node.path.actions))])
    }

    /// Sends `init` for initial state `index` (kept as snapshot `save` when given) and returns
    /// the state the service reports, with its hidden state's fingerprint.
    private func initialize(_ session: ServiceSession, _ index: Int, _ state: JSON, save: Int?)
        throws(ServiceProblem) -> (state: JSON, hidden: UInt64)
    {
        var members: [(String, JSON)] = [("initial", .integer(index)), ("state", state)]
        if let save { members.append(("save", .integer(save))) }
        let reply = try session.exchange(type: "init", members)
        guard let reported = reply.fields["state"], case .object = reported else {
            throw .protocolBreak("an init reply has the service's \"state\", an object", line: reply.line)
        }
        session.initialsGiven.insert(index)
        return (reported, Self.hidden(in: reply.fields["hidden"]))
    }

    /// The fingerprint of a reply's `hidden` member, any JSON value, as written: 0 when there
    /// is none. Two states with one abstraction are kept apart when their hidden values differ.
    static func hidden(in value: JSON?) -> UInt64 {
        guard let value else { return 0 }
        var hasher = StableHasher()
        hasher.combine(value.rendered(pretty: false))
        return hasher.fingerprint()
    }

    /// One action to try: its JSON, its key, and whether an acceptance is kept as a snapshot.
    struct Try {
        let action: JSON
        let key: String
        let keep: Bool
    }

    /// Tries `tries` from the state `node` stands for, each on a copy of it: from the snapshot
    /// when the process that keeps it is free, else replaying its path. Returns the state the
    /// service reports it tried them from, and each one's result by key.
    func attempt(_ tries: [Try], from node: ServiceNode) throws(ServiceProblem)
        -> (at: JSON, results: [String: TriedActions.Result], restored: Bool)
    {
        let snapshot = node.snapshot.withLock { $0 }
        return try pool.withSession(preferring: snapshot?.session) { session, releases throws(ServiceProblem) in
            var from: JSON
            var restored = false
            if let snapshot, snapshot.session == session.number, snapshot.generation == session.starts {
                from = .object([("snapshot", .integer(snapshot.id))])
            } else {
                from = try path(to: node, on: session)
                restored = true
            }
            var saved: [ServiceSnapshot?] = []
            let requested = tries.map { attempt -> JSON in
                var members: [(String, JSON)] = [("action", attempt.action)]
                if attempt.keep && session.keepsSnapshots {
                    let id = pool.newSnapshotID()
                    members.append(("save", .integer(id)))
                    saved.append(
                        ServiceSnapshot(id: id, session: session.number, generation: session.starts, pool: pool))
                } else {
                    saved.append(nil)
                }
                return .object(members)
            }
            var members: [(String, JSON)] = [("from", from), ("tries", .array(requested))]
            if !releases.isEmpty { members.append(("release", .array(releases.map { .integer($0) }))) }
            var reply = try session.exchange(type: "step", members)
            // A service may let a snapshot go (to bound its memory): it says so, and the step is
            // asked again from the path.
            if reply.fields["missing"] != nil, !restored {
                restored = true
                from = try path(to: node, on: session)
                reply = try session.exchange(type: "step", [("from", from), ("tries", .array(requested))])
                if reply.fields["missing"] != nil {
                    throw .protocolBreak("a step from a path is answered \"missing\"", line: reply.line)
                }
            }
            guard let at = reply.fields["at"], case .object = at else {
                throw .protocolBreak("a step reply has \"at\", the state the actions were tried from", line: reply.line)
            }
            guard case .array(let answers)? = reply.fields["results"], answers.count == tries.count else {
                throw .protocolBreak(
                    "a step reply has \"results\", one per action tried (\(tries.count))", line: reply.line)
            }
            var results: [String: TriedActions.Result] = [:]
            for (number, answer) in answers.enumerated() {
                results[tries[number].key] = try Self.result(
                    answer, number: number, snapshot: saved[number],
                    line: reply.line)
            }
            return (at, results, restored)
        }
    }

    static func result(_ answer: JSON, number: Int, snapshot: ServiceSnapshot?, line: String)
        throws(ServiceProblem) -> TriedActions.Result
    {
        guard case .string(let outcome)? = answer.member("outcome") else {
            throw .protocolBreak("result \(number + 1) has no \"outcome\"", line: line)
        }
        func state() throws(ServiceProblem) -> JSON {
            guard let state = answer.member("state"), case .object = state else {
                throw .protocolBreak("result \(number + 1) (\(outcome)) has no \"state\" object", line: line)
            }
            return state
        }
        switch outcome {
        case "accepted":
            return .accepted(state: try state(), snapshot: snapshot, hidden: hidden(in: answer.member("hidden")))
        case "refused":
            var message = ""
            if case .string(let text)? = answer.member("message") { message = text }
            // Left out: the service's state after the refusal is `at`, as it computed it.
            return .refused(message: message, state: answer.member("state") == nil ? nil : try state())
        case "skipped":
            var reason = ""
            if case .string(let text)? = answer.member("reason") { reason = text }
            return .skipped(reason: reason)
        default:
            throw .protocolBreak(
                "result \(number + 1): outcome \"\(outcome)\" is not accepted, refused or skipped", line: line)
        }
    }
}
