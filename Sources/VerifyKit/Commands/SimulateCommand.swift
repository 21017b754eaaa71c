import Checker
import ModelKit

/// `verify simulate`: seeded random walks far deeper than the exhaustive bound; a violation
/// is shrunk to a short trace, and the seed reproduces the run exactly.
struct SimulateCommand {
    static let specs: [OptionSpec] = CommonOptions.specs(targets: "spec, reference or conformance (default spec)") + [
        .value("seed", "N", "the random seed (default: a fresh one, printed)"),
        .value("walks", "N", "how many walks (default 1000)"),
        .value("steps", "N", "the longest walk (default 200)"),
        .value("trace-dir", "DIR", "write the shrunk counterexample to DIR as an ITF trace file"),
        .value("implementation", "CMD",
               "walk a service process (docs/PROTOCOL.md) in the conformance target instead of the linked Reference"),
        .value("step-limit", "S", ServiceOptions.stepLimitHelp),
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

    static func run(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        try run(CommonOptions.model(parsed, among: models), parsed, console: console, interrupts: interrupts)
    }

    static func run<P: ModelPlugin>(_ plugin: P, _ parsed: ParsedArguments, console: Console, interrupts: Interrupts) throws(UsageError) -> Int32 {
        // A service is walked in the conformance target, the default with --implementation.
        let target = try parsed.choice("target", from: ["spec", "reference", "conformance"])
            ?? (parsed.value("implementation") == nil ? "spec" : "conformance")
        let fault = try CommonOptions.fault(parsed, of: plugin, target: target)
        let scope = try CommonOptions.scopes(parsed, of: plugin, suite: false)[0].bounds
        let literal = parsed.flag("literal")
        let ids = try CommonOptions.propertyIDs(parsed, of: plugin, bounds: scope, literal: literal, target: target)
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
        let model = plugin.spec(for: scope, literal: literal)
        let adapter = plugin.adapter(for: model, fault: fault)
        let run = Run(seed: seed, walks: walks, steps: steps, ids: ids, stop: interrupts.request)
        let service = try CheckCommand.service(parsed, of: plugin, target: target, fault: fault)
        let broken = Locked<UsageError?>(nil)
        let outcome = try interrupts.armed(console: console) { () throws(UsageError) -> SimulationOutcome in
            guard let service else {
                return try simulate(CheckTarget(rawValue: target)!, model: model, adapter: adapter, run, plugin: plugin,
                                    bounds: scope)
            }
            // The service's log goes into the trace folder when there is one.
            let place = ServiceRun.ServicePlace(
                stepLimit: service.stepLimit, besides: parsed.value("trace-dir").map { $0 + "/log" },
                stop: interrupts.request, broken: broken)
            return try ServiceRun.withPool(service.command, of: plugin, bounds: scope, place: place, workers: 1) {
                pool throws(UsageError) -> SimulationOutcome in
                try simulate(model: model, adapter: adapter, run, plugin: plugin, bounds: scope, pool: pool)
            }
        }
        if let broken = broken.withLock({ $0 }) { throw broken }
        var lines = ["model \(plugin.name), target \(target), scope \(plugin.name(of: scope))\(fault.map { ", fault \($0) injected" } ?? ""), seed \(seed)"]
        lines.append("\(grouped(outcome.walks)) walks\(outcome.interrupted ? " of \(grouped(walks)) (interrupted)" : ""), \(grouped(outcome.steps)) steps, deepest \(outcome.deepest), \(grouped(outcome.deadEnds)) ended with nothing enabled")
        // As in `check`: a trace that cannot be written is reported after the run's output.
        var traceError: UsageError?
        if let finding = outcome.finding {
            lines.append("\(finding.trace.propertyID ?? "") VIOLATED in walk \(finding.walk) after \(finding.originalLength) steps; shrunk to \(finding.trace.length)")
            lines.append("")
            lines.append(contentsOf: TextReport.trace(finding.trace, colour: console.useColour))
            if let directory = parsed.value("trace-dir") {
                let section = CheckReport.Section(scopeName: plugin.name(of: scope), scopeJSON: plugin.reportJSON(of: scope),
                                                  traceScope: plugin.traceJSON(of: scope), runs: [])
                let report = CheckReport(modelName: plugin.name, target: target, literal: literal, fault: fault, sections: [section],
                                         traceDirectory: directory)
                do {
                    try TraceFiles.write([finding.trace], target: target, section: section, report: report,
                                         variables: plugin.traceVariables, to: directory)
                } catch { traceError = error }
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
            if spec.arity != .flag {
                for value in parsed.all(spec.name) { words.append("--\(spec.name) \(quoted(value))") }
            }
        }
        return (words + ["--seed \(seed)"]).joined(separator: " ")
    }

    /// A value as a shell reads it back: in single quotes when it holds more than plain characters.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,".contains($0) }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// What to simulate, whatever the target.
    struct Run {
        let seed: UInt64, walks: Int, steps: Int
        let ids: [String]?
        let stop: StopRequest
    }

    struct SimulationOutcome {
        struct Finding { let trace: PresentedTrace; let originalLength: Int; let walk: Int }
        let walks: Int, steps: Int, deadEnds: Int, deepest: Int
        let finding: Finding?
        let interrupted: Bool
    }

    static func simulate<P: ModelPlugin>(_ target: CheckTarget, model: P.Spec, adapter: P.Adapter, _ run: Run, plugin: P,
                                         bounds: P.Bounds) throws(UsageError) -> SimulationOutcome {
        let result: SimulationResult<P.Spec>
        do {
            result = try plugin.simulate(target, spec: model, adapter: adapter, seed: run.seed, walks: run.walks, steps: run.steps,
                                         propertyIDs: run.ids, stopRequest: run.stop)
        } catch {
            throw UsageError(error.description)
        }
        return outcome(of: result, plugin: plugin, bounds: bounds)
    }

    /// The walks of the conformance target through a service process of `pool`.
    static func simulate<P: ModelPlugin>(model: P.Spec, adapter: P.Adapter, _ run: Run, plugin: P, bounds: P.Bounds,
                                         pool: ServicePool) throws(UsageError) -> SimulationOutcome {
        let result: SimulationResult<P.Spec>
        do {
            result = try plugin.simulateService(spec: model, adapter: adapter, bounds: bounds, pool: pool,
                                                seed: run.seed,
                                                walks: run.walks, steps: run.steps, stopRequest: run.stop)
        } catch {
            throw UsageError(error.description)
        }
        return outcome(of: result, plugin: plugin, bounds: bounds)
    }

    static func outcome<P: ModelPlugin>(of result: SimulationResult<P.Spec>, plugin: P, bounds: P.Bounds)
        -> SimulationOutcome
    {
        let finding = result.finding.map { finding in
            SimulationOutcome.Finding(trace: PresentedTrace(finding.shrunk, statement: finding.statement, plugin: plugin, bounds: bounds),
                                      originalLength: finding.originalLength, walk: finding.walk)
        }
        return SimulationOutcome(walks: result.walks, steps: result.steps, deadEnds: result.deadEnds, deepest: result.deepest,
                                 finding: finding, interrupted: result.interrupted)
    }
}
