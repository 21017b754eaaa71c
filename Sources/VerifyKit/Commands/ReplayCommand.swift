import Checker
import ModelKit

/// `verify replay TRACE`: runs a trace file's actions against the Spec and the Reference (with
/// a fault planted, if asked) side by side, and says what became of the finding.
struct ReplayCommand {
    static let specs: [OptionSpec] = [
        .value("inject", "FAULT", "plant a named bug in the Reference (see verify list --faults)"),
        .value("implementation", "CMD",
               "run the trace against this service process instead of the linked Reference (docs/PROTOCOL.md)"),
        .value("step-limit", "S", ServiceOptions.stepLimitHelp),
        .value("transcript", "FILE", "with --implementation: write the requests and replies to FILE"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify replay TRACE.itf.json [--inject FAULT | --implementation CMD]

        Re-executes a trace's actions against the Spec and the Reference, step by step, and
        checks the property the trace was found for. Exit 1: the violation happens again, or
        the Spec and the Reference disagree on a step. Exit 0: the trace runs to its end without
        the violation, or a step is now refused by both (the bad path can no longer happen).
        A counterexample thus becomes a regression test. With --implementation, the trace runs
        against a service process instead, one request per step (exit 1 where it differs).

        examples:
          swift run -c release verify check --scope ci --target reference --inject changeZoneJoinsFront --stop-at-first --trace-dir traces
          swift run -c release verify replay traces/reference-QueueOrderIsFair.itf.json --inject changeZoneJoinsFront
          swift run -c release verify replay traces/reference-QueueOrderIsFair.itf.json
        """

    static func run(_ parsed: ParsedArguments, console: Console, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        guard let path = parsed.positional.first else { throw UsageError("replay needs a trace file") }
        // A fault no model has is refused before the file is read; one of another model than
        // the trace's, once the trace says which model it is of.
        if let fault = parsed.value("inject"), !models.contains(where: { $0.faults.contains { $0.name == fault } }) {
            throw UsageError("unknown fault '\(fault)'; valid faults: \(models.flatMap { $0.faults.map(\.name) }.joined(separator: ", "))")
        }
        let trace = try ITFReader.read(path: path, models: models.map(\.name))
        let plugin = models.first { $0.name == trace.model }!
        return try run(plugin, trace: trace, path: path, parsed: parsed, console: console)
    }

    static func run<P: ModelPlugin>(_ plugin: P, trace: ITFTrace, path: String, parsed: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        if parsed.value("implementation") != nil {
            return try ServiceReplay.run(plugin, trace: trace, path: path, parsed: parsed, console: console)
        }
        for option in ["step-limit", "transcript"] where parsed.value(option) != nil {
            throw UsageError("--\(option) applies to --implementation")
        }
        let fault = parsed.value("inject")
        if let fault, !plugin.faults.contains(where: { $0.name == fault }) {
            throw UsageError("fault '\(fault)' is not one of model \(plugin.name)'s; valid faults: \(plugin.faults.map(\.name).joined(separator: ", "))")
        }
        // A trace found by exploring the Reference records the states of the Reference it was
        // found on: those are checked first, with the recorded fault planted, so that a trace
        // whose states were edited, or that another Reference would no longer reach, is not
        // taken for a finding that went away.
        if trace.target == "reference" && fault != trace.fault {
            let recorded = try Replay(plugin, trace: trace, name: path, fault: trace.fault)
            if let mismatch = recorded.recordedStateMismatch() {
                console.print("replaying \(path) with its recorded fault \(trace.fault ?? "(none)") first: " + mismatch)
                return 1
            }
        }
        let replay = try Replay(plugin, trace: trace, name: path, fault: fault)
        let (code, lines) = trace.loop.map { replay.runLasso(loop: $0) } ?? replay.run()
        console.print(([
            "replaying \(path): \(replay.actions.count) steps, scope \(plugin.name(of: replay.bounds)), property \(trace.property) (found by \(trace.target))"
                + (fault.map { ", fault \($0) injected" } ?? ""),
        ] + lines).joined(separator: "\n"))
        return code
    }
}

/// The Spec and the Reference in lockstep along a trace.
struct Replay<P: ModelPlugin> {
    let plugin: P
    let trace: ITFTrace
    /// The fault planted in the Reference for this replay.
    let fault: String?
    let bounds: P.Bounds
    let actions: [P.Spec.Action]
    let spec: P.Spec
    let adapter: P.Adapter
    /// The trace's property: one of the Spec's or the Reference's (checked on the pair), a
    /// conformance property, or nil for a deadlock.
    let property: Property<ImplementationModel<P.Adapter>>?
    let conformanceProperty: Property<ConformanceModel<P.Adapter>>?

    /// Reads the trace's scope and actions with the model's plug-in; `name` is the file's, for errors.
    init(_ plugin: P, trace: ITFTrace, name: String, fault: String?) throws(UsageError) {
        self.plugin = plugin
        self.trace = trace
        self.fault = fault
        if let recorded = trace.fault, !plugin.faults.contains(where: { $0.name == recorded }) {
            throw UsageError("\(name): the trace names fault '\(recorded)', which model \(plugin.name) does not have; valid faults: \(plugin.faults.map(\.name).joined(separator: ", "))")
        }
        do { bounds = try plugin.bounds(fromTrace: trace.scopeBase, fields: trace.scopeFields) } catch {
            throw UsageError("\(name): \(error.description)")
        }
        var actions: [P.Spec.Action] = []
        for step in trace.steps {
            do { actions.append(try plugin.action(named: step.action, parameters: step.parameters, bounds: bounds)) } catch {
                throw UsageError("\(name): step \(step.index): \(error.description)")
            }
        }
        self.actions = actions
        spec = plugin.spec(for: bounds, literal: true)
        adapter = plugin.adapter(for: spec, fault: fault)
        property = ImplementationModel(adapter: adapter).properties.first { $0.id == trace.property }
        conformanceProperty = ConformanceModel(adapter: adapter).properties.first { $0.id == trace.property }
        let liveness = spec.liveness.properties.contains { $0.id == trace.property }
        if liveness != (trace.loop != nil) {
            throw UsageError(
                liveness ? "\(name): \(trace.property) is a liveness property, but the trace has no 'loop'"
                    : "\(name): the trace has a 'loop', but \(trace.property) is not a liveness property")
        }
        if property == nil && conformanceProperty == nil && !liveness && trace.property != "deadlock" {
            throw UsageError("the trace names property '\(trace.property)', which model \(plugin.name) does not have; see verify list")
        }
    }

    typealias Pair = Paired<P.Spec.State, P.Adapter.System>

    func run() -> (Int32, [String]) {
        var world = spec.initialStates[0]
        var system = adapter.initialSystems()[0]
        if let difference = mismatch(at: 0, spec: world, reference: adapter.abstraction(of: system)) { return (1, [difference]) }
        if let witness = violation(before: nil, action: nil, after: Pair(key: world, system: system, outcome: .accepted)) {
            return (1, ["the violation happens again in the initial state: \(witness)"])
        }
        for (index, action) in actions.enumerated() {
            let step = "step \(index + 1), \(action)"
            let next = spec.successor(of: world, via: action)
            var after = system
            let outcome = adapter.perform(action, on: &after)
            switch (next, outcome) {
            case (nil, .accepted):
                return (1, ["conformance divergence at \(step): the Spec forbids it but the Reference accepts it"])
            case (nil, _):
                return (0, ["\(step) is now refused by both the Spec and the Reference: the path to the violation can no longer happen"])
            case (.some, .refused(let message)):
                return (1, ["conformance divergence at \(step): the Spec allows it but the Reference refuses: \(message)"])
            case (.some, .outOfBounds):
                return (1, ["\(step) is outside the trace's scope"])
            case (.some(let next), .accepted):
                // The property is checked on the Reference's side first: a trace found by
                // exploring the Reference shows its violation there, then the divergence.
                let actual = adapter.abstraction(of: after)
                if let difference = mismatch(at: index + 1, spec: next, reference: actual) { return (1, [difference]) }
                let pairBefore = Pair(key: adapter.abstraction(of: system), system: system, outcome: .accepted)
                let pairAfter = Pair(key: actual, system: after, outcome: outcome)
                if let witness = violation(before: pairBefore, action: action, after: pairAfter) {
                    return (1, ["the violation happens again at \(step): \(witness)"])
                }
                if actual != next {
                    return (1, ["conformance divergence at \(step): " + adapter.differences(expected: next, actual: actual).joined(separator: "; ")])
                }
                world = next
                system = after
            }
        }
        if trace.property == "deadlock" && spec.enabledActions(in: world).isEmpty && !spec.isLegalEnd(world) {
            return (1, ["the deadlock happens again after \(actions.count) steps"])
        }
        return (0, ["all \(actions.count) steps ran; \(trace.property) was not violated: the finding is gone"])
    }

    /// The first recorded state that differs from what this replay reaches, the steps run to
    /// the trace's end or until one is not taken; nil when every recorded state agrees.
    func recordedStateMismatch() -> String? {
        var world = spec.initialStates[0]
        var system = adapter.initialSystems()[0]
        if let difference = mismatch(at: 0, spec: world, reference: adapter.abstraction(of: system)) {
            return difference
        }
        for (index, action) in actions.enumerated() {
            var after = system
            guard adapter.perform(action, on: &after) == .accepted else {
                return "step \(index + 1), \(action): the Reference refuses it, though the trace records it taken"
            }
            let next = spec.successor(of: world, via: action) ?? world
            if let difference = mismatch(at: index + 1, spec: next, reference: adapter.abstraction(of: after)) {
                return difference
            }
            (world, system) = (next, after)
        }
        return nil
    }

    /// Where the recorded state at `index` differs from the state this replay reached: the
    /// Spec's, or for a trace found by exploring the Reference with the same fault planted,
    /// the Reference's abstraction (without it, the Reference is another system than the one
    /// recorded, and its states may rightly differ). Nil when they agree or are not compared.
    func mismatch(at index: Int, spec: P.Spec.State, reference: P.Spec.State) -> String? {
        guard index < trace.states.count else { return nil }
        let compared: P.Spec.State
        switch trace.target {
        case "reference":
            guard fault == trace.fault else { return nil }
            compared = reference
        default: compared = spec
        }
        let recorded = trace.states[index]
        let now = plugin.traceState(compared, bounds: bounds)
        // The variables the trace records: one written by hand may leave states out.
        let differing = now.filter { name, value in recorded[name].map { $0 != ITFValue(value) } ?? false }.map(\.0)
        guard !differing.isEmpty else { return nil }
        let side = trace.target == "reference" ? "the Reference (its abstraction)" : "the Spec"
        return "the trace's state \(index) differs from what \(side) reaches now in \(differing.joined(separator: ", ")): the model, the Reference or the trace changed since it was recorded; record it again"
    }

    func violation(before: Pair?, action: P.Spec.Action?, after: Pair) -> String? {
        var verdict = Verdict.holds
        if let property {
            verdict = property.evaluate(before: before, action: action, after: after)
            // A reachability property "happens" when its instance is reached again.
            if property.kind == .reachability { return verdict == .holds ? "the instance is reached" : nil }
        } else if let conformanceProperty, conformanceProperty.kind == .invariant {
            verdict = conformanceProperty.evaluate(after)
        }
        if case .violated(let witness) = verdict { return witness }
        return nil
    }
}
