import Checker
import Foundation
import ModelKit
import Models
import Testing
@testable import VerifyKit

@Suite("The verify command line")
struct VerifyCommandTests {
    @Test("Bad command lines get one line naming the problem, the usage, and exit 2", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'; valid commands: check, list, replay, simulate, bench"),
        (["check", "--colour"], "unknown option '--colour'; see --help for the options"),
        (["check", "--workers"], "--workers needs a value (N)"),
        (["check", "--workers", "zero"], "--workers needs a whole number from 1 to 256, not 'zero'"),
        (["check", "--scope", "huge"],
         "unknown scope 'huge'; valid scopes: ci, sharing, accounts, refusals, rides, minutes, city, showcase, "
            + "liveness, qa, bench"),
        (["check", "--scope", "showcase", "--set", "drivers=2"], "scope showcase starts after a run that needs 3 onboarded drivers and taxis, 2 clients and a zone"),
        (["check", "--set", "drivers=9"], "drivers=9 is out of range; drivers must be in 1...4"),
        (["check", "--set", "clients=4", "--set", "routes=3"], "clients × routes = 12 exceeds the state's capacity of 8 routes"),
        (["check", "--set", "nonsense"], "--set needs KEY=NUMBER, not 'nonsense'"),
        (["check", "--set", "depth=3", "--set", "depth=4"], "depth is set twice; give each key once"),
        (["check", "--property", "NoSuchThing"], "unknown property 'NoSuchThing'"),
        (["check", "--format", "yaml"], "--format 'yaml' is not one of: text, json"),
        (["check", "--model", "uber"], "unknown model 'uber'; valid models: mytaxi"),
        (["check", "--max-seconds", "-1"], "--max-seconds needs a positive number of seconds, not '-1'"),
        (["check", "--workers", "2", "--workers", "3"], "--workers is given twice"),
        (["check", "extra"], "unexpected argument 'extra'"),
        (["check", "-x"], "unknown option '-x'"),
        (["list", "--format", "pdf"], "--format 'pdf' is not one of: text, markdown, json"),
        (["check", "--inject", "gremlins"], "unknown fault 'gremlins'; valid faults: acceptLeavesDriverQueued,"),
        (["check", "--target", "spec", "--inject", "joinAfterPickup"], "--inject plants a bug in the Reference, so it needs --target reference, conformance or all, not spec"),
        (["check", "--target", "everything"], "--target 'everything' is not one of: spec, reference, conformance, all"),
        (["check", "--target", "spec", "--property", "Conformance"],
         "target spec does not check Conformance, so this run would check nothing; Conformance is checked by --target conformance"),
        (["simulate", "--property", "RefusalsLeaveStateUnchanged"], "target spec does not check RefusalsLeaveStateUnchanged"),
        (["list", "--actions", "--faults"], "--actions and --faults each choose what to list; give one"),
        (["simulate", "--seed", "abc"], "--seed needs a whole number from 0 to 18446744073709551615, not 'abc'"),
        (["simulate", "--walks", "0"], "--walks needs a whole number from 1 to 10000000, not '0'"),
        (["simulate", "--target", "all"], "--target 'all' is not one of: spec, reference, conformance"),
        (["bench", "--repeat", "0"], "--repeat needs a whole number from 1 to 100, not '0'"),
        (["bench", "--symmetry", "on"], "unknown option '--symmetry'"),
    ])
    func badInput(arguments: [String], message: String) {
        let result = runVerify(arguments)
        #expect(result.code == 2)
        let firstLine = result.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("verify: "))
        #expect(firstLine.contains(message), "got: \(firstLine)")
        #expect(result.err.contains("usage: verify"))
        #expect(result.out.isEmpty)
    }

    @Test("Scope settings are checked together, so their order does not matter", arguments: [
        ["--set", "drivers=3", "--set", "taxis=3"], ["--set", "taxis=3", "--set", "drivers=3"],
    ])
    func settingsInAnyOrder(settings: [String]) {
        let result = runVerify(["check", "--quiet", "--target", "spec", "--scope", "ci", "--set", "depth=2"] + settings)
        #expect(result.code == 0, "got: \(result.err)")
        #expect(result.out.contains("scope ci depth=2 \(settings[1]) \(settings[3])"))
    }

    @Test("A small check without a violation exits 0 and reports every property; the witness a small scope cannot show is named")
    func holds() {
        let result = runVerify(["check", "--quiet", "--scope", "accounts", "--set", "depth=6"])
        #expect(result.code == 0)
        #expect(result.out.contains("busyDriverNotInQueue"))
        #expect(!result.out.contains("incomplete"), "a complete run says nothing of the kind")
        #expect(result.out.contains("result: unreached\n  no violation, but no instance in any scope of this run: ShowEveryStatus"))
    }

    @Test("Reference and conformance share one search when it finds nothing, and run apart, each timed, when it finds something")
    func lockstep() throws {
        let shared = runVerify(["check", "--quiet", "--scope", "accounts", "--set", "depth=6", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(shared.out.utf8)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.map { $0["sharedSearch"] as? String } == [nil, nil, "reference"])
        #expect(runs[2]["seconds"] as? Double == 0)
        let text = runVerify(["check", "--quiet", "--scope", "accounts", "--set", "depth=6"]).out
        #expect(text.contains("depth 7 (6 steps), in the reference target's search, 2 workers"))
        // The literal assertions break in the reference target's search: the two run apart.
        let apart = runVerify(["check", "--quiet", "--scope", "ci", "--literal", "--stop-at-first", "--format", "json"])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(apart.out.utf8)) as? [String: Any])
        #expect(apart.code == 1)
        let separate = try #require(found["runs"] as? [[String: Any]])
        #expect(separate.map { $0["ran"] as? Bool } == [true, true, true] && separate.allSatisfy { $0["sharedSearch"] == nil })
    }

    @Test("A violation exits 1 and prints the shortest trace with what changed")
    func violation() {
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--literal", "--property", "busyDriverHasACurrentRide",
                          "--set", "routes=2", "--set", "zones=1", "--set", "drivers=1", "--set", "depth=10"])
        #expect(result.code == 1)
        #expect(result.out.contains("busyDriverHasACurrentRide violated: 9 steps"))
        #expect(result.out.contains("accept(driver: d1)"))
        #expect(result.out.contains("d1 AVAILABLE→BUSY"))
        #expect(result.out.contains("   property: Every route of every ride of a BUSY driver is WAITING or ON_BOARD."))
        #expect(result.out.contains("   involves: d1, r1, ride1"))
        #expect(result.out.contains("result: violated"))
    }

    @Test("A budget that stops the run exits 3 and says incomplete")
    func incomplete() {
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--max-states", "50", "--format", "json"])
        #expect(result.code == 3)
        #expect(result.out.contains("\"result\": \"incomplete\""))
        #expect(result.out.contains("\"stopReason\": \"state budget\""))
    }

    @Test("A check interrupted (Ctrl-C, SIGTERM) before its targets start exits 3, says they did not run, and lists no property")
    func interrupted() {
        let request = StopRequest()
        request.raise()
        let console = Console()
        let code = Verify.run(arguments: ["check", "--quiet", "--scope", "accounts"], console: console,
                              models: Models.all, interrupts: Interrupts(request: request))
        #expect(code == 3)
        let out = console.standardOutput
        for target in ["spec", "reference", "conformance"] {
            #expect(out.contains("model mytaxi, target \(target), scope accounts\nnot run: stopped (interrupted) before this target started; nothing was checked"))
        }
        #expect(!out.contains("holds") && !out.contains("vacuous") && !out.contains("exercised"), "no property of a target that never ran")
        #expect(out.contains("result: incomplete"))
    }

    @Test("Help is generated from the option declarations")
    func help() {
        let result = runVerify(["check", "--help"])
        #expect(result.code == 0)
        for spec in CheckCommand.specs { #expect(result.out.contains("--\(spec.name)")) }
    }

    @Test("The committed catalogue is exactly what the code generates", arguments: Models.all.map(\.name))
    func catalogueIsCurrent(_ model: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("Invariants/\(model).md"), encoding: .utf8)
        let generated = runVerify(["list", "--model", model, "--format", "markdown"]).out
        #expect(committed == generated, "regenerate with: swift run verify list --model \(model) --format markdown --output Invariants/\(model).md")
    }
}

@Suite("The progress line")
struct ProgressLineTests {
    @Test("About once a second on a terminal, every 10 seconds in a log, never with --quiet")
    func intervals() {
        #expect(CheckCommand.progressInterval(isTerminal: true, quiet: false) == 1)
        #expect(CheckCommand.progressInterval(isTerminal: false, quiet: false) == 10)
        #expect(CheckCommand.progressInterval(isTerminal: true, quiet: true) == nil)
    }

    @Test("A short run prints no progress line in a log, quiet or not")
    func quiet() {
        for arguments in [["check", "--scope", "accounts", "--set", "depth=4", "--quiet"], ["check", "--scope", "accounts", "--set", "depth=4"]] {
            let result = runVerify(arguments)
            #expect(result.code == 0)
            #expect(result.err.isEmpty, "\(arguments): \(result.err)")
        }
    }
}
