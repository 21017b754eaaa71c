import Checker
import Foundation
import ModelKit
import MyTaxiHarness
import Testing
@testable import VerifyKit

/// A model's default suite: several scopes and seeded walks, run by `verify check` with no
/// scope, each reported with its figures and the suite's total.
@Suite("Default suites")
struct SuiteTests {
    /// myTaxi with a suite of a small scope and walks on `ci`.
    static let suite = [MyTaxiPlugin(defaultSuite: ["accounts", .walks("ci", seed: 5, walks: 40, steps: 30)])]

    @Test("Every entry of the suite runs and the text report sums them")
    func textReport() {
        let result = runVerify(["check", "--target", "spec", "--quiet"], models: Self.suite)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("model mytaxi, target spec, scope accounts\n4,618 distinct states"))
        #expect(result.out.contains("model mytaxi, target spec, scope ci walks\n40 of 40 seeded walks (seed 5, up to 30 steps)"))
        #expect(result.out.contains("no violation in 40 walks (a sample)"))
        #expect(result.out.contains("suite: 2 scopes (accounts, ci walks), 4,618 distinct states"))
        // ShowEveryStatus needs the showcase scope, which this suite lacks.
        #expect(result.out.hasSuffix("no instance in any scope of this run: ShowEveryStatus\n"))
    }

    @Test("The JSON report lists the scopes and names each run's and property's scope")
    func jsonReport() throws {
        let result = runVerify(["check", "--target", "spec", "--quiet", "--format", "json"], models: Self.suite)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((report["scopes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["accounts", "ci"])
        #expect(report["scope"] == nil)
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.compactMap { $0["scope"] as? String } == ["accounts", "ci walks"])
        #expect((runs[1]["walks"] as? [String: Any])?["taken"] as? Int == 40)
        let properties = try #require(report["properties"] as? [[String: Any]])
        #expect(Set(properties.compactMap { $0["scope"] as? String }) == ["accounts", "ci walks"])
    }

    @Test("Walks find a planted bug, shrink it, and say the same on every run")
    func walksFindAFault() {
        let walks = [MyTaxiPlugin(defaultSuite: [.walks("ci", seed: 1, walks: 300, steps: 20)])]
        let arguments = ["check", "--target", "reference", "--inject", "fifthPassengerAccepted", "--quiet", "--workers", "1"]
        let first = runVerify(arguments, models: walks), second = runVerify(arguments, models: walks)
        #expect(first.code == 1)
        #expect(first.out.contains("AtMostFourPassengers") && first.out.contains("VIOLATED"))
        let timeless = { (text: String) in text.replacingOccurrences(of: #"[0-9]+\.[0-9]+ s"#, with: "", options: .regularExpression) }
        #expect(timeless(first.out) == timeless(second.out))
    }

    @Test("A suite's trace files start with the scope's name")
    func traceFileNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        let models = [MyTaxiPlugin(defaultSuite: ["accounts", "ci"])]
        let result = runVerify(["check", "--target", "reference", "--inject", "fifthPassengerAccepted", "--property", "AtMostFourPassengers",
                                "--stop-at-first", "--quiet", "--trace-dir", directory.path], models: models)
        #expect(result.code == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains("accounts-reference-AtMostFourPassengers.itf.json") || files.contains("ci-reference-AtMostFourPassengers.itf.json"),
                "\(files)")
    }

    @Test("--scope runs that scope alone, and list --scopes shows the suite")
    func oneScope() {
        let one = runVerify(["check", "--target", "spec", "--quiet", "--scope", "accounts"], models: Self.suite)
        #expect(one.code == 0 && !one.out.contains("suite:") && !one.out.contains("walks"))
        let list = runVerify(["list", "--scopes"], models: Self.suite)
        #expect(list.out.contains("default suite (verify check with no --scope): accounts, ci (40 walks of 30 steps, seed 5)"))
    }
}
