import Checker
import Foundation
import Models
import Testing
@testable import VerifyKit

/// Every threshold a model declares is reached by its default suite one unit inside, at the
/// value and one unit outside, every environment and contention case it declares is met, and
/// the model's page carries the tables as the code makes them.
@Suite("Boundaries, environments and contention reached by the default suites")
struct BoundaryTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Each boundary value is reached, and the model's page has the table", arguments: Models.all.map(\.name))
    func reached(_ model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        let suite = try plugin.coverage(workers: 2)
        try situations(model, suite)
        let rows = BoundaryList.rows(suite)
        for row in rows {
            let reached = zip(row.coverage.values, row.coverage.counts).map { "\($0) \(row.coverage.unit): \($1)" }
            #expect(!row.coverage.counts.contains(0), "\(model) \(row.coverage.id): \(reached)")
        }
        guard !rows.isEmpty else { return }
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/models/\(model).md"), encoding: .utf8)
        let table = BoundaryList.render(rows, format: "markdown")
        #expect(page.contains(table),
                "regenerate the table: verify list --model \(model) --boundaries --format markdown")
    }

    @Test("Each model lists what the user sees that it leaves out, with reasons, on its page and in its catalogue",
          arguments: Models.all.map(\.name))
    func notModelled(_ model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        let items = plugin.notModelled
        #expect(!items.isEmpty, "\(model) lists nothing it leaves out")
        for item in items { #expect(!item.reason.isEmpty && !item.source.isEmpty, "\(model): \(item.what)") }
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/models/\(model).md"), encoding: .utf8)
        #expect(page.contains(items.markdownTable),
                "regenerate the table: verify list --model \(model) --not-modelled --format markdown")
        #expect(plugin.catalogue(.markdown).contains(items.markdownTable))
    }

    /// Each case of each environment and contention the model declares is met where its
    /// action is offered, and the page has both tables. Run with the boundaries: one suite.
    func situations(_ model: String, _ suite: [(entry: String, coverage: Coverage)]) throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/models/\(model).md"), encoding: .utf8)
        for kind in SituationKind.allCases {
            let rows = SituationList.rows(suite, kind)
            #expect(!rows.isEmpty, "\(model) declares no \(kind.rawValue) situation")
            for row in rows {
                for (index, count) in row.coverage.counts.enumerated() {
                    #expect(count > 0, "\(model) \(row.coverage.id): \(row.coverage.cases[index]) never met")
                }
            }
            let flag = kind == .environment ? "environments" : "contention"
            #expect(page.contains(SituationList.render(rows, kind, format: "markdown")),
                    "regenerate the table: verify list --model \(model) --\(flag) --format markdown")
        }
    }
}
