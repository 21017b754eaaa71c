import Checker
import Foundation
import Models
import Testing
@testable import VerifyKit

/// Every threshold a model declares is reached by its default suite one unit inside, at the
/// value and one unit outside, and the model's page carries the table as the code makes it.
@Suite("Boundaries reached by the default suites")
struct BoundaryTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Each boundary value is reached, and the model's page has the table", arguments: Models.all.map(\.name))
    func reached(_ model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        let rows = BoundaryList.rows(try plugin.boundaryCoverage(workers: 2))
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
}
