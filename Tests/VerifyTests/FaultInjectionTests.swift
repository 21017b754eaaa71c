import Foundation
import Harness
import Reference
import Testing
@testable import VerifyKit

/// Every fault the Reference can carry is caught by the check the catalogue names, with a
/// counterexample no longer than the catalogue says, through the command line.
@Suite("Injected faults are caught")
struct FaultInjectionTests {
    @Test("Every fault has exactly one catalogue entry")
    func catalogueIsComplete() {
        #expect(Set(FaultCatalog.entries.map(\.fault)) == Set(Fault.allCases))
        #expect(FaultCatalog.entries.count == Fault.allCases.count)
        #expect(Fault.allCases.count >= 12)
    }

    @Test("The README's fault table says what the catalogue says")
    func readmeTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for entry in FaultCatalog.entries {
            let row = readme.split(separator: "\n").first { $0.hasPrefix("| `\(entry.fault.rawValue)` |") }
            #expect(row?.hasSuffix("| \(entry.target): `\(entry.property)` | \(entry.scope) | \(entry.steps) |") == true,
                    "README row for \(entry.fault) is stale: \(row ?? "missing")")
        }
    }

    @Test("The fault is caught: exit 1, the named property violated, a short trace", arguments: FaultCatalog.entries)
    func caught(_ entry: FaultEntry) throws {
        let result = runVerify(["check", "--quiet", "--format", "json", "--stop-at-first", "--target", entry.target,
                                "--scope", entry.scope, "--inject", entry.fault.rawValue, "--property", entry.property])
        #expect(result.code == 1, "\(entry.fault) was not caught: \(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let properties = try #require(report["properties"] as? [[String: Any]])
        let outcome = try #require(properties.first { $0["id"] as? String == entry.property && $0["target"] as? String == entry.target })
        #expect(outcome["status"] as? String == "violated")
        let length = try #require(outcome["traceLength"] as? Int)
        #expect(length <= entry.steps, "\(entry.fault): \(length) steps, the catalogue says \(entry.steps)")
    }
}

extension FaultEntry: CustomTestStringConvertible {
    public var testDescription: String { fault.rawValue }
}
