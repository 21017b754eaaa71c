import Checker
import Foundation
import Testing
@testable import MyTaxiSpec

/// Invariants/mytaxi.als must carry every state property of the catalogue under its id, and
/// nothing else under a property keyword, each under the keyword its role asks for.
@Suite("The Alloy model in Invariants/mytaxi.als")
struct AlloyModelTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Invariants/mytaxi.als")

    /// Declarations of facts, predicates and assertions: keyword and name, in file order.
    static func declarations() throws -> [(keyword: String, name: String)] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "{" || $0 == "[" })
            guard words.count >= 2, ["fact", "pred", "assert"].contains(words[0]) else { return nil }
            return (String(words[0]), String(words[1]))
        }
    }

    /// The keyword a catalogue entry belongs under: the default set are facts; seed-literal
    /// facts and the show commands are predicates; seed assertions stay assertions.
    static func expectedKeyword(_ property: Property<MyTaxiModel>) -> String {
        switch property.group {
        case PropertyGroup.seedAssertion.rawValue: return "assert"
        case PropertyGroup.seedCommand.rawValue: return "pred"
        default: return property.checkedByDefault ? "fact" : "pred"
        }
    }

    static var stateProperties: [Property<MyTaxiModel>] {
        Catalog.properties(scope: .ci).filter { $0.kind != .actionProperty }
    }

    @Test("Every state property of the catalogue is declared, under the keyword its role asks for")
    func catalogueInAlloy() throws {
        let declared = try Self.declarations()
        for property in Self.stateProperties {
            let matches = declared.filter { $0.name == property.id }
            #expect(matches.count == 1, "\(property.id) is declared \(matches.count) times in mytaxi.als")
            if let match = matches.first {
                #expect(match.keyword == Self.expectedKeyword(property), "\(property.id) is a \(match.keyword), expected \(Self.expectedKeyword(property))")
            }
        }
    }

    @Test("Every fact, predicate and assertion of the Alloy model is a state property of the catalogue")
    func alloyInCatalogue() throws {
        let ids = Set(Self.stateProperties.map(\.id))
        let actionIDs = Set(Catalog.properties(scope: .ci).filter { $0.kind == .actionProperty }.map(\.id))
        let declared = try Self.declarations()
        #expect(!declared.isEmpty)
        for declaration in declared {
            #expect(ids.contains(declaration.name), "mytaxi.als declares \(declaration.keyword) \(declaration.name), which the catalogue does not have as a state property\(actionIDs.contains(declaration.name) ? " (it is an action property)" : "")")
        }
    }
}
