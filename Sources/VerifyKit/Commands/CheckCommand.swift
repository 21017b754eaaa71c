import Checker
import Foundation
import ModelKit

/// `verify check`: explore a model within a scope and report every property.
struct CheckCommand {
    static let specs: [OptionSpec] = CommonOptions.specs(targets: "spec, reference, conformance or all (default all)") + [
        .value("workers", "N", "worker threads (default: all cores)"),
        .value("symmetry", "on|off", "count once the states that differ only by renaming interchangeable entities (default off; the spec target only: with --target all the others run without)"),
        .value("max-states", "N", "stop after N distinct states in the whole run, every target and scope (exit 3, incomplete)"),
        .value("max-seconds", "S", "stop after S seconds in the whole run (exit 3, incomplete)"),
        .value("max-memory", "MB", "stop when the search would use more than MB megabytes (default: 3/4 "
               + "of the machine; exit 3); levels that would outgrow it move to files first (--levels-dir)"),
        .value("levels-dir", "DIR", "keep the states of the level being explored and of the next in files in DIR, "
               + "not in memory: for runs larger than memory (models whose states are plain data, as the Specs' are; "
               + "the others keep theirs in memory). Without it, levels that would outgrow the memory budget "
               + "move to files in $TMPDIR, or /var/tmp, and the report says so"),
        .value("format", "FORMAT", "text, json, junit, markdown or html (default text)"),
        .value("output", "FILE", "write the report to FILE instead of standard output"),
        .repeated("report", "FORMAT:FILE", "also write the report in FORMAT to FILE, from the same run (repeatable), e.g. --report junit:verify.xml"),
        .value("trace-dir", "DIR", "write each counterexample to DIR as an ITF trace file (verify replay reads them)"),
        .value("implementation", "CMD", "drive this service process (docs/PROTOCOL.md) in the conformance target "
               + "instead of the linked Reference: a command line, run without a shell, one process per worker"),
        .value("step-limit", "S", ServiceOptions.stepLimitHelp),
        .flag("stop-at-first", "stop after the level of the first violation"),
    ] + ShardOptions.specs + [
        .flag("quiet", "no progress line"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify check [options]

        Explores every reachable state of the model within the scope, checks every selected
        property in every state and on every transition, and prints the shortest
        counterexample for each property that fails. With no --scope, the model's default
        suite of scopes is checked; --model all checks every model's default suite.

        examples:
          swift run -c release verify check
          swift run -c release verify check --model all
          swift run -c release verify check --scope qa --set drivers=3 --set taxis=3 --workers 2
          swift run -c release verify check --literal --property availableDriverInQueue
          swift run -c release verify check --target conformance --inject acceptLeavesDriverQueued
          .build/release/verify check --model cabbooking --implementation "python3 -m mybooking.ridecheck"
        """

    struct Settings<P: ModelPlugin> {
        var scopes: [(bounds: P.Bounds, walks: WalkPlan?)]
        var options: ExplorationOptions
        var literal: Bool
        var target: String
        var fault: String?
        var format: String
        var output: String?
        /// The reports written besides the main one, each a format and a file.
        var reports: [(format: String, file: String)]
        var traceDirectory: String?
        /// The trace files the trace directory held before the run.
        var tracesBefore: Set<String> = []
        var quiet: Bool
        /// The service driven in the conformance target, and how long it may take per request.
        var implementation: [String]? = nil
        var stepLimit: Double = 10
        /// Whether this process writes the report: always, but in a check split across
        /// processes (`--shard`), where part 0 alone does.
        var reportsHere = true
        /// The first break of the protocol by a service: reported once the report is delivered.
        let serviceBreak = Locked<UsageError?>(nil)
        /// Where a service's transcripts were written, said after the report.
        let serviceNotes = Locked<[String]>([])
    }

    static func settings<P: ModelPlugin>(_ plugin: P, from parsed: ParsedArguments) throws(UsageError) -> Settings<P> {
        let target = try parsed.choice("target", from: ["spec", "reference", "conformance", "all"]) ?? "all"
        let fault = try CommonOptions.fault(parsed, of: plugin, target: target)
        let scopes = try CommonOptions.scopes(parsed, of: plugin, suite: true)
        var options = ExplorationOptions()
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
        if let directory = parsed.value("levels-dir") {
            guard Output.kind(of: directory) == .folder else { throw UsageError("--levels-dir '\(directory)' is not a folder") }
            guard access(directory, W_OK | X_OK) == 0 else {
                throw UsageError("--levels-dir '\(directory)': \(String(cString: strerror(errno)))")
            }
            options.levelDirectory = directory
        } else {
            options.spillDirectory = LevelsDefault.directory()
        }
        options.stopAtFirstViolation = parsed.flag("stop-at-first")
        options.shard = try ShardOptions.plan(parsed)
        let literal = parsed.flag("literal")
        options.propertyIDs = try CommonOptions.propertyIDs(parsed, of: plugin, bounds: scopes[0].bounds, literal: literal, target: target)
        let implementation = try service(parsed, of: plugin, target: target, fault: fault)
        let format = try parsed.choice("format", from: formats) ?? "text"
        // Where the run will write is tried last, once every other option is accepted, so that
        // a refused command line leaves no trace directory behind.
        // In a split check, part 0 alone writes: the other parts leave its files alone.
        let reportsHere = options.shard.map { $0.index == 0 } ?? true
        let output = reportsHere ? parsed.value("output") : nil
        let traceDirectory = reportsHere ? parsed.value("trace-dir") : nil
        var reports: [(format: String, file: String)] = []
        for text in parsed.all("report") where reportsHere {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else { throw UsageError("--report needs FORMAT:FILE, not '\(text)'") }
            guard formats.contains(parts[0]) else {
                throw UsageError("--report format '\(parts[0])' is not one of: \(formats.joined(separator: ", "))\(Suggestion.phrase(for: parts[0], among: formats))")
            }
            guard !reports.contains(where: { $0.file == parts[1] }) && parts[1] != output else { throw UsageError("--report names '\(parts[1])' twice") }
            reports.append((parts[0], parts[1]))
        }
        if let output { try Output.probe(output) }
        for report in reports { try Output.probe(report.file) }
        if let traceDirectory { try TraceFiles.prepare(traceDirectory) }
        var settings = Settings<P>(scopes: scopes, options: options, literal: literal, target: target, fault: fault,
                        format: format, output: output, reports: reports, traceDirectory: traceDirectory, quiet: parsed.flag("quiet"))
        if let traceDirectory { settings.tracesBefore = TraceFiles.existing(in: traceDirectory) }
        settings.implementation = implementation?.command
        settings.reportsHere = reportsHere
        settings.stepLimit = implementation?.stepLimit ?? settings.stepLimit
        return settings
    }

    /// `--implementation CMD` and `--step-limit S`: a service to drive in the conformance target.
    static func service<P: ModelPlugin>(_ parsed: ParsedArguments, of plugin: P, target: String, fault: String?)
        throws(UsageError) -> (command: [String], stepLimit: Double)?
    {
        guard let line = parsed.value("implementation") else {
            if parsed.value("step-limit") != nil { throw UsageError("--step-limit applies to --implementation") }
            return nil
        }
        let command = try CommandWords.split(line)
        guard plugin.speaksJSON else {
            throw UsageError("model \(plugin.name) does not declare its state and actions "
                             + "(DeclaredState, DeclaredAction), so no service can speak it")
        }
        guard target == "conformance" || target == "all" else {
            throw UsageError("--implementation drives the conformance target; --target \(target) would not run it")
        }
        guard fault == nil else {
            throw UsageError("--inject plants a bug in the linked Reference; a service plants its own "
                             + "(verify serve --inject FAULT)")
        }
        return (command, try stepLimit(parsed))
    }

    /// `--step-limit S`: seconds a service may take per request (default 10).
    static func stepLimit(_ parsed: ParsedArguments) throws(UsageError) -> Double {
        guard let text = parsed.value("step-limit") else { return 10 }
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw UsageError("--step-limit needs seconds between 0 and 3600, not '\(text)'")
        }
        return seconds
    }

    static func run(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        guard parsed.value("model") == "all" else {
            return try run(CommonOptions.model(parsed, among: models), parsed, console: console, interrupts: interrupts)
        }
        return try runAll(parsed, console: console, interrupts: interrupts, models: models)
    }

    /// `--model all`: each model's default suite in turn, the reports one after the other. The
    /// options that name a model's own scopes, faults or properties, and the outputs that hold
    /// one model's report, are refused.
    static func runAll(_ parsed: ParsedArguments, console: Console, interrupts: Interrupts, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        for option in ["scope", "set", "inject", "property", "trace-dir", "output", "report"] where !parsed.all(option).isEmpty {
            throw UsageError("--model all checks each model's default suite; --\(option) names one model's own, so give --model NAME with it")
        }
        if let format = parsed.value("format"), !["text", "markdown"].contains(format) {
            throw UsageError("--model all writes text or markdown, one report after another; for \(format), check one model at a time")
        }
        var codes: [Int32] = []
        for plugin in models {
            codes.append(try run(plugin, parsed, console: console, interrupts: interrupts))
            if interrupts.request.isRaised { break }
        }
        if codes.contains(1) { return 1 }
        return codes.contains(3) ? 3 : 0
    }

    static func run<P: ModelPlugin>(_ plugin: P, _ parsed: ParsedArguments, console: Console, interrupts: Interrupts) throws(UsageError) -> Int32 {
        var settings = try settings(plugin, from: parsed)
        settings.options.stopRequest = interrupts.request
        if let interval = progressInterval(isTerminal: console.isTerminal, quiet: settings.quiet) {
            settings.options.progressInterval = interval
            settings.options.progress = { progress in
                console.status("depth \(progress.depth): \(grouped(progress.generated)) generated, \(grouped(progress.distinct)) distinct, queue \(grouped(progress.queue)), \(grouped(Int(progress.statesPerSecond))) states/s")
            }
        }
        var targets = settings.target == "all" ? ["spec", "reference", "conformance"] : [settings.target]
        // Over a process, the service is explored in lockstep with the Spec alone.
        if settings.implementation != nil { targets.removeAll { $0 == "reference" } }
        let sections = try interrupts.armed(console: console) { () throws(UsageError) -> [CheckReport.Section] in
            var sections: [CheckReport.Section] = []
            var budget = RunBudget(seconds: settings.options.maxSeconds, states: settings.options.maxStates)
            for (bounds, walks) in settings.scopes {
                let runs = try check(targets, of: plugin, bounds: bounds, walks: walks, settings: settings, budget: &budget)
                sections.append(CheckReport.Section(
                    scopeName: plugin.name(of: bounds) + (walks == nil ? "" : " walks"), scopeJSON: plugin.reportJSON(of: bounds),
                    traceScope: plugin.traceJSON(of: bounds), runs: runs))
            }
            return sections
        }
        if !settings.quiet && console.isTerminal { console.status("") }
        let report = CheckReport(modelName: plugin.name, target: settings.target, literal: settings.literal,
                                 fault: settings.fault, sections: sections, traceDirectory: settings.traceDirectory,
                                 styles: plugin.css)
        if let plan = settings.options.shard {
            console.error(ShardOptions.closingLine(plan))
            // Its searches' results are part 0's too; so is the report. Exit 3 says the run stopped.
            if plan.index != 0 { return report.exitCode == 3 ? 3 : 0 }
        }
        // A trace that cannot be written now still leaves the report to be delivered; the
        // error is reported after it.
        var traceError: UsageError?
        if let directory = settings.traceDirectory {
            do { try TraceFiles.write(report, variables: plugin.traceVariables, to: directory) } catch { traceError = error }
            if let note = TraceFiles.staleNote(directory, before: settings.tracesBefore, report: report) { console.error(note) }
        }
        // Every report of the run is delivered before any error is reported: the run is not lost.
        var reportError: UsageError?
        for extra in settings.reports {
            do { try Output.write(render(report, as: extra.format, colour: false), to: extra.file, console: console) } catch {
                reportError = reportError ?? error
            }
        }
        try Output.deliver(render(report, as: settings.format, colour: console.useColour && settings.output == nil), to: settings.output, console: console)
        for note in settings.serviceNotes.withLock({ $0 }) { console.error(note) }
        if let traceError { throw traceError }
        if let reportError { throw reportError }
        if let broken = settings.serviceBreak.withLock({ $0 }) { throw broken }
        return report.exitCode
    }

    static let formats = ["text", "json", "junit", "markdown", "html"]

    static func render(_ report: CheckReport, as format: String, colour: Bool) -> String {
        switch format {
        case "json": JSONReport.render(report)
        case "junit": JUnitReport.render(report)
        case "markdown": MarkdownReport.render(report)
        case "html": HTMLReport.render(report)
        default: TextReport.render(report, colour: colour)
        }
    }

    /// Checks one suite entry, each target in turn (the Spec, the Reference alone, the two in
    /// lockstep): an exhaustive search of the scope, or seeded walks on it (`walks`), a sample
    /// of its behaviours deeper than a search reaches, the same on every machine.
    static func check<P: ModelPlugin>(_ targets: [String], of plugin: P, bounds: P.Bounds, walks: WalkPlan?,
                                      settings: Settings<P>, budget: inout RunBudget) throws(UsageError) -> [TargetRun] {
        let model = plugin.spec(for: bounds, literal: settings.literal)
        let adapter = plugin.adapter(for: model, fault: settings.fault)
        var runs: [TargetRun] = []
        var sharedSearch = false
        for name in targets {
            let target = CheckTarget(rawValue: name)!
            // Ctrl-C, SIGTERM or a spent budget: the targets after it do not start.
            if let reason = budget.spent(settings.options.stopRequest) {
                runs.append(TargetRun(notRun: name, model: model.name, reason: reason))
                continue
            }
            if target == .conformance && sharedSearch { continue }
            if target == .conformance, let command = settings.implementation {
                runs.append(try ServiceRun.check(command, of: plugin, spec: model, adapter: adapter, bounds: bounds,
                                                 walks: walks, settings: settings, budget: &budget))
                continue
            }
            if target == .reference, walks == nil, targets.contains(CheckTarget.conformance.rawValue),
               settings.implementation == nil,
               let pair = try lockstep(of: plugin, model: model, adapter: adapter, bounds: bounds, settings: settings,
                                       budget: &budget) {
                runs += pair
                sharedSearch = true
                continue
            }
            var options = budget.share(of: settings.options)
            options.maxDepth = plugin.depth(of: bounds)
            // Symmetry is the Spec's: the Reference's states are not canonicalised.
            if target != .spec && settings.target == "all" { options.symmetry = false }
            let asked = options.propertyIDs
            let ids = selected(asked, among: plugin.propertyIDs(of: target, spec: model, adapter: adapter))
            let livenessIDs = plugin.livenessIDs(of: target, spec: model, asked: asked)
            let liveness: [String]? = livenessIDs.isEmpty ? nil : livenessIDs
            guard ids != nil || liveness != nil else { continue }
            // Only liveness properties asked for: a search gives way to their graph (below); walks,
            // which cannot judge them, still count what they visit and check no other property.
            options.propertyIDs = ids ?? []
            // Liveness properties alone: their graph is the search, with no other to run first.
            // In a split check, part 0 checks liveness on its own graph; the other parts skip it.
            if walks == nil, ids == nil, liveness != nil, !settings.reportsHere { continue }
            if walks == nil, ids == nil, let liveness,
               let (outcomes, figures) = plugin.checkLiveness(
                   target, spec: model, adapter: adapter, depth: plugin.depth(of: bounds), ids: liveness,
                   maxBytes: settings.options.memoryBudget)
            {
                budget.spend(states: figures.states, stopped: figures.stopReason)
                let result = TargetResult<P.Spec>(model: model.name, liveness: outcomes, figures: figures)
                runs.append(TargetRun(target: name, result: result, plugin: plugin, bounds: bounds))
                continue
            }
            do {
                if let walks {
                    let start = ContinuousClock.now
                    let result = try plugin.simulate(target, spec: model, adapter: adapter, seed: walks.seed, walks: walks.walks,
                                                     steps: walks.steps, propertyIDs: options.propertyIDs,
                                                     stopRequest: options.stopRequest)
                    let elapsed = (ContinuousClock.now - start).components
                    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                    budget.spend(states: 0, stopped: result.interrupted ? .interrupted : .exhausted)
                    runs.append(TargetRun(target: name, walks: result, plan: walks, seconds: seconds, model: model.name, plugin: plugin, bounds: bounds))
                } else {
                    var result = try plugin.explore(target, spec: model, adapter: adapter, options: options)
                    budget.spend(states: result.distinct, stopped: result.stopReason)
                    if let liveness, settings.reportsHere {
                        result = checkLiveness(target, of: plugin, model: model, adapter: adapter, bounds: bounds,
                                               ids: liveness, maxBytes: settings.options.memoryBudget, after: result)
                    }
                    runs.append(TargetRun(target: name, result: result, plugin: plugin, bounds: bounds))
                }
            } catch {
                throw UsageError("\(name): \(error.description)")
            }
        }
        return runs
    }

    /// The reference and conformance targets in one search (`LockstepModel`: each candidate
    /// action driven on the Reference once, not once per target), when it can stand for
    /// both: no fault planted and no state or time budget (either would have the two targets
    /// report other states than they would apart), and properties of both selected. Nil when
    /// it does not apply or found something: the targets then run apart, as before, for
    /// their own counterexamples.
    static func lockstep<P: ModelPlugin>(of plugin: P, model: P.Spec, adapter: P.Adapter, bounds: P.Bounds, settings: Settings<P>,
                                         budget: inout RunBudget) throws(UsageError) -> [TargetRun]? {
        let asked = settings.options.propertyIDs
        // Each nil when the ids asked for name none of that target's properties.
        guard settings.fault == nil, budget.seconds == nil, budget.states == nil,
              let reference = selected(asked, among: plugin.propertyIDs(of: .reference, spec: model, adapter: adapter)),
              let conformance = selected(asked, among: plugin.propertyIDs(of: .conformance, spec: model, adapter: adapter))
        else { return nil }
        var options = settings.options
        options.maxDepth = plugin.depth(of: bounds)
        options.symmetry = false
        options.propertyIDs = asked.map { _ in (reference ?? []) + (conformance ?? []) }
        let pair: (reference: TargetResult<P.Spec>, conformance: TargetResult<P.Spec>)?
        do {
            pair = try plugin.exploreInLockstep(spec: model, adapter: adapter, options: options)
        } catch {
            throw UsageError("reference and conformance: \(error.description)")
        }
        guard let pair else { return nil }
        budget.spend(states: pair.reference.distinct, stopped: pair.reference.stopReason)
        var referenceResult = pair.reference
        let liveness = plugin.livenessIDs(of: .reference, spec: model, asked: asked)
        if !liveness.isEmpty && settings.reportsHere {
            referenceResult = checkLiveness(.reference, of: plugin, model: model, adapter: adapter, bounds: bounds,
                                            ids: liveness, maxBytes: settings.options.memoryBudget,
                                            after: referenceResult)
        }
        return [TargetRun(target: CheckTarget.reference.rawValue, result: referenceResult, plugin: plugin,
                          bounds: bounds),
                TargetRun(target: CheckTarget.conformance.rawValue, result: pair.conformance, plugin: plugin, bounds: bounds)]
    }

    /// `result` with the target's liveness properties checked on its graph (`ids`: those
    /// asked for, nil for all), when its search covered the scope. A search a budget or Ctrl-C
    /// stopped leaves them out: the report says the run is incomplete, and nothing of them holds.
    /// A graph that would pass `maxBytes` stops there: its properties are inconclusive (exit 3)
    /// but for a lasso it already holds, and the search's results stand.
    static func checkLiveness<P: ModelPlugin>(_ target: CheckTarget, of plugin: P, model: P.Spec, adapter: P.Adapter,
                                              bounds: P.Bounds, ids: [String]?, maxBytes: Int?,
                                              after result: TargetResult<P.Spec>)
        -> TargetResult<P.Spec>
    {
        guard result.isComplete,
              let (outcomes, figures) = plugin.checkLiveness(target, spec: model, adapter: adapter,
                                                            depth: plugin.depth(of: bounds), ids: ids,
                                                            maxBytes: maxBytes)
        else { return result }
        return result.adding(liveness: outcomes, figures: figures)
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
}

/// `--max-seconds` and `--max-states` cover the whole run: every target of every suite entry
/// draws on one budget, and once it is spent (or Ctrl-C or SIGTERM came) the targets left do
/// not start. A walk run is bounded by its plan; it does not start once the budget is spent.
struct RunBudget {
    let seconds: Double?
    let states: Int?
    private let start = ContinuousClock.now
    private var statesSpent = 0
    /// Why the last search stopped, when a budget stopped it.
    private var stoppedBy: StopReason?

    init(seconds: Double?, states: Int?) {
        self.seconds = seconds
        self.states = states
    }

    var elapsed: Double {
        let components = (ContinuousClock.now - start).components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// What stops the next target before it starts, if anything.
    func spent(_ stop: StopRequest?) -> StopReason? {
        if stop?.isRaised == true { return .interrupted }
        if let stoppedBy { return stoppedBy }
        if let seconds, elapsed >= seconds { return .timeBudget }
        if let states, statesSpent >= states { return .stateBudget }
        return nil
    }

    /// `options` with the budgets that are left.
    func share(of options: ExplorationOptions) -> ExplorationOptions {
        var options = options
        if let seconds { options.maxSeconds = max(0.001, seconds - elapsed) }
        if let states { options.maxStates = max(1, states - statesSpent) }
        return options
    }

    mutating func spend(states distinct: Int, stopped: StopReason) {
        statesSpent += distinct
        if [.timeBudget, .stateBudget, .memoryBudget, .interrupted, .levelFiles].contains(stopped) { stoppedBy = stopped }
    }
}
