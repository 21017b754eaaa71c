@testable import Checker
import Testing
@testable import Spec

@Suite("The canonical memo skips work, never answers")
struct CanonicalMemoExplorationTests {
    /// A memo of four entries is overwritten nearly every time, and read while the other
    /// worker writes it: the states, verdicts, coverage counts, witnesses and traces must be
    /// those of a search whose memo holds everything.
    @Test("A memo that clashes all the time gives the answers of a large one", arguments: [
        ("ci", true, 6), ("sharing", false, 7), ("qa", false, 4),
    ])
    func sameAnswers(scopeName: String, literal: Bool, depth: Int) throws {
        var (model, options) = Fixture.search(scopeName, literal: literal, depth: depth, symmetry: true)
        let large = try BreadthFirstExplorer(model: model, options: options).run()
        options.canonicalMemoEntries = 4
        let tiny = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(KeyedExplorationTests.summary(large) == KeyedExplorationTests.summary(tiny))
        #expect(large.canonicalForms < tiny.canonicalForms)
        if literal { #expect(large.properties.contains { $0.status == .violated }) }
    }
}
