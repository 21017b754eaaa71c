import Checker
import Foundation
import ModelKit
import Models
import Testing
@testable import VerifyKit

/// Every fault of every registered model is caught by the check its catalogue names, with a
/// counterexample no longer than the catalogue says, through the command line.
@Suite("Injected faults are caught")
struct FaultInjectionTests {
    /// Each fault with its model's name.
    static let faults: [ModelFault] = Models.all.flatMap { plugin in plugin.faults.map { ModelFault(model: plugin.name, fault: $0) } }

    @Test("Every model has faults, each named once", arguments: Models.all.map(\.name))
    func catalogueIsComplete(_ model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        #expect(plugin.faults.count >= 12)
        #expect(Set(plugin.faults.map(\.name)).count == plugin.faults.count)
        #expect(plugin.faults.allSatisfy { ["reference", "conformance"].contains($0.target) })
    }

    @Test("The model's page has the catalogue's fault table", arguments: Models.all.map(\.name))
    func modelPageTable(_ model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/models/\(model).md"), encoding: .utf8)
        for fault in plugin.faults {
            let row = page.split(separator: "\n").first { $0.hasPrefix("| `\(fault.name)` |") }
            #expect(row?.hasSuffix("| \(fault.target): `\(fault.property)` | \(fault.scope) | \(fault.steps) |") == true,
                    "docs/models/\(model).md row for \(fault.name) is stale: \(row ?? "missing")")
        }
    }

    @Test("The fault is caught: exit 1, the named property violated, a short trace", arguments: faults)
    func caught(_ entry: ModelFault) throws {
        let fault = entry.fault
        if fault.scope.hasSuffix(" walks") { return try caughtByWalks(entry) }
        let result = runVerify(["check", "--model", entry.model, "--quiet", "--format", "json", "--stop-at-first",
                                "--target", fault.target, "--scope", fault.scope,
                                "--inject", fault.name, "--property", fault.property])
        #expect(result.code == 1, "\(fault.name) was not caught: \(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let properties = try #require(report["properties"] as? [[String: Any]])
        // In a suite, the scope that caught it: the others hold.
        let outcomes = properties.filter {
            $0["id"] as? String == fault.property && $0["target"] as? String == fault.target
        }
        let outcome = try #require(outcomes.first { $0["status"] as? String == "violated" } ?? outcomes.first)
        #expect(outcome["status"] as? String == "violated")
        let length = try #require(outcome["traceLength"] as? Int)
        #expect(length <= fault.steps, "\(fault.name): \(length) steps, the catalogue says \(fault.steps)")
    }

    /// A fault that only seeded walks catch names the suite's entry ("day walks"): the walks of
    /// that entry, with its seed, number and length, as the default suite takes them (the
    /// scopes searched before them hold, which the golden reports keep).
    func caughtByWalks(_ entry: ModelFault) throws {
        let fault = entry.fault, scope = String(fault.scope.dropLast(" walks".count))
        let plugin = try #require(Models.all.first { $0.name == entry.model })
        let plan = try #require(plugin.defaultSuite.first { $0.scope == scope }?.walks,
                                "\(fault.scope) is not in the suite")
        let result = runVerify(["simulate", "--model", entry.model, "--target", fault.target, "--scope", scope,
                                "--seed", "\(plan.seed)", "--walks", "\(plan.walks)", "--steps", "\(plan.steps)",
                                "--inject", fault.name, "--property", fault.property])
        #expect(result.code == 1, "\(fault.name) was not caught by the \(fault.scope): \(result.err)")
        let header = try #require(result.out.split(separator: "\n").first {
            $0.hasPrefix("── \(fault.property) violated: ")
        })
        let length = try #require(Int(header.split(separator: " ")[3]))
        #expect(length <= fault.steps, "\(fault.name): \(length) steps, the catalogue says \(fault.steps)")
    }
}

struct ModelFault: Sendable, CustomTestStringConvertible {
    let model: String
    let fault: FaultDescription
    var testDescription: String { "\(model) \(fault.name)" }
}
