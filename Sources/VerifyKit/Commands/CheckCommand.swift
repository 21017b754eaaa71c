import Checker
import Harness
import Reference
import Spec

/// `verify check`: explore a model within a scope and report every property.
struct CheckCommand {
    static let specs: [OptionSpec] = CommonOptions.specs(targets: "spec, reference, conformance or all (default all)") + [
        .value("workers", "N", "worker threads (default: all cores)"),
        .value("symmetry", "on|off", "count once the states that differ only by renaming drivers, taxis or clients (default off; the spec target only: with --target all the others run without)"),
        .value("max-states", "N", "stop after N distinct states (exit 3, incomplete)"),
        .value("max-seconds", "S", "stop after S seconds (exit 3, incomplete)"),
        .value("max-memory", "MB", "stop when the search would use more than MB megabytes (default: 3/4 of the machine; exit 3)"),
        .value("format", "FORMAT", "text, json, junit, markdown or html (default text)"),
        .value("output", "FILE", "write the report to FILE instead of standard output"),
        .value("trace-dir", "DIR", "write each counterexample to DIR as an ITF trace file (verify replay reads them)"),
        .flag("stop-at-first", "stop after the level of the first violation"),
        .flag("quiet", "no progress line"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify check [options]

        Explores every reachable state of the model within the scope, checks every selected
        property in every state and on every transition, and prints the shortest
        counterexample for each property that fails.

        examples:
          swift run -c release verify check
          swift run -c release verify check --scope qa --set drivers=4 --workers 2
          swift run -c release verify check --literal --property availableDriverInQueue
          swift run -c release verify check --target conformance --inject acceptLeavesDriverQueued
        """

    struct Settings {
        var scope: Scope
        var options: ExplorationOptions
        var literal: Bool
        var target: String
        var fault: Fault?
        var format: String
        var output: String?
        var traceDirectory: String?
        var quiet: Bool
    }

    static func settings(from parsed: ParsedArguments) throws(UsageError) -> Settings {
        let target = try parsed.choice("target", from: ["spec", "reference", "conformance", "all"]) ?? "all"
        let (scope, fault) = try CommonOptions.modelScopeAndFault(parsed, target: target)
        var options = ExplorationOptions()
        options.maxDepth = scope.depth
        options.workers = try parsed.integer("workers", in: 1...256) ?? options.workers
        if let symmetry = try parsed.choice("symmetry", from: ["on", "off"]) { options.symmetry = symmetry == "on" }
        options.maxStates = try parsed.integer("max-states", in: 1...4_000_000_000)
        if let seconds = parsed.value("max-seconds") {
            guard let value = Double(seconds), value > 0, value.isFinite else {
                throw UsageError("--max-seconds needs a positive number of seconds, not '\(seconds)'")
            }
            options.maxSeconds = value
        }
        if let megabytes = try parsed.integer("max-memory", in: 1...1_000_000) { options.maxMemoryBytes = megabytes << 20 }
        options.stopAtFirstViolation = parsed.flag("stop-at-first")
        let literal = parsed.flag("literal")
        options.propertyIDs = try CommonOptions.propertyIDs(parsed, scope: scope, literal: literal)
        let format = try parsed.choice("format", from: ["text", "json", "junit", "markdown", "html"]) ?? "text"
        // Where the run will write is tried last, once every other option is accepted, so that
        // a refused command line leaves no trace directory behind.
        let output = parsed.value("output"), traceDirectory = parsed.value("trace-dir")
        if let output { try Output.probe(output) }
        if let traceDirectory { try TraceFiles.prepare(traceDirectory) }
        return Settings(scope: scope, options: options, literal: literal, target: target, fault: fault,
                        format: format, output: output, traceDirectory: traceDirectory, quiet: parsed.flag("quiet"))
    }

    static func run(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts) throws(UsageError) -> Int32 {
        var settings = try settings(from: parsed)
        settings.options.stopRequest = interrupts.request
        if let interval = progressInterval(isTerminal: console.isTerminal, quiet: settings.quiet) {
            settings.options.progressInterval = interval
            settings.options.progress = { progress in
                console.status("depth \(progress.depth): \(grouped(progress.generated)) generated, \(grouped(progress.distinct)) distinct, queue \(grouped(progress.queue)), \(grouped(Int(progress.statesPerSecond))) states/s")
            }
        }
        let model = MyTaxiModel(scope: settings.scope, literal: settings.literal)
        let adapter = ReferenceAdapter(model: model, fault: settings.fault)
        let targets = settings.target == "all" ? ["spec", "reference", "conformance"] : [settings.target]
        let runs = try interrupts.armed(console: console) { () throws(UsageError) in
            try explore(targets, of: model, adapter: adapter, settings: settings)
        }
        if !settings.quiet && console.isTerminal { console.status("") }
        let report = CheckReport(target: settings.target, scope: settings.scope, literal: settings.literal,
                                 fault: settings.fault?.rawValue, runs: runs, traceDirectory: settings.traceDirectory)
        // A trace that cannot be written now still leaves the report to be delivered; the
        // error is reported after it.
        var traceError: UsageError?
        if let directory = settings.traceDirectory {
            do { try TraceFiles.write(report, to: directory) } catch { traceError = error }
        }
        let text: String
        switch settings.format {
        case "json": text = JSONReport.render(report)
        case "junit": text = JUnitReport.render(report)
        case "markdown": text = MarkdownReport.render(report)
        case "html": text = HTMLReport.render(report)
        default: text = TextReport.render(report, colour: console.useColour && settings.output == nil)
        }
        try Output.deliver(text, to: settings.output, console: console)
        if let traceError { throw traceError }
        return report.exitCode
    }

    /// Explores each target in turn: the Spec, the Reference alone, the two in lockstep.
    static func explore(_ targets: [String], of model: MyTaxiModel, adapter: ReferenceAdapter,
                        settings: Settings) throws(UsageError) -> [TargetRun] {
        var runs: [TargetRun] = []
        for target in targets {
            var options = settings.options
            // Symmetry is the Spec's: the Reference's states are not canonicalised.
            if target != "spec" && settings.target == "all" { options.symmetry = false }
            switch target {
            case "spec":
                guard let ids = selected(options.propertyIDs, among: model.properties.map(\.id)) else { continue }
                options.propertyIDs = ids
                runs.append(try explore(model, options, target: target) { $0 })
            case "reference":
                let alone = ImplementationModel(adapter: adapter)
                guard let ids = selected(options.propertyIDs, among: alone.properties.map(\.id)) else { continue }
                options.propertyIDs = ids
                runs.append(try explore(alone, options, target: target) { $0.key })
            default:
                let conformance = ConformanceModel(adapter: adapter)
                guard let ids = selected(options.propertyIDs, among: conformance.properties.map(\.id)) else { continue }
                options.propertyIDs = ids
                runs.append(try explore(conformance, options, target: target) { $0.key })
            }
        }
        return runs
    }

    /// A live line about once a second on a terminal; in a log, a line every 10 seconds;
    /// with --quiet, none.
    static func progressInterval(isTerminal: Bool, quiet: Bool) -> Double? { quiet ? nil : isTerminal ? 1 : 10 }

    /// The ids a target checks: all when none were asked for; nil when every id asked for
    /// belongs to other targets, and this one is skipped.
    static func selected(_ ids: [String]?, among known: [String]) -> [String]?? {
        guard let ids else { return .some(nil) }
        let mine = ids.filter(known.contains)
        return mine.isEmpty ? nil : .some(mine)
    }

    static func explore<M: Model>(_ model: M, _ options: ExplorationOptions, target: String,
                                  world: (M.State) -> World) throws(UsageError) -> TargetRun where M.Action == TaxiAction {
        do {
            return TargetRun(target: target, result: try BreadthFirstExplorer(model: model, options: options).run(), world: world)
        } catch {
            throw UsageError("\(target): \(error.description)")
        }
    }
}

