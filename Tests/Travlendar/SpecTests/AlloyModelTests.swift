import TravlendarSpec
import Checker
import Foundation
import Testing

/// Invariants/travlendar.als states every state rule of the catalogue under its id: a `fact`
/// when it is checked by default, a `pred` when it is seed-literal; and it names nothing else
/// but its own helpers.
@Suite("The Alloy model in Invariants/travlendar.als")
struct TravAlloyModelTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Invariants/travlendar.als")
    static let helpers: Set<String> = ["palette", "live", "holds", "arrival", "endOf", "next", "first", "stopsBelongToOneSchedule"]

    static func declarations() throws -> [(keyword: String, name: String)] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, ["fact", "pred"].contains(words[0]) else { return nil }
            return (String(words[0]), String(words[1].prefix { $0.isLetter || $0.isNumber }))
        }
    }

    @Test("Every state rule is declared, under the keyword its role asks for")
    func everyRuleDeclared() throws {
        let declared = try Self.declarations()
        for property in TravCatalog.properties(scope: .ci) where property.kind == .invariant {
            let keyword = property.checkedByDefault ? "fact" : "pred"
            #expect(declared.contains { $0 == (keyword, property.id) }, "\(property.id) is not a \(keyword) of travlendar.als")
        }
    }

    @Test("Every fact and predicate is a state rule of the catalogue or a named helper")
    func nothingElse() throws {
        let ids = Set(TravCatalog.properties(scope: .ci).filter { $0.kind == .invariant }.map(\.id))
        for (_, name) in try Self.declarations() { #expect(ids.contains(name) || Self.helpers.contains(name), "\(name) is not in the catalogue") }
    }
}
