import Checker
import Foundation
import ModelKit
#if canImport(FoundationXML)
import FoundationXML
#endif
import Models
import Testing
@testable import VerifyKit

/// What `verify` promises for every registered model, whatever the model: report formats,
/// exit codes, trace files that replay, refusals of bad input. A model gets these tests by
/// registering.
@Suite("Every model keeps the tool's promises")
struct ModelContractTests {
    static let names = Models.all.map(\.name)

    static func plugin(_ name: String) throws -> any ModelPlugin { try #require(Models.all.first { $0.name == name }) }

    /// A quick check of the model's first suite scope on the spec target.
    static func quick(_ model: String, _ more: [String]) throws -> [String] {
        let scope = try plugin(model).defaultSuite[0].scope
        return ["check", "--model", model, "--target", "spec", "--scope", scope, "--set", "depth=3", "--quiet"] + more
    }

    @Test("Every report format is well formed", arguments: names)
    func reportFormats(_ model: String) throws {
        let json = runVerify(try Self.quick(model, ["--format", "json"]))
        #expect(json.code == 0 || json.code == 1, "\(json.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(report["model"] as? String == model)
        #expect(["holds", "unreached", "violated"].contains(report["result"] as? String ?? ""))
        let junit = runVerify(try Self.quick(model, ["--format", "junit"]))
        let document = try XMLDocument(xmlString: junit.out)
        #expect(document.rootElement()?.name == "testsuites")
        #expect(runVerify(try Self.quick(model, ["--format", "markdown"])).out.hasPrefix("## RideCheck: "))
        let html = runVerify(try Self.quick(model, ["--format", "html"])).out
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("model \(model)"))
        let text = runVerify(try Self.quick(model, []))
        #expect(text.out.hasPrefix("model \(model), target spec") && text.out.contains("\nresult: \(report["result"] as? String ?? "")"))
    }

    @Test("A budget that stops the run exits 3", arguments: names)
    func budget(_ model: String) throws {
        #expect(runVerify(try Self.quick(model, ["--max-states", "1"])).code == 3)
    }

