import Checker
import Foundation
import ModelKit
import Testing

@Suite("The catalogue document and scope keys every model shares")
struct CatalogueDocumentTests {
    static let document = CatalogueDocument<Lamp>(
        title: "Two-phase commit property catalogue", preamble: ["A toy."], properties: Lamp().properties,
        conformance: [("Conformance", "invariant", "The implementation does what the model does.")],
        faults: [FaultDescription(name: "abortIgnored", area: "votes", summary: "An abort | is ignored.", target: "conformance", property: "Conformance", scope: "ci", steps: 2)],
        actions: [ActionDescription(name: "prepare", source: "the paper")])

    @Test("Markdown: the title, the preamble, a row per property, then conformance, faults (pipes escaped) and actions, each counted")
    func markdown() {
        let text = Self.document.render(.markdown)
        #expect(text.hasPrefix("# Two-phase commit property catalogue\n\nA toy.\n"))
        for property in Lamp().properties { #expect(text.contains("| `\(property.id)` | \(property.kind.rawValue) |")) }
        #expect(text.contains("## Conformance of the Reference to the Spec (1)"))
        #expect(text.contains("| `abortIgnored` | votes | An abort \\| is ignored. | conformance: `Conformance` | ci | 2 |"))
        #expect(text.hasSuffix("| `prepare` | the paper |"))
    }

    @Test("Text and JSON list every property")
    func otherFormats() {
        let count = Lamp().properties.count
        #expect(Self.document.render(.text).split(separator: "\n", omittingEmptySubsequences: false).count == count + 2, "a line per property, a blank line, the key")
        #expect(Self.document.render(.json).components(separatedBy: "\"checkedByDefault\"").count == count + 1)
    }

    @Test("Scope keys: each known, once, in range; the error names the key", arguments: [
        ([("depth", 3), ("depth", 4)], "depth is set twice; give each key once"),
        ([("width", 1)], "unknown scope key 'width'; valid keys: depth, clients"),
        ([("clients", 9)], "clients=9 is out of range; clients must be in 1...4"),
    ])
    func keys(_ assignments: [(String, Int)], _ message: String) {
        let keys = [SettableKey("depth", 0...100), SettableKey("clients", 1...4)]
        #expect(throws: ModelInputError(message)) { try SettableKey.validated(assignments.map { (key: $0.0, value: $0.1) }, against: keys) }
        #expect((try? SettableKey.validated([(key: "clients", value: 2)], against: keys))?.first?.value == 2)
    }
}
