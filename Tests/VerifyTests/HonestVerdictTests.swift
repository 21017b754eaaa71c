import Foundation
import ModelKit
import MyTaxiHarness
import Testing
@testable import VerifyKit

/// A run claims only what it showed: a reachability property with an instance in no scope is
/// not reached and keeps the verdict from `holds`; walks count where each property applied.
@Suite("Honest verdicts")
struct HonestVerdictTests {
    static let unreachable = ["check", "--scope", "ci", "--target", "spec", "--quiet", "--property", "ShowEveryStatus", "--property", "offlineDriverNotInQueue"]

    @Test("A reachability property with no instance is not reached, and the run says unreached (exit 0), not holds")
    func unreachedText() {
        let result = runVerify(Self.unreachable)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("ShowEveryStatus           not reached no instance in this scope"), "\(result.out)")
        #expect(!result.out.contains("result: holds"))
        #expect(result.out.contains("result: unreached\n  no violation, but no instance in any scope of this run: ShowEveryStatus"))
    }

    @Test("JSON and markdown name what was not reached")
    func unreachedFormats() throws {
        let json = runVerify(Self.unreachable + ["--format", "json"]).out
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(report["result"] as? String == "unreached")
        #expect(report["unreached"] as? [String] == ["ShowEveryStatus"])
        let markdown = runVerify(Self.unreachable + ["--format", "markdown"]).out
        #expect(markdown.hasPrefix("## RideCheck: unreached"))
        #expect(markdown.contains("Not reached in any scope of this run: `ShowEveryStatus`."))
        #expect(markdown.contains("| `ShowEveryStatus` | not reached | no instance in this scope |"))
    }

    @Test("An instance in any scope of a suite is enough: the cab booking suite reaches every witness that ci alone does not")
    func reachedInSuite() throws {
        let ci = runVerify(["check", "--model", "cabbooking", "--scope", "ci", "--target", "spec", "--quiet", "--format", "json"])
        let alone = try #require(try JSONSerialization.jsonObject(with: Data(ci.out.utf8)) as? [String: Any])
        #expect(alone["result"] as? String == "unreached")
        #expect(alone["unreached"] as? [String] == ["ShowPasswordChanged", "ShowFavouriteLimit"])
        let suite = runVerify(["check", "--model", "cabbooking", "--target", "spec", "--quiet", "--format", "json"])
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(suite.out.utf8)) as? [String: Any])
        #expect(whole["result"] as? String == "holds" && whole["unreached"] == nil)
    }

    /// In myTaxi's `city` walks no ride carries two routes of one client, so the assertion's
    /// antecedent never applies (as in every exhaustive scope); the walks once said "holds".
    @Test("Walks report a property whose antecedent never applied as vacuous, with its count")
    func vacuousInWalks() throws {
        let plugin = MyTaxiPlugin(defaultSuite: [.walks("city", seed: 1, walks: 50, steps: 40)])
        let result = runVerify(["check", "--target", "spec", "--quiet", "--format", "json"], models: [plugin])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let properties = try #require(report["properties"] as? [[String: Any]])
        let assertion = try #require(properties.first { $0["id"] as? String == "clientOneWaitingAndAtLeastOneCompleted" })
        #expect(assertion["status"] as? String == "vacuous" && assertion["exercised"] as? Int == 0)
        let queue = try #require(properties.first { $0["id"] as? String == "offlineDriverNotInQueue" })
        #expect(queue["status"] as? String == "holds" && (queue["exercised"] as? Int ?? 0) > 50, "applies in more states than there are walks")
    }
}
