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

    static func run(_ parsed: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
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
        let outcome: SimulationOutcome
        switch target {
        case "reference":
            outcome = try simulate(ImplementationModel(adapter: adapter), seed: seed, walks: walks, steps: steps, ids: ids) { $0.key }
        case "conformance":
            outcome = try simulate(ConformanceModel(adapter: adapter), seed: seed, walks: walks, steps: steps, ids: ids) { $0.key }
        default:
            outcome = try simulate(model, seed: seed, walks: walks, steps: steps, ids: ids) { $0 }
        }
        var lines = ["model mytaxi, target \(target), scope \(scope.name)\(fault.map { ", fault \($0) injected" } ?? ""), seed \(seed)"]
        lines.append("\(grouped(outcome.walks)) walks, \(grouped(outcome.steps)) steps, deepest \(outcome.deepest), \(grouped(outcome.deadEnds)) ended with nothing enabled")
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
        lines.append("result: \(outcome.finding == nil ? "no violation found" : "violated")")
        console.print(lines.joined(separator: "\n"))
        if let traceError { throw traceError }
        return outcome.finding == nil ? 0 : 1
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

    struct SimulationOutcome {
        struct Finding { let trace: WorldTrace; let originalLength: Int; let walk: Int }
        let walks: Int, steps: Int, deadEnds: Int, deepest: Int
        let finding: Finding?
    }

    static func simulate<M: Model>(_ model: M, seed: UInt64, walks: Int, steps: Int, ids: [String]?,
                                   world: (M.State) -> World) throws(UsageError) -> SimulationOutcome where M.Action == TaxiAction {
        let result: Simulator<M>.Result
        do {
            result = try Simulator(model: model, seed: seed, walks: walks, maxSteps: steps, propertyIDs: ids).run()
        } catch {
            throw UsageError(error.description)
        }
        let finding = result.finding.map { finding in
            SimulationOutcome.Finding(
                trace: WorldTrace(Counterexample(kind: .invariant, propertyID: finding.propertyID, witness: finding.witness, trace: finding.shrunk),
                                  statement: model.properties.first { $0.id == finding.propertyID }?.statement ?? "", world: world),
                originalLength: finding.original.length, walk: finding.walk)
        }
        return SimulationOutcome(walks: result.walks, steps: result.steps, deadEnds: result.deadEnds, deepest: result.deepest, finding: finding)
    }
}
