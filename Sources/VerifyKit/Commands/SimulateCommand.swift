import Checker
import Harness
import Reference
import Spec

/// `verify simulate`: seeded random walks far deeper than the exhaustive bound; a violation
/// is shrunk to a short trace, and the seed reproduces the run exactly.
struct SimulateCommand {
    static let specs: [OptionSpec] = CommonOptions.specs(targets: "spec, reference or conformance (default spec)") + [
        .value("seed", "N", "the random seed (default: a fresh one, printed)"),
        .value("walks", "N", "how many walks (default 1000)"),
        .value("steps", "N", "the longest walk (default 200)"),
        .value("trace-dir", "DIR", "write the shrunk counterexample to DIR as an ITF trace file"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify simulate [options]

        Takes random walks through the model (or the Reference), choosing each step
        uniformly among the enabled actions, and checks every selected property on the way.
        A violation is shrunk: steps are dropped and parameters simplified while the
        violation still happens. The seed is printed; the same seed gives the same run.

        examples:
          swift run -c release verify simulate --seed 7 --walks 2000 --steps 300 --set horizon=40
          swift run -c release verify simulate --target conformance --inject thirdRefusalKeepsDriverQueued --seed 1
        """

    static func run(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts) throws(UsageError) -> Int32 {
        let target = try parsed.choice("target", from: ["spec", "reference", "conformance"]) ?? "spec"
        let (scope, fault) = try CommonOptions.modelScopeAndFault(parsed, target: target)
        let literal = parsed.flag("literal")
        let ids = try CommonOptions.propertyIDs(parsed, scope: scope, literal: literal)
        let seed: UInt64
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed needs a whole number from 0 to \(UInt64.max), not '\(text)'") }
            seed = value
        } else {
            seed = UInt64.random(in: 0...UInt64(UInt32.max))
        }
        let walks = try parsed.integer("walks", in: 1...10_000_000) ?? 1000
        let steps = try parsed.integer("steps", in: 1...1_000_000) ?? 200
        if let directory = parsed.value("trace-dir") { try TraceFiles.prepare(directory) }
        let model = MyTaxiModel(scope: scope, literal: literal)
        let adapter = ReferenceAdapter(model: model, fault: fault)
        let run = Run(seed: seed, walks: walks, steps: steps, ids: ids, stop: interrupts.request)
        let outcome = try interrupts.armed(console: console) { () throws(UsageError) -> SimulationOutcome in
            switch target {
            case "reference": try simulate(ImplementationModel(adapter: adapter), run) { $0.key }
            case "conformance": try simulate(ConformanceModel(adapter: adapter), run) { $0.key }
            default: try simulate(model, run) { $0 }
            }
        }
        var lines = ["model mytaxi, target \(target), scope \(scope.name)\(fault.map { ", fault \($0) injected" } ?? ""), seed \(seed)"]
        lines.append("\(grouped(outcome.walks)) walks\(outcome.interrupted ? " of \(grouped(walks)) (interrupted)" : ""), \(grouped(outcome.steps)) steps, deepest \(outcome.deepest), \(grouped(outcome.deadEnds)) ended with nothing enabled")
        // As in `check`: a trace that cannot be written is reported after the run's output.
        var traceError: UsageError?
        if let finding = outcome.finding {
            lines.append("\(finding.trace.propertyID ?? "") VIOLATED in walk \(finding.walk) after \(finding.originalLength) steps; shrunk to \(finding.trace.length)")
            lines.append("")
            lines.append(contentsOf: TextReport.trace(finding.trace, scope: scope, colour: console.useColour))
            if let directory = parsed.value("trace-dir") {
                let report = CheckReport(target: target, scope: scope, literal: literal, fault: fault?.rawValue, runs: [], traceDirectory: directory)
                do { try TraceFiles.write([finding.trace], target: target, report: report, to: directory) } catch { traceError = error }
            }
        }
        lines.append("")
        lines.append("rerun with: verify simulate \(rerunArguments(parsed, seed: seed))")
        let verdict = outcome.finding != nil ? "violated" : outcome.interrupted ? "incomplete" : "no violation found"
        lines.append("result: \(verdict)")
        console.print(lines.joined(separator: "\n"))
        if let traceError { throw traceError }
        return outcome.finding != nil ? 1 : outcome.interrupted ? 3 : 0
    }

    /// The same command line with the seed spelled out.
    static func rerunArguments(_ parsed: ParsedArguments, seed: UInt64) -> String {
        var words: [String] = []
        for spec in specs where !["help", "seed", "trace-dir"].contains(spec.name) {
            if parsed.flag(spec.name) && spec.arity == .flag { words.append("--\(spec.name)") }
            if spec.arity != .flag { for value in parsed.all(spec.name) { words.append("--\(spec.name) \(value)") } }
        }
        return (words + ["--seed \(seed)"]).joined(separator: " ")
    }

    /// What to simulate, whatever the target.
    struct Run {
        let seed: UInt64, walks: Int, steps: Int
        let ids: [String]?
        let stop: StopRequest
    }

    struct SimulationOutcome {
        struct Finding { let trace: WorldTrace; let originalLength: Int; let walk: Int }
        let walks: Int, steps: Int, deadEnds: Int, deepest: Int
        let finding: Finding?
        let interrupted: Bool
    }

    static func simulate<M: Model>(_ model: M, _ run: Run,
                                   world: (M.State) -> World) throws(UsageError) -> SimulationOutcome where M.Action == TaxiAction {
        let result: Simulator<M>.Result
        do {
            result = try Simulator(model: model, seed: run.seed, walks: run.walks, maxSteps: run.steps, propertyIDs: run.ids,
                                   stopRequest: run.stop).run()
        } catch {
            throw UsageError(error.description)
        }
        let finding = result.finding.map { finding in
            SimulationOutcome.Finding(
                trace: WorldTrace(Counterexample(kind: .invariant, propertyID: finding.propertyID, witness: finding.witness, trace: finding.shrunk),
                                  statement: model.properties.first { $0.id == finding.propertyID }?.statement ?? "", world: world),
                originalLength: finding.original.length, walk: finding.walk)
        }
        return SimulationOutcome(walks: result.walks, steps: result.steps, deadEnds: result.deadEnds, deepest: result.deepest,
                                 finding: finding, interrupted: result.interrupted)
    }
}
