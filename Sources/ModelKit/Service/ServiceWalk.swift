import Checker

/// One path driven on a fresh service process, one request per step, every request and reply
/// kept: `verify replay --implementation` runs a trace this way, and a check keeps the
/// transcript of each counterexample it found on a service.
public enum ServiceWalk {
    /// What became of the path.
    public enum Outcome: Sendable, Equatable {
        /// Every step was taken as the specification takes it.
        case followed
        /// The step numbered here (from 1) is refused by the specification and by the service.
        case refusedByBoth(step: Int)
        /// At the step numbered here (0: the initial state) the service differs from the
        /// specification, in these words.
        case diverged(step: Int, String)
    }

    /// A step: the action, as the reports write it and in its JSON shape, and the state the
    /// specification reaches by it (nil: the specification forbids it).
    public struct Step: Sendable {
        public let label: String
        public let action: JSON
        public let expected: JSON?
        public init(label: String, action: JSON, expected: JSON?) {
            self.label = label
            self.action = action
            self.expected = expected
        }
    }

    /// Drives a new process of `configuration` from initial state number `initial` (the
    /// specification's, `initialState`) along `steps`. A break of the protocol is thrown; the
    /// service failing is a divergence at its step.
    public static func run(_ configuration: ServiceConfiguration, initial: Int, initialState: JSON, steps: [Step])
        -> (outcome: Outcome, transcript: [String], problem: ServiceProblem?)
    {
        let session = ServiceSession(number: 0, configuration: configuration)
        session.transcript = []
        defer { session.stop() }
        var step = 0
        do throws(ServiceProblem) {
            try session.start()
            var members: [(String, JSON)] = [("initial", .integer(initial)), ("state", initialState)]
            if session.keepsSnapshots { members.append(("save", .integer(0))) }
            let reply = try session.exchange(type: "init", members)
            guard let reported = reply.fields["state"], case .object = reported else {
                throw .protocolBreak("an init reply has the service's \"state\", an object", line: reply.line)
            }
            let differences = initialState.differences(to: reported)
            if !differences.isEmpty {
                return (
                    .diverged(
                        step: 0,
                        "the service starts elsewhere (specification → service): "
                            + differences.joined(separator: "; ")), session.transcript ?? [], nil
                )
            }
            var path: [JSON] = []
            for (index, next) in steps.enumerated() {
                step = index + 1
                let from: JSON =
                    session.keepsSnapshots
                    ? .object([("snapshot", .integer(index))])
                    : .object([("initial", .integer(initial)), ("path", .array(path))])
                var attempt: [(String, JSON)] = [("action", next.action)]
                if session.keepsSnapshots { attempt.append(("save", .integer(step))) }
                var request: [(String, JSON)] = [("from", from), ("tries", .array([.object(attempt)]))]
                if session.keepsSnapshots { request.append(("release", .array([.integer(index)]))) }
                let reply = try session.exchange(type: "step", request)
                guard case .array(let results)? = reply.fields["results"], results.count == 1 else {
                    throw .protocolBreak("a step reply has \"results\", one per action tried (1)", line: reply.line)
                }
                let result = try ServiceDriver.result(results[0], number: 0, snapshot: nil, line: reply.line)
                switch (next.expected, result) {
                case (nil, .accepted):
                    return (
                        .diverged(step: step, "the specification forbids \(next.label), but the service accepted it"),
                        session.transcript ?? [], nil
                    )
                case (nil, _):
                    return (.refusedByBoth(step: step), session.transcript ?? [], nil)
                case (_?, .refused(let message, _)):
                    return (
                        .diverged(
                            step: step,
                            "the specification allows \(next.label), but the service refused it"
                                + (message.isEmpty ? "" : ": \(message)")), session.transcript ?? [], nil
                    )
                case (_?, .skipped(let reason)):
                    return (
                        .diverged(step: step, "the service skipped \(next.label) (\(reason))"),
                        session.transcript ?? [],
                        nil
                    )
                case (let expected?, .accepted(let state, _, _)):
                    let differences = expected.differences(to: state)
                    if !differences.isEmpty {
                        return (
                            .diverged(
                                step: step,
                                "after \(next.label) the service differs from the specification "
                                    + "(specification → service): " + differences.joined(separator: "; ")),
                            session.transcript ?? [], nil
                        )
                    }
                }
                path.append(next.action)
            }
            return (.followed, session.transcript ?? [], nil)
        } catch {
            if error.isProtocolBreak { return (.followed, session.transcript ?? [], error) }
            return (.diverged(step: step, "\(error)"), session.transcript ?? [], nil)
        }
    }
}
