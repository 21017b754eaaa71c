import Foundation
import ModelKit
import Testing
@testable import VerifyKit

/// `verify check --trace-dir` writes ITF files; `verify replay` runs them again.
@Suite("Trace files and replay")
struct ReplayTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Finds a fault's counterexample with `--trace-dir` and returns the file's path.
    func traceFile(fault: String, target: String, property: String, in directory: URL) throws -> String {
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--stop-at-first", "--target", target, "--inject", fault, "--property", property,
                          "--trace-dir", directory.path, "--format", "json"])
        #expect(result.code == 1)
        let path = directory.appendingPathComponent("\(target)-\(property).itf.json").path
        #expect(result.out.contains("\"trace\": \"\(path)\""), "the JSON report names the trace file")
        return path
    }

    @Test("The trace file is ITF: vars, states with #meta, bigints, sets and maps, the action in each step's #meta")
    func itfShape() throws {
        let path = try traceFile(fault: "changeZoneJoinsFront", target: "reference", property: "QueueOrderIsFair", in: try temporaryDirectory())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((document["vars"] as? [String])?.contains("queues") == true)
        let meta = try #require(document["#meta"] as? [String: Any])
        #expect(meta["format"] as? String == "ITF" && meta["property"] as? String == "QueueOrderIsFair")
        let states = try #require(document["states"] as? [[String: Any]])
        #expect(states.count == 4)
        let last = try #require(states.last)
        let stepMeta = try #require(last["#meta"] as? [String: Any])
        #expect(stepMeta["action"] as? String == "changeZone")
        #expect((stepMeta["parameters"] as? [String: String]) == ["driver": "d1", "zone": "z2"])
        #expect((last["clock"] as? [String: String]) == ["#bigint": "0"])
        #expect((last["queues"] as? [String: Any])?["#map"] != nil)
        #expect(((last["taxiOwners"] as? [String: Any])?["#map"] as? [[Any]])?.first?.last.flatMap { $0 as? [String: Any] }?["#set"] != nil)
    }

    @Test("With the fault the violation happens again (exit 1); without it the finding is gone (exit 0)")
    func regression() throws {
        let path = try traceFile(fault: "changeZoneJoinsFront", target: "reference", property: "QueueOrderIsFair", in: try temporaryDirectory())
        let again = runVerify(["replay", path, "--inject", "changeZoneJoinsFront"])
        #expect(again.code == 1)
        #expect(again.out.contains("the violation happens again at step 3, changeZone(driver: d1, zone: z2)"))
        let fixed = runVerify(["replay", path])
        #expect(fixed.code == 0)
        #expect(fixed.out.contains("all 3 steps ran; QueueOrderIsFair was not violated: the finding is gone"))
    }

    /// Without its fault a Reference trace's states are those of another system, so they are
    /// first checked with the recorded fault: an edited state is found, not taken for a fix.
    @Test("A Reference trace with an edited state exits 1 when replayed without its fault")
    func editedStates() throws {
        let path = try traceFile(fault: "changeZoneJoinsFront", target: "reference", property: "QueueOrderIsFair",
                                 in: try temporaryDirectory())
        let url = URL(fileURLWithPath: path)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var states = try #require(document["states"] as? [[String: Any]])
        states[2]["clock"] = ["#bigint": "1"]
        document["states"] = states
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        let result = runVerify(["replay", path])
        #expect(result.code == 1)
        #expect(result.out.contains("with its recorded fault changeZoneJoinsFront first: the trace's state 2 differs "
                                    + "from what the Reference (its abstraction) reaches now in clock"))
    }

    @Test("A conformance trace replayed with its fault shows the divergence")
    func divergence() throws {
        let path = try traceFile(fault: "dispatchOnlyInPickupZone", target: "conformance", property: "Conformance", in: try temporaryDirectory())
        let result = runVerify(["replay", path, "--inject", "dispatchOnlyInPickupZone"])
        #expect(result.code == 1)
        #expect(result.out.contains("conformance divergence at step 3, offer(route: r1, driver: d1): the Spec allows it but the Reference refuses"))
    }

    /// A minimal valid trace: the ci scope and the given steps (each an action and parameters).
    static func trace(_ steps: [(String, [String: String])], source: String = "mytaxi") -> String {
        let state = ##"{"#meta": {"index": 0}}"##
        let rest = steps.enumerated().map { index, step in
            let parameters = step.1.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
            return ##"{"#meta": {"index": \##(index + 1), "action": "\##(step.0)", "parameters": {\##(parameters)}}}"##
        }
        let scope = ##"{"base": "ci", "zones": 2, "drivers": 2, "taxis": 2, "clients": 1, "routes": 1, "horizon": 4, "cards": 1, "onboarded": 1}"##
        return ##"{"#meta": {"format": "ITF", "source": "\##(source)", "target": "spec", "property": "busyDriverNotInQueue", "scope": \##(scope)}, "vars": [], "states": [\##(([state] + rest).joined(separator: ", "))]}"##
    }

    @Test("A step the Spec and the Reference both refuse means the path can no longer happen (exit 0)")
    func refusedByBoth() throws {
        let file = try temporaryDirectory().appendingPathComponent("t.itf.json")
        try Data(Self.trace([("startWorking", ["driver": "d1", "taxi": "t1", "zone": "z1"]), ("accept", ["driver": "d1"])]).utf8).write(to: file)
        let result = runVerify(["replay", file.path])
        #expect(result.code == 0)
        #expect(result.out.contains("step 2, accept(driver: d1) is now refused by both the Spec and the Reference"))
    }

    @Test("Bad trace files get one line naming the position or step and the problem, and exit 2", arguments: [
        ("not json {", "is not JSON"),
        (##"{"states": [{"#meta": {"index": 0}}"##, "is not JSON"),
        ("[1, 2]", "is not an ITF trace: the top level is not an object"),
        (##"{"#meta": {"source": "mytaxi"}}"##, "is not an ITF trace: it has no 'states' array of objects"),
        (##"{"states": []}"##, "is not an ITF trace from verify: it has no '#meta' object"),
        (trace([], source: "nosuchmodel"), "is a trace of model 'nosuchmodel'; valid models: mytaxi, cabbooking"),
        (trace([("fly", [:])]), "step 1: unknown action 'fly'"),
        (trace([("accept", ["driver": "d9"])]), "step 1: accept: driver 'd9' is not one of d1...d2 in scope ci"),
        (trace([("accept", [:])]), "step 1: accept needs a parameter 'driver'"),
        (trace([("tick", ["speed": "2"])]), "step 1: tick has no parameter 'speed'"),
        (trace([("requestRide", ["client": "c1", "zone": "z1", "passengers": "many", "shared": "false"])]), "step 1: requestRide: passengers 'many' is not a whole number"),
        (trace([("requestRide", ["client": "c1", "zone": "z1", "passengers": "900", "shared": "false"])]),
            "step 1: requestRide: passengers '900' is not a whole number in 0...5 in scope ci"),
        (trace([("reserveRide", ["client": "c1", "zone": "z1", "passengers": "1", "shared": "false", "lead": "-40"])]),
            "step 1: reserveRide: lead '-40' is not a whole number in"),
        (trace([("tick", ["minutes": "5"])]), "step 1: tick: minutes '5' is not a whole number in 6...30 in scope ci"),
    ])
    func badFiles(text: String, message: String) throws {
        let file = try temporaryDirectory().appendingPathComponent("bad.itf.json")
        try Data(text.utf8).write(to: file)
        let result = runVerify(["replay", file.path])
        #expect(result.code == 2)
        let first = result.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("verify: ") && first.contains(message), "got: \(first)")
    }

    @Test("Bad replay command lines exit 2", arguments: [
        (["replay"], "replay needs a trace file"),
        (["replay", "/nonexistent/trace.itf.json"], "cannot read trace '/nonexistent/trace.itf.json': No such file or directory"),
        (["replay", "/"], "cannot read trace '/': it is a folder"),
        (["replay", "a", "b"], "unexpected argument 'b'"),
        (["replay", "a", "--inject", "gremlins"], "unknown fault 'gremlins'"),
    ])
    func badCommandLines(arguments: [String], message: String) {
        let result = runVerify(arguments)
        #expect(result.code == 2)
        #expect(result.err.contains(message), "got: \(result.err)")
    }
}
