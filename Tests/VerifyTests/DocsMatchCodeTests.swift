import Checker
import Foundation
import ModelKit
import Models
import Testing

/// The scopes, `--set` keys, figures and folders the README, the model pages and the code map
/// name are the code's: a scope renamed, dropped from the default suite or added, a key
/// renamed, a folder moved, or a figure given two ways fails here, not in a user's hands.
@Suite("The README, the model pages and the code map name what the code has")
struct DocsMatchCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A markdown table's rows under the header that starts with `head`, each as its cells.
    static func table(in text: String, startingWith head: String) -> (header: [String], rows: [[String]]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(head) }) else { return ([], []) }
        func cells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
        return (cells(lines[start]), rows)
    }

    /// A scope cell, "`ci` (default suite: 300 seeded walks of 40 steps)", as its name and note.
    static func scope(_ cell: String) -> (name: String, note: String) {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return (cell, "") }
        return (String(parts[1]), parts[2...].joined(separator: "`").trimmingCharacters(in: .whitespaces))
    }

    /// How the docs write a suite entry: "(default suite)", or with its walks.
    static func note<Plugin: ModelPlugin>(of scope: String, in plugin: Plugin) -> String {
        guard let entry = plugin.defaultSuite.first(where: { $0.scope == scope }) else { return "" }
        guard let walks = entry.walks else { return "(default suite)" }
        return "(default suite: \(grouped(walks.walks)) seeded walks of \(walks.steps) steps)"
    }

    @Test("The README and each model's page list its scopes, mark the suite's, and agree on the figures",
          arguments: Models.all.map(\.name))
    func readmeScopes(model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        try readmeScopes(plugin)
    }

    private func readmeScopes<Plugin: ModelPlugin>(_ plugin: Plugin) throws {
        let readme = Self.table(in: try Self.text("README.md"), startingWith: "| model | scope |")
        let rows = readme.rows.filter { $0.first == plugin.name }
        #expect(Set(rows.map { Self.scope($0[1]).name }) == Set(plugin.scopes.map(\.name)),
                "the README lists \(plugin.name)'s scopes")
        for row in rows {
            let (name, note) = Self.scope(row[1])
            #expect(note == Self.note(of: name, in: plugin), "README, \(plugin.name) `\(name)`: '\(note)'")
        }
        let page = Self.table(in: try Self.text("docs/models/\(plugin.name).md"), startingWith: "| scope |")
        #expect(Set(page.rows.map { Self.scope($0[0]).name }) == Set(plugin.scopes.map(\.name)),
                "docs/models/\(plugin.name).md lists its scopes")
        let states = try #require(page.header.firstIndex { $0.hasPrefix("distinct states") })
        let time = page.header.firstIndex { $0.contains("2 cores") }
        let depth = page.header.firstIndex { $0 == "depth" }
        for row in page.rows {
            let (name, note) = Self.scope(row[0])
            if !note.isEmpty { #expect(note == Self.note(of: name, in: plugin), "page, `\(name)`: '\(note)'") }
            let bounds = try plugin.bounds(named: name, setting: [])
            // A scope the suite walks may give the walks' length instead.
            if let depth, let written = Int(row[depth]) {
                let walked = plugin.defaultSuite.first { $0.scope == name }?.walks?.steps
                #expect(written == plugin.depth(of: bounds) || written == walked, "page, `\(name)`: depth \(written)")
            }
            guard let readmeRow = rows.first(where: { Self.scope($0[1]).name == name }) else { continue }
            let readmeStates = readmeRow[readmeRow.count - 2], pageStates = row[states]
            #expect(readmeStates == pageStates || pageStates == "walks" && readmeStates == "—",
                    "`\(name)`: \(readmeStates) states in the README, \(pageStates) on its page")
            if let time {
                #expect(readmeRow.last == row[time],
                        "`\(name)`: \(readmeRow.last ?? "") in the README, \(row[time]) on its page")
            }
        }
    }

    @Test("Every --set key the README and the model pages name is a key of the model")
    func setKeys() throws {
        let allKeys = Set(Models.all.flatMap { $0.settableKeys.map(\.key) })
        var named: [(document: String, key: String, model: String?)] = []
        for document in ["README.md"] + Models.all.map({ "docs/models/\($0.name).md" }) {
            let text = try Self.text(document)
            let model = Models.all.first { document.hasSuffix("/\($0.name).md") }?.name
            var rest = Substring(text)
            while let range = rest.range(of: "--set ") {
                let key = rest[range.upperBound...].prefix { $0.isLetter }
                if !key.isEmpty && key != "KEY" { named.append((document, String(key), model)) }
                rest = rest[range.upperBound...]
            }
        }
        #expect(!named.isEmpty)
        for (document, key, model) in named {
            let plugin = model.flatMap { name in Models.all.first { $0.name == name } }
            let keys = plugin.map { Set($0.settableKeys.map(\.key)) } ?? allKeys
            #expect(keys.contains(key), "\(document) names --set \(key)")
        }
    }

    @Test("The code map's folders exist, and every source file lies in one of them")
    func codeMap() throws {
        let map = Self.table(in: try Self.text("ARCHITECTURE.md"), startingWith: "| folder |")
        let folders = map.rows.compactMap { row -> String? in
            let name = Self.scope(row[0]).name
            return name.hasPrefix("Sources/") ? name : nil
        }
        #expect(folders.count > 10)
        for folder in folders {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(folder).path,
                                                   isDirectory: &isDirectory) && isDirectory.boolValue,
                    "ARCHITECTURE.md names \(folder)")
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".h") }
        #expect(!files.isEmpty)
        for file in files {
            #expect(folders.contains { ("Sources/" + file).hasPrefix($0 + "/") },
                    "no row of the code map holds Sources/\(file)")
        }
    }
}
