import Checker
import Foundation
import ModelKit

/// The conformance target of `verify check --implementation`: a pool of service processes,
/// one per worker, each with a working directory of its own (removed after) and its log kept
/// beside the report, driven along the Spec's search.
enum ServiceRun {
    static func check<P: ModelPlugin>(
        _ command: [String], of plugin: P, spec: P.Spec, adapter: P.Adapter,
        bounds: P.Bounds, walks: WalkPlan?, settings: CheckCommand.Settings<P>,
        budget: inout RunBudget
    ) throws(UsageError) -> TargetRun {
        let target = CheckTarget.conformance.rawValue
        var options = budget.share(of: settings.options)
        options.maxDepth = plugin.depth(of: bounds)
        options.symmetry = false
        options.propertyIDs = nil
        let place = ServicePlace(
            stepLimit: settings.stepLimit, besides: settings.output, stop: settings.options.stopRequest,
            broken: settings.serviceBreak)
        return try withPool(command, of: plugin, bounds: bounds, place: place, workers: options.workers) {
            pool throws(UsageError) -> TargetRun in
            do throws(ExplorationError) {
                if let walks {
                    let start = ContinuousClock.now
                    let result = try plugin.simulateService(
                        spec: spec, adapter: adapter, bounds: bounds, pool: pool, seed: walks.seed, walks: walks.walks,
                        steps: walks.steps, stopRequest: options.stopRequest)
                    let elapsed = (ContinuousClock.now - start).components
                    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                    budget.spend(states: 0, stopped: result.interrupted ? .interrupted : .exhausted)
                    var run = TargetRun(
                        target: target, walks: result, plan: walks, seconds: seconds, model: spec.name,
                        plugin: plugin, bounds: bounds)
                    run.implementation = pool.implementation
                    return run
                }
                let result = try plugin.exploreService(
                    spec: spec, adapter: adapter, bounds: bounds, pool: pool,
                    options: options)
                budget.spend(states: result.distinct, stopped: result.stopReason)
                // Not after a break of the protocol, nor once Ctrl-C or SIGTERM asked the run to stop.
                if pool.protocolBreak == nil && options.stopRequest?.isRaised != true {
                    keepTranscripts(
                        of: result, plugin: plugin, bounds: bounds, pool: pool,
                        settings: settings)
                }
                var run = TargetRun(target: target, result: result, plugin: plugin, bounds: bounds)
                run.implementation = pool.implementation
                return run
            } catch {
                throw UsageError("\(target): \(error.description)")
            }
        }
    }

    /// Where and how a command runs its services: the step limit, the report the logs go beside,
    /// the stop request, and where the first break of the protocol is kept for the tool to
    /// report once the report is out.
    struct ServicePlace {
        let stepLimit: Double
        let besides: String?
        let stop: StopRequest?
        let broken: Locked<UsageError?>
    }

    /// Runs `body` with `workers` service processes for `bounds`, each with a working directory of
    /// its own and its log in the folder beside the report; ends them after, and keeps the first
    /// break of the protocol in `place`.
    static func withPool<P: ModelPlugin, T>(
        _ command: [String], of plugin: P, bounds: P.Bounds, place: ServicePlace,
        workers: Int, _ body: (ServicePool) throws(UsageError) -> T
    )
        throws(UsageError) -> T
    {
        let logs = logDirectory(besides: place.besides)
        do {
            try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot make the folder for the service's logs, \(logs): \(error.localizedDescription)")
        }
        let workRoot = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: workRoot) }
        var configuration = ServiceConfiguration(
            command: command, model: plugin.name, scope: plugin.traceJSON(of: bounds),
            logDirectory: logs, workRoot: workRoot)
        configuration.stepLimit = place.stepLimit
        configuration.logPrefix = plugin.name(of: bounds).replacingOccurrences(of: " ", with: "_") + "-"
        let pool: ServicePool
        do {
            pool = try ServicePool(configuration: configuration, processes: workers, stop: place.stop)
        } catch {
            throw UsageError("--implementation: \(error) (its log: \(logs)/\(configuration.logPrefix)service-1.log)")
        }
        defer { pool.close() }
        let result = try body(pool)
        if let broken = pool.protocolBreak {
            place.broken.withLock {
                if $0 == nil { $0 = UsageError("--implementation: \(broken) (logs in \(logs))") }
            }
        }
        return result
    }

    /// Each counterexample driven again on a fresh process, its requests and replies written
    /// beside the logs (`SCOPE-PROPERTY.transcript`), for a reviewer to read the exchange.
    static func keepTranscripts<P: ModelPlugin>(
        of result: TargetResult<P.Spec>, plugin: P, bounds: P.Bounds,
        pool: ServicePool, settings: CheckCommand.Settings<P>
    ) {
        for outcome in result.properties {
            guard let counterexample = outcome.counterexample else { continue }
            let trace = counterexample.trace
            let steps = trace.steps.map { step in
                ServiceWalk.Step(
                    label: "\(step.action)", action: plugin.actionJSON(step.action)!,
                    expected: plugin.stateJSON(step.state, bounds: bounds)!)
            }
            var configuration = pool.configuration
            configuration.logPrefix += "transcript-"
            let walk = ServiceWalk.run(
                configuration, initial: trace.initialIndex,
                initialState: plugin.stateJSON(trace.initial, bounds: bounds)!, steps: steps)
            let file = configuration.logDirectory + "/" + pool.configuration.logPrefix + outcome.id + ".transcript"
            let text = walk.transcript.joined(separator: "\n") + "\n"
            guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else { continue }
            settings.serviceNotes.withLock {
                $0.append("the requests and replies of the \(outcome.id) counterexample: \(file)")
            }
        }
    }

    /// The folder the logs go to: beside the report written with --output, else in the
    /// current folder.
    static func logDirectory(besides output: String?) -> String {
        let folder = output.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        return (folder.isEmpty ? "." : folder) + "/verify-service-logs"
    }

    static func temporaryFolder() throws(UsageError) -> String {
        let folder = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((folder + "ridecheck-service-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw UsageError("cannot make a temporary folder for the service: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}

/// What the commands that drive a service say of their options alike.
enum ServiceOptions {
    static let stepLimitHelp = "with --implementation: seconds a service may take to answer one request (default 10)"
}
