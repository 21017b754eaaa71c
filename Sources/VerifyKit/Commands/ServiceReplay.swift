import Checker
import Foundation
import ModelKit

/// `verify replay TRACE --implementation CMD`: the trace's actions run against a service
/// process, one request per step, each state it reports held to the Spec's.
enum ServiceReplay {
    static func run<P: ModelPlugin>(
        _ plugin: P, trace: ITFTrace, path: String, parsed: ParsedArguments,
        console: Console
    ) throws(UsageError) -> Int32 {
        guard parsed.value("inject") == nil else {
            throw UsageError("--inject plants a bug in the linked Reference; a service plants its own")
        }
        let command = try CommandWords.split(parsed.value("implementation") ?? "")
        guard plugin.speaksJSON else {
            throw UsageError("model \(plugin.name) does not declare its state and actions, so no service can speak it")
        }
        let stepLimit = try CheckCommand.stepLimit(parsed)
        let transcriptFile = parsed.value("transcript")
        if let transcriptFile { try Output.probe(transcriptFile) }
        let replay = try Replay(plugin, trace: trace, name: path, fault: nil)
        var world = replay.spec.initialStates[0]
        var steps: [ServiceWalk.Step] = []
        for action in replay.actions {
            let next = replay.spec.successor(of: world, via: action)
            steps.append(
                ServiceWalk.Step(
                    label: "\(action)", action: plugin.actionJSON(action)!,
                    expected: next.map { plugin.stateJSON($0, bounds: replay.bounds)! }))
            guard let next else { break }
            world = next
        }
        let logs = ServiceRun.logDirectory(besides: transcriptFile)
        do { try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true) } catch {
            throw UsageError("cannot make the folder for the service's log, \(logs): \(error.localizedDescription)")
        }
        let workRoot = try ServiceRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: workRoot) }
        var configuration = ServiceConfiguration(
            command: command, model: plugin.name, scope: plugin.traceJSON(of: replay.bounds),
            logDirectory: logs, workRoot: workRoot)
        configuration.stepLimit = stepLimit
        configuration.logPrefix = "replay-"
        let initial = plugin.stateJSON(replay.spec.initialStates[0], bounds: replay.bounds)!
        let walk = ServiceWalk.run(configuration, initial: 0, initialState: initial, steps: steps)
        if let transcriptFile {
            try Output.write(walk.transcript.joined(separator: "\n") + "\n", to: transcriptFile, console: console)
        }
        if let problem = walk.problem { throw UsageError("--implementation: \(problem) (its log: \(logs))") }
        let heading =
            "replaying \(path) against the service: \(replay.actions.count) steps, "
            + "scope \(plugin.name(of: replay.bounds))"
        switch walk.outcome {
        case .followed:
            console.print(
                heading
                    + "\nall \(replay.actions.count) steps ran; the service follows the specification along the trace")
            return 0
        case .refusedByBoth(let step):
            console.print(
                heading + "\nstep \(step), \(steps[step - 1].label), is refused by both the Spec and the service: "
                    + "the path can no longer happen")
            return 0
        case .diverged(let step, let words):
            console.print(heading + "\nconformance divergence at step \(step): \(words)")
            return 1
        }
    }
}
