import Checker
import Harness
import Reference
import Spec

/// `verify replay TRACE`: runs a trace file's actions against the Spec and the Reference (with
/// a fault planted, if asked) side by side, and says what became of the finding.
struct ReplayCommand {
    static let specs: [OptionSpec] = [
        .value("inject", "FAULT", "plant a named bug in the Reference (see verify list --faults)"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify replay TRACE.itf.json [--inject FAULT]

        Re-executes a trace's actions against the Spec and the Reference, step by step, and
        checks the property the trace was found for. Exit 1: the violation happens again, or
        the Spec and the Reference disagree on a step. Exit 0: the trace runs to its end without
        the violation, or a step is now refused by both (the bad path can no longer happen).
        A counterexample thus becomes a regression test.

        examples:
          swift run -c release verify check --inject changeZoneJoinsFront --trace-dir traces
          swift run -c release verify replay traces/reference-QueueOrderIsFair.itf.json --inject changeZoneJoinsFront
          swift run -c release verify replay traces/reference-QueueOrderIsFair.itf.json
        """

    static func run(_ parsed: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard let path = parsed.positional.first else { throw UsageError("replay needs a trace file") }
        var fault: Fault?
        if let name = parsed.value("inject") {
            guard let named = Fault(rawValue: name) else {
                throw UsageError("unknown fault '\(name)'; valid faults: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            fault = named
        }
        let trace = try ITFReader.read(path: path)
        let replay = try Replay(trace: trace, fault: fault)
        let (code, lines) = replay.run()
        console.print(([
            "replaying \(path): \(trace.actions.count) steps, scope \(trace.scope.name), property \(trace.property) (found by \(trace.target))"
                + (fault.map { ", fault \($0) injected" } ?? ""),
        ] + lines).joined(separator: "\n"))
        return code
    }
}

/// The Spec and the Reference in lockstep along a trace.
struct Replay {
    let trace: ITFTrace
    let spec: MyTaxiModel
    let adapter: ReferenceAdapter
    /// The trace's property: one of the Spec's or the Reference's (checked on the pair), a
    /// conformance property, or nil for a deadlock.
    let property: Property<ImplementationModel<ReferenceAdapter>>?
    let conformanceProperty: Property<ConformanceModel<ReferenceAdapter>>?

    init(trace: ITFTrace, fault: Fault?) throws(UsageError) {
        self.trace = trace
        spec = MyTaxiModel(scope: trace.scope, literal: true)
        adapter = ReferenceAdapter(model: spec, fault: fault)
        property = ImplementationModel(adapter: adapter).properties.first { $0.id == trace.property }
        conformanceProperty = ConformanceModel(adapter: adapter).properties.first { $0.id == trace.property }
        if property == nil && conformanceProperty == nil && trace.property != "deadlock" {
            throw UsageError("the trace names property '\(trace.property)', which model mytaxi does not have; see verify list")
        }
    }

    typealias Pair = Paired<World, DispatchService>

    func run() -> (Int32, [String]) {
        var world = spec.initialStates[0]
        var system = adapter.initialSystems()[0]
        if let witness = violation(before: nil, action: nil, after: Pair(key: world, system: system, outcome: .accepted)) {
            return (1, ["the violation happens again in the initial state: \(witness)"])
        }
        for (index, action) in trace.actions.enumerated() {
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
            return (1, ["the deadlock happens again after \(trace.actions.count) steps"])
        }
        return (0, ["all \(trace.actions.count) steps ran; \(trace.property) was not violated: the finding is gone"])
    }

    func violation(before: Pair?, action: TaxiAction?, after: Pair) -> String? {
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
