import Checker
import Foundation
import Models
import Testing

/// Invariants/NAME.als states every state rule of a model's catalogue under its id: a `fact`
/// when it is checked by default, a `pred` when it is seed-literal; and it names nothing else
/// but its own helpers. (myTaxi's, with the seed's assertions, has its own test in MyTaxiSpecTests.)
@Suite("The Alloy models in Invariants/ name the catalogue's state rules")
struct AlloyModelTests {
    /// The helper facts and predicates each model's file declares besides its rules.
    static let helpers: [String: Set<String>] = [
        "cabbooking": ["timing", "designation", "live", "isLater", "nearIsSymmetric"],
        "travlendar": ["palette", "live", "holds", "next", "first", "stopsBelongToOneSchedule"],
    ]

    static func declarations(_ model: String) throws -> [(keyword: String, name: String)] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Invariants/\(model).als")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, ["fact", "pred"].contains(words[0]) else { return nil }
            return (String(words[0]), String(words[1].prefix { $0.isLetter || $0.isNumber }))
        }
    }

    /// The catalogue's state rules: id and whether each is checked by default.
    static func stateRules(_ model: String) throws -> [(id: String, checked: Bool)] {
        let plugin = try #require(Models.all.first { $0.name == model })
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(plugin.catalogue(.json).utf8)) as? [[String: Any]])
        return entries.filter { $0["kind"] as? String == "invariant" }.compactMap { entry in
            (entry["id"] as? String).map { ($0, entry["checkedByDefault"] as? Bool ?? true) }
        }
    }

    @Test("Every state rule is declared, under the keyword its role asks for", arguments: helpers.keys.sorted())
    func everyRuleDeclared(_ model: String) throws {
        let declared = try Self.declarations(model)
        for rule in try Self.stateRules(model) {
            let keyword = rule.checked ? "fact" : "pred"
            #expect(declared.contains { $0 == (keyword, rule.id) }, "\(rule.id) is not a \(keyword) of \(model).als")
        }
    }

    @Test("Every fact and predicate is a state rule of the catalogue or a named helper", arguments: helpers.keys.sorted())
    func nothingElse(_ model: String) throws {
        let ids = Set(try Self.stateRules(model).map(\.id))
        for (_, name) in try Self.declarations(model) {
            #expect(ids.contains(name) || Self.helpers[model]!.contains(name), "\(name) is not in the catalogue of \(model)")
        }
    }
}
