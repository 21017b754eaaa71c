import Checker
import ModelKit
import Models
import Testing

/// Scopes declared once (`DeclaredScope`): `--set`, the scope a trace records, and reading it back.
@Suite("Scopes declared once: --set, a trace's record of its scope, and reading it back")
struct DeclaredScopeTests {
    @Test("A trace records every bound but the depth, and replay rebuilds the scope, named by what differs",
          arguments: Models.all.map(\.name))
    func roundTrip(model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        try roundTrip(plugin)
    }

    private func roundTrip<Plugin: ModelPlugin>(_ plugin: Plugin) throws {
        let base = try #require(plugin.scopes.first?.name)
        let key = try #require(plugin.settableKeys.first { $0.key != "depth" })
        let plain = try plugin.bounds(named: base, setting: [])
        let recorded = fields(plugin.traceJSON(of: plain))
        let original = try #require(recorded[key.key])
        let other = original == key.range.lowerBound ? key.range.lowerBound + 1 : key.range.lowerBound

        #expect(recorded["depth"] == nil, "replay ignores the depth")
        #expect(Set(recorded.keys) == Set(plugin.settableKeys.map(\.key).filter { $0 != "depth" }))
        let replayed = try plugin.bounds(fromTrace: base, fields: recorded)
        #expect(plugin.name(of: replayed) == base, "a trace of the named scope replays as that scope")
        #expect(fields(plugin.traceJSON(of: replayed)) == recorded)
        #expect(plugin.depth(of: replayed) == nil, "replay runs the trace's steps, however many")

        // A scope with one key set differently: recorded, rebuilt, and named by that key alone.
        let changed: Plugin.Bounds
        do { changed = try plugin.bounds(named: base, setting: [(key.key, other)]) } catch {
            return  // the scope cannot take that value (it starts with more); the plain trip stands
        }
        let changedFields = fields(plugin.traceJSON(of: changed))
        #expect(changedFields[key.key] == other)
        let rebuilt = try plugin.bounds(fromTrace: base, fields: changedFields)
        #expect(plugin.name(of: rebuilt) == "\(base) \(key.key)=\(other)")
        #expect(fields(plugin.traceJSON(of: rebuilt)) == changedFields)
    }

    @Test("A trace without a bound, or of an unknown scope, is refused by name", arguments: Models.all.map(\.name))
    func refused(model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        try refused(plugin)
    }

    private func refused<Plugin: ModelPlugin>(_ plugin: Plugin) throws {
        let base = try #require(plugin.scopes.first?.name)
        var recorded = fields(plugin.traceJSON(of: try plugin.bounds(named: base, setting: [])))
        let key = try #require(plugin.settableKeys.first { $0.key != "depth" }?.key)
        recorded[key] = nil
        #expect(throws: ModelInputError("the scope has no whole number '\(key)'")) {
            try plugin.bounds(fromTrace: base, fields: recorded)
        }
        #expect(throws: ModelInputError.self) { try plugin.bounds(fromTrace: "nowhere", fields: recorded) }
        #expect(throws: ModelInputError("\(key) is set twice; give each key once")) {
            try plugin.bounds(named: base, setting: [(key, 1), (key, 1)])
        }
    }

    /// The whole numbers of a scope's trace record, "base" left out.
    private func fields(_ json: JSON) -> [String: Int] {
        guard case .object(let pairs) = json else { return [:] }
        var numbers: [String: Int] = [:]
        for (key, value) in pairs { if case .integer(let number) = value { numbers[key] = number } }
        return numbers
    }
}
