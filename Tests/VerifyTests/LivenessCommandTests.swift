import Foundation
import Testing

@testable import VerifyKit

/// `verify check` and `verify replay` with liveness properties, on Travlendar+'s liveness scope:
/// the verdicts, their exit codes and JSON, the lasso in the reports and its trace file.
@Suite("verify checks liveness: verdicts, lassos, trace files and replay")
struct LivenessCommandTests {
    static let liveness = ["SavedScheduleAnswered", "RunningScheduleEnds", "RunningScheduleTicketsTried"]
    static let scope = ["check", "--model", "travlendar", "--scope", "liveness", "--quiet"]

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func outcomes(_ report: [String: Any]) throws -> [String: [String: Any]] {
        let properties = try #require(report["properties"] as? [[String: Any]])
        return Dictionary(properties.map { ($0["id"] as! String, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("On the whole graph of the scope each liveness property is decided: it holds, exit 0")
    func decidedOnTheWholeGraph() throws {
        let run = runVerify(
            Self.scope + ["--target", "spec", "--format", "json"]
                + Self.liveness.flatMap { ["--property", $0] })
        #expect(run.code == 0, "\(run.err)")
        let report = try Self.json(run.out)
        #expect(report["result"] as? String == "holds")
        let outcomes = try Self.outcomes(report)
        for id in Self.liveness {
            #expect(outcomes[id]?["status"] as? String == "holds", "\(id)")
            #expect(outcomes[id]?["kind"] as? String == "leads-to", "\(id)")
            #expect(outcomes[id]?["pendingAtBound"] as? Int == 0, "\(id)")
        }
        let runs = try #require(report["runs"] as? [[String: Any]])
        let graph = try #require(runs.first?["liveness"] as? [String: Any])
        #expect(
            (graph["states"] as? Int ?? 0) > 1_000 && (graph["edges"] as? Int ?? 0) > (graph["states"] as? Int ?? 0))
    }

    @Test("A depth bound that leaves an obligation pending makes the verdict inconclusive: exit 3, never holds")
    func cutIsInconclusive() throws {
        let run = runVerify(
            Self.scope + [
                "--set", "depth=6", "--target", "spec", "--format", "json",
                "--property", "RunningScheduleEnds",
            ])
        #expect(run.code == 3, "\(run.err)")
        let report = try Self.json(run.out)
        #expect(report["result"] as? String == "inconclusive")
        #expect(report["inconclusive"] as? [String] == ["RunningScheduleEnds"])
        let outcome = try #require(try Self.outcomes(report)["RunningScheduleEnds"])
        #expect(outcome["status"] as? String == "inconclusive")
        #expect((outcome["pendingAtBound"] as? Int ?? 0) > 0)
        let text = runVerify(
            Self.scope + ["--set", "depth=6", "--target", "spec", "--property", "RunningScheduleEnds"])
        #expect(text.out.contains("RunningScheduleEnds") && text.out.contains("inconclusive the scope's bound cut"))
        #expect(
            text.out.contains(
                "result: inconclusive\n  no violation, but the scope's bound left undecided: "
                    + "RunningScheduleEnds"))
    }

    @Test("A lasso is shown with where its cycle starts, written with ITF's loop, and replays only with its fault")
    func lassoReportedAndReplayed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lasso-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fault = "discardRefusedOnceConditionsChanged"
        let run = runVerify(
            Self.scope + [
                "--target", "reference", "--inject", fault, "--property", "SavedScheduleAnswered",
                "--trace-dir", directory,
            ])
        #expect(run.code == 1, "\(run.err)")
        #expect(run.out.contains("── SavedScheduleAnswered violated: a stem of 2 steps, then a cycle of 2 ──"))
        #expect(run.out.contains("↻ the cycle starts here, repeated forever:"))
        #expect(run.out.contains("↺ back to the state after step 2"))
        #expect(run.out.contains("the obligation for schedule s1 is pending forever"))
        let file = "\(directory)/reference-SavedScheduleAnswered.itf.json"
        let trace = try Self.json(try String(contentsOfFile: file, encoding: .utf8))
        #expect(trace["loop"] as? Int == 2)
        #expect((trace["states"] as? [Any])?.count == 5)
        let again = runVerify(["replay", file, "--inject", fault])
        #expect(again.code == 1, "\(again.out)\(again.err)")
        #expect(again.out.contains("the lasso happens again: after 2 steps, the 2-step cycle closes"))
        let fixed = runVerify(["replay", file])
        #expect(fixed.code == 0)
        #expect(
            fixed.out.contains("the lasso no longer breaks SavedScheduleAnswered: the cycle starves discardSchedule(s)")
        )
    }

