@testable import Checker
import Testing
@testable import MyTaxiSpec

@Suite("The canonical memo skips work, never answers")
struct CanonicalMemoExplorationTests {
    /// A memo of four entries is overwritten nearly every time, and read while the other
    /// worker writes it: the states, verdicts, coverage counts, witnesses and traces must be
    /// those of a search whose memo holds everything. So must those of a memo that starts
    /// with four entries and grows between levels, taking its entries along.
    @Test("A memo that clashes all the time gives the answers of a large one", arguments: [
        ("ci", true, 6), ("sharing", false, 7), ("qa", false, 4),
    ])
    func sameAnswers(scopeName: String, literal: Bool, depth: Int) throws {
        var (model, options) = Fixture.search(scopeName, literal: literal, depth: depth, symmetry: true)
        let large = try BreadthFirstExplorer(model: model, options: options).run()
        options.canonicalMemoEntries = 4
        let growing = try BreadthFirstExplorer(model: model, options: options).run()
        options.canonicalMemoGrows = false
        let tiny = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(KeyedExplorationTests.summary(large) == KeyedExplorationTests.summary(tiny))
        #expect(KeyedExplorationTests.summary(large) == KeyedExplorationTests.summary(growing))
        #expect(large.canonicalForms < tiny.canonicalForms)
        // Grown to four entries per state found before the last level: more than a quarter
        // of them in these scopes, so at least an entry per state in the end.
        #expect(growing.canonicalMemoBytes >= large.distinct * CanonicalMemo.entryBytes)
        #expect(growing.canonicalForms < tiny.canonicalForms)
        if literal { #expect(large.properties.contains { $0.status == .violated }) }
    }
}
