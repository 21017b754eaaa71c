import Checker
import ModelKit

/// `verify bench`: the fixed benchmark of the explorer on the myTaxi model. Speed is measured
/// here, never in tests: each configuration runs several times and the median is reported.
struct BenchCommand {
    static let specs: [OptionSpec] = [
        .value("repeat", "N", "runs per configuration; the median is reported (default 3)"),
        .value("model", "NAME", "the model whose benchmark runs (see verify list --models; default: the first listed)"),
        .value("depth", "N", "explore the bench scope to depth N instead of its own"),
        .value("only", "CONFIGURATION", "run that configuration alone (\"1 worker, symmetry\"), under a profiler say"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify bench [--repeat N] [--depth N] [--only CONFIGURATION]

        Explores the fixed bench scope with 1 worker, with every core, and with symmetry, in
        rounds (each configuration once a round), and prints distinct and generated states,
        the median seconds, distinct states per second and visited-set bytes per distinct
        state. Then it measures how close the symmetry reduction is to exact: on small scopes
        it counts the symmetry classes with a canonical form that tries every permutation,
        and compares. Build with -c release.

        examples:
          swift run -c release verify bench
          swift run -c release verify bench --repeat 5
        """

    struct Measurement {
        let label: String
        let distinct: Int
        let generated: Int
        let seconds: Double
        let visitedBytes: Int
        let traceBytes: Int
        let canonicalForms: Int
        let memoBytes: Int
        /// The slowest and the fastest run's distinct states per second.
        let slowest: Double
        let fastest: Double
        var perSecond: Double { seconds > 0 ? Double(distinct) / seconds : 0 }
    }

    static func run(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        try run(CommonOptions.model(parsed, among: models), parsed, console: console, interrupts: interrupts)
    }

    static func run<P: ModelPlugin>(_ plugin: P, _ parsed: ParsedArguments, console: Console, interrupts: Interrupts) throws(UsageError) -> Int32 {
        let repeats = try parsed.integer("repeat", in: 1...100) ?? 3
        let depth = try parsed.integer("depth", in: 1...100)
        guard let (description, model, benchDepth) = plugin.benchmark(depth: depth) else {
            throw UsageError("model \(plugin.name) has no benchmark")
        }
        let cores = ExplorationOptions.availableCores
        var rows: [Measurement] = []
        var configurations: [(String, Int, Bool, P.Spec)] = [("1 worker", 1, false, model)]
        if cores > 1 { configurations.append(("\(cores) workers", cores, false, model)) }
        configurations.append(("1 worker, symmetry", 1, true, model))
        if cores > 1 { configurations.append(("\(cores) workers, symmetry", cores, true, model)) }
        // The model's other canonical forms (a declared one beside a hand-tuned one), each
        // with one worker, to compare with the row "1 worker, symmetry".
        for (label, variant) in plugin.symmetryVariants(of: model) {
            configurations.append(("1 worker, " + label, 1, true, variant))
        }
        if !model.supportsSymmetry { configurations.removeAll { $0.2 } }
        if let only = parsed.value("only") {
            let labels = configurations.map(\.0)
            configurations.removeAll { $0.0 != only }
            if configurations.isEmpty {
                throw UsageError(
                    "no bench configuration is named '\(only)'; the configurations: \(labels.joined(separator: "; "))")
            }
        }
        let settings = configurations.map { _, workers, symmetry, _ in
            var options = ExplorationOptions()
            options.workers = workers
            options.symmetry = symmetry
            options.maxDepth = benchDepth
            options.stopRequest = interrupts.request
            return options
        }
        // In rounds, each configuration once a round, the order turned by one each round
        // (`roundOrder`): on a shared machine, load comes and goes in bursts of a second or
        // more, and a configuration's runs taken back to back (a third of a second with
        // symmetry and two workers) could all fall in one. Spread over the rounds, a burst
        // costs each configuration a run or two, which the median drops, and no
        // configuration always follows the same one. Google Benchmark's random interleaving
        // rests on the same observation.
        let adapter = plugin.adapter(for: model, fault: nil)
        var runs = Array(repeating: [TargetResult<P.Spec>](), count: configurations.count)
        try interrupts.armed(console: console) { () throws(UsageError) in
            for round in 0..<repeats where !interrupts.request.isRaised {
                for index in roundOrder(round, of: configurations.count) where !interrupts.request.isRaised {
                    do throws(ExplorationError) {
                        let spec = configurations[index].3
                        let options = settings[index]
                        runs[index].append(try plugin.explore(.spec, spec: spec, adapter: adapter, options: options))
                    } catch {
                        throw UsageError(error.description)
                    }
                }
            }
        }
        // A run that was cut short measures nothing: no figures rather than wrong ones.
        if interrupts.request.isRaised {
            console.print("model \(plugin.name), \(description): interrupted after \(runs.map(\.count).reduce(0, +)) runs; no figures")
            console.print("result: incomplete")
            return 3
        }
        for (index, configuration) in configurations.enumerated() { rows.append(median(configuration.0, of: runs[index])) }
        var lines = ["model \(plugin.name), \(description), \(cores) cores, median of \(repeats) run\(repeats == 1 ? "" : "s")", ""]
        lines.append("configuration".rightPadded(to: 35) + "distinct".leftPadded(to: 11, with: " ")
                     + "generated".leftPadded(to: 12, with: " ")
                     + "seconds".leftPadded(to: 9, with: " ") + "distinct/s".leftPadded(to: 12, with: " ") + "visited B/state".leftPadded(to: 17, with: " ")
                     + "log B/state".leftPadded(to: 13, with: " "))
        for row in rows {
            lines.append(row.label.rightPadded(to: 35) + grouped(row.distinct).leftPadded(to: 11, with: " ")
                         + grouped(row.generated).leftPadded(to: 12, with: " ")
                         + String(format2: row.seconds).leftPadded(to: 9, with: " ") + grouped(Int(row.perSecond)).leftPadded(to: 12, with: " ")
                         + String(format2: Double(row.visitedBytes) / Double(max(1, row.distinct))).leftPadded(to: 17, with: " ")
                         + String(format2: Double(row.traceBytes) / Double(max(1, row.distinct))).leftPadded(to: 13, with: " "))
        }
        lines.append("")
        if repeats > 1 {
            // The median says how fast; the spread says how much the machine moved under it.
            lines.append("slowest and fastest of the \(repeats) runs (distinct/s):")
            for row in rows {
                let slowest = grouped(Int(row.slowest)), fastest = grouped(Int(row.fastest))
                lines.append("  " + row.label.rightPadded(to: 33) + slowest.leftPadded(to: 11, with: " ")
                             + fastest.leftPadded(to: 12, with: " "))
            }
            lines.append("")
        }
        // One configuration alone compares with nothing.
        if parsed.value("only") != nil {
            console.print(lines.joined(separator: "\n"))
            return 0
        }
        if rows.count >= 2, cores > 1 {
            lines.append("speed-up with \(cores) workers: \(String(format2: rows[1].perSecond / max(1, rows[0].perSecond)))×")
        }
        if model.supportsSymmetry {
            let plain = rows[0], reduced = rows[cores > 1 ? 2 : 1]
            lines.append("symmetry keeps \(String(format2: 100 * Double(reduced.distinct) / Double(max(1, plain.distinct))))% of the states")
            for row in rows.dropFirst(cores > 1 ? 2 : 1) {
                lines.append("\(row.label): canonical forms computed for \(String(format2: 100 * Double(row.canonicalForms) / Double(max(1, row.generated))))% of the generated states, the others found in the canonical memo (\(row.memoBytes >> 20) MiB)")
            }
            lines.append("")
            lines.append("exactness of the symmetry reduction (canonical form vs every permutation):")
            let exactness: [SymmetryExactness]
            do { exactness = try plugin.symmetryExactness(depth: depth) } catch { throw UsageError("\(error)") }
            for line in exactness {
                let off = 100 * Double(line.kept - line.classes) / Double(max(1, line.classes))
                lines.append("  \(line.label): \(grouped(line.kept)) states; \(grouped(line.classes)) symmetry classes; \(String(format2: off))% above exact")
            }
        }
        console.print(lines.joined(separator: "\n"))
        return 0
    }

    /// The order of the configurations in round `round` (from 0) of `count`: each once,
    /// starting with configuration `round mod count`.
    static func roundOrder(_ round: Int, of count: Int) -> [Int] {
        precondition(round >= 0 && count >= 1, "a round of at least one configuration")
        return (0..<count).map { (round + $0) % count }
    }

    /// The run of median time among `runs` (the upper median of an even number).
    static func median<Spec: Model>(_ label: String, of runs: [TargetResult<Spec>]) -> Measurement {
        precondition(!runs.isEmpty, "a configuration measured at least once")
        let sorted = runs.sorted { $0.seconds < $1.seconds }
        let median = sorted[runs.count / 2]
        return Measurement(label: label, distinct: median.distinct, generated: median.generated, seconds: median.seconds,
                           visitedBytes: median.visitedSetBytes, traceBytes: median.traceLogBytes, canonicalForms: median.canonicalForms,
                           memoBytes: median.canonicalMemoBytes, slowest: sorted.last!.statesPerSecond, fastest: sorted[0].statesPerSecond)
    }
}