    @Test("One worker or two: the same verdict and the same lasso")
    func workersAgree() {
        let arguments =
            Self.scope + [
                "--set", "depth=6", "--target", "reference", "--inject",
                "bookingRefusedUntilReviewed",
            ]
        let one = runVerify(arguments + ["--workers", "1"])
        let two = runVerify(arguments + ["--workers", "2"])
        #expect(one.code == 1 && two.code == 1)
        func lasso(_ text: String) -> String {
            text.components(separatedBy: "── RunningScheduleTicketsTried violated").dropFirst().first ?? "(none)"
        }
        #expect(lasso(one.out) == lasso(two.out))
        #expect(lasso(one.out).hasPrefix(": a stem of 4 steps, then a cycle of 2 ──"))
    }

    @Test("A trace whose loop is not one of its states, or a lasso without its loop, is refused: exit 2")
    func badLoop() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let meta =
            ##""#meta": {"source": "travlendar", "target": "reference", "property": "SavedScheduleAnswered", "##
            + ##""scope": {"base": "liveness", "appointments": 1, "schedules": 1, "horizon": 120}}"##
        let states = ##""states": [{"#meta": {"index": 0}}]"##
        for (name, body, message) in [
            ("far", "{\(meta), \(states), \"loop\": 3}", "'loop' is not the index of one of its 1 states"),
            (
                "none", "{\(meta), \(states)}",
                "SavedScheduleAnswered is a liveness property, but the trace has no 'loop'"
            ),
        ] {
            let path = "\(directory)/\(name).itf.json"
            try body.write(toFile: path, atomically: true, encoding: .utf8)
            let run = runVerify(["replay", path])
            #expect(run.code == 2)
            #expect(run.err.contains(message), "\(run.err)")
        }
    }

    /// 8 MB holds the search of the scope's 53,864 states, not the liveness graph of them.
    @Test("A liveness graph past the memory budget decides only a lasso it holds: exit 3, the search's results kept")
    func graphOverMemoryBudget() throws {
        let run = runVerify(Self.scope + ["--target", "spec", "--format", "json", "--max-memory", "8"])
        #expect(run.code == 3, "\(run.err)")
        let report = try Self.json(run.out)
        #expect(report["result"] as? String == "inconclusive")
        let outcomes = try Self.outcomes(report)
        for id in Self.liveness { #expect(outcomes[id]?["status"] as? String == "inconclusive", "\(id)") }
        #expect(outcomes["atMostOneRunningSchedule"]?["status"] as? String == "holds")
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.first?["stopReason"] as? String == "exhausted")
        let graph = try #require(runs.first?["liveness"] as? [String: Any])
        #expect(graph["overBudget"] as? Bool == true)
        #expect((graph["states"] as? Int ?? .max) < 53_864)
        let text = runVerify(Self.scope + ["--target", "spec", "--max-memory", "8"])
        #expect(text.out.contains("its graph passed the memory budget at"), "\(text.out)")
        // A lasso among the states it expanded is a real one.
        let fault = runVerify([
            "check", "--model", "cabbooking", "--scope", "liveness", "--quiet", "--target", "reference",
            "--inject", "noShowClosesBoarding", "--max-memory", "8",
        ])
        #expect(fault.code == 1, "\(fault.out)\(fault.err)")
        #expect(fault.out.contains("── ArrivedCabBoarded violated: a stem of 4 steps, then a cycle of 2 ──"))
        #expect(fault.out.contains("its graph passed the memory budget at"), "\(fault.out)")
    }
}