    @Test("A fault's trace file is ITF of the model, replays the violation, and is gone without the fault", arguments: names)
    func traceRoundTrip(_ model: String) throws {
        let fault = try #require(try Self.plugin(model).faults.first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        let check = runVerify(["check", "--model", model, "--quiet", "--stop-at-first", "--target", fault.target, "--scope", fault.scope,
                               "--inject", fault.name, "--property", fault.property, "--trace-dir", directory.path, "--format", "json"])
        #expect(check.code == 1, "\(check.err)")
        let path = directory.appendingPathComponent("\(fault.target)-\(fault.property).itf.json").path
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let meta = try #require(document["#meta"] as? [String: Any])
        #expect(meta["source"] as? String == model && meta["property"] as? String == fault.property)
        let states = try #require(document["states"] as? [[String: Any]])
        #expect(states.count >= 1 && states.count <= fault.steps + 1)
        let variables = try #require(document["vars"] as? [String])
        for state in states { #expect(variables.allSatisfy { state[$0] != nil }) }
        #expect(runVerify(["replay", path, "--inject", fault.name]).code == 1)
        let clean = runVerify(["replay", path])
        #expect(clean.code == 0, "\(clean.out)")
    }

    @Test("Bad input of every kind exits 2 with one line naming it", arguments: names)
    func badInput(_ model: String) throws {
        let scope = try Self.plugin(model).defaultSuite[0].scope
        let lines: [([String], String)] = [
            (["check", "--model", model, "--scope", "no-such-scope"], "unknown scope 'no-such-scope'"),
            (["check", "--model", model, "--scope", scope, "--set", "no-such-key=1"], "no-such-key"),
            (["check", "--model", model, "--inject", "noSuchFault"], "unknown fault 'noSuchFault'"),
            (["check", "--model", model, "--property", "noSuchProperty"], "unknown property 'noSuchProperty'"),
            (["list", "--model", model, "--format", "yaml"], "yaml"),
        ]
        for (arguments, message) in lines {
            let result = runVerify(arguments)
            #expect(result.code == 2, "\(arguments)")
            #expect(result.err.split(separator: "\n").first?.contains(message) == true, "\(arguments): \(result.err)")
            #expect(result.out.isEmpty)
        }
    }

    @Test("A trace whose step names an action the model does not have is refused, naming the step", arguments: names)
    func tamperedTrace(_ model: String) throws {
        let fault = try #require(try Self.plugin(model).faults.first { $0.steps > 0 })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        _ = runVerify(["check", "--model", model, "--quiet", "--stop-at-first", "--target", fault.target, "--scope", fault.scope,
                       "--inject", fault.name, "--property", fault.property, "--trace-dir", directory.path])
        let path = directory.appendingPathComponent("\(fault.target)-\(fault.property).itf.json")
        var text = try String(contentsOf: path, encoding: .utf8)
        let action = try #require(text.range(of: #""action": ""#))
        let end = try #require(text[action.upperBound...].firstIndex(of: "\""))
        text.replaceSubrange(action.upperBound..<end, with: "noSuchAction")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let result = runVerify(["replay", path.path])
        #expect(result.code == 2)
        #expect(result.err.contains("step 1") && result.err.contains("noSuchAction"), "\(result.err)")
    }

    @Test("The default suite fires every action and exercises every checked property, but those the model lists with a reason", arguments: names)
    func suiteCoverage(_ model: String) throws {
        let plugin = try Self.plugin(model)
        let result = runVerify(["check", "--model", model, "--target", "spec", "--quiet", "--format", "json"])
        #expect(result.code == 0, "\(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        let fired = Set(runs.flatMap { ($0["actions"] as? [[String: Any]] ?? []).filter { ($0["fired"] as? Int ?? 0) > 0 }.compactMap { $0["name"] as? String } })
        #expect(plugin.actions.map(\.name).filter { !fired.contains($0) } == [], "actions the suite never fires")
        let properties = try #require(report["properties"] as? [[String: Any]])
        let exercised = Set(properties.filter { $0["status"] as? String == "satisfied" || ($0["status"] as? String == "holds" && ($0["exercised"] as? Int ?? 0) > 0) }.compactMap { $0["id"] as? String })
        let checked = Set(properties.compactMap { $0["id"] as? String })
        let unlisted = checked.subtracting(exercised).subtracting(plugin.unexercisedBySuite.keys).sorted()
        #expect(unlisted == [], "properties the suite leaves vacuous or unreached without a listed reason")
        #expect(Set(plugin.unexercisedBySuite.keys).isSubset(of: checked.subtracting(exercised)), "a listed property is exercised after all: take it off the list")
    }

    @Test("--model all refuses what names one model's own", arguments: [
        (["--scope", "ci"], "--scope"), (["--format", "json"], "json"),
    ])
    func allModelsRefuse(_ extra: [String], _ named: String) {
        let refused = runVerify(["check", "--model", "all"] + extra)
        #expect(refused.code == 2 && refused.err.contains(named))
    }

    @Test("--model all checks every model's default suite")
    func allModels() {
        let all = runVerify(["check", "--model", "all", "--target", "spec", "--quiet"])
        #expect(all.code == 0)
        for model in Self.names { #expect(all.out.contains("model \(model), target spec")) }
    }

    /// A trace of the model's first fault with a state to replay, and its text.
    static func recordedTrace(_ model: String) throws -> (path: URL, fault: FaultDescription) {
        let fault = try #require(try plugin(model).faults.first { $0.steps > 0 && $0.target == "conformance" } ?? plugin(model).faults.first { $0.steps > 0 })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        _ = runVerify(["check", "--model", model, "--quiet", "--stop-at-first", "--target", fault.target, "--scope", fault.scope,
                       "--inject", fault.name, "--property", fault.property, "--trace-dir", directory.path])
        return (directory.appendingPathComponent("\(fault.target)-\(fault.property).itf.json"), fault)
    }

    @Test("Replay reads integers and booleans as plain JSON as well as #bigint", arguments: names)
    func plainNumbers(_ model: String) throws {
        let (path, fault) = try Self.recordedTrace(model)
        let expected = runVerify(["replay", path.path, "--inject", fault.name])
        var text = try String(contentsOf: path, encoding: .utf8)
        // {"#bigint": "7"} becomes 7 in the states; the scope's whole numbers become #bigint, 1 true.
        text = text.replacingOccurrences(of: ##"\{\s*"#bigint": "(-?[0-9]+)"\s*\}"##, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: ##""(zones|drivers|clients|horizon)": ([0-9]+)"##, with: ##""$1": {"#bigint": "$2"}"##, options: .regularExpression)
        text = text.replacingOccurrences(of: #""onboarded": 1"#, with: #""onboarded": true"#)
        try text.write(to: path, atomically: true, encoding: .utf8)
        let replayed = runVerify(["replay", path.path, "--inject", fault.name])
        #expect(replayed.code == expected.code && replayed.out == expected.out, "\(replayed.err)")
    }

    @Test("Replay refuses an unknown fault or target in the trace's metadata", arguments: names)
    func metadata(_ model: String) throws {
        let (path, _) = try Self.recordedTrace(model)
        let text = try String(contentsOf: path, encoding: .utf8)
        for (pattern, replacement, message) in [(#""fault": "[A-Za-z]+""#, #""fault": "gremlins""#, "fault 'gremlins'"),
                                                (#""target": "[a-z]+""#, #""target": "everything""#, "unknown target 'everything'")] {
            try text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression).write(to: path, atomically: true, encoding: .utf8)
            let result = runVerify(["replay", path.path])
            #expect(result.code == 2 && result.err.contains(message), "\(result.err)")
        }
    }

    @Test("Replay compares the recorded states: a state that differs from the one reached is named", arguments: names)
    func recordedStates(_ model: String) throws {
        let (path, fault) = try Self.recordedTrace(model)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        var states = try #require(document["states"] as? [[String: Any]])
        let variable = try #require(document["vars"] as? [String]).first!
        // The first step's state: the steps before the finding are accepted by both sides.
        states[1][variable] = ["tampered": true]
        document["states"] = states
        try JSONSerialization.data(withJSONObject: document).write(to: path)
        let result = runVerify(["replay", path.path, "--inject", fault.name])
        #expect(result.code == 1)
        #expect(result.out.contains("the trace's state 1 differs") && result.out.contains(variable), "\(result.out)")
    }
}
