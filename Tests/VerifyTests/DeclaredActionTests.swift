import Checker
import Models
import Testing

/// Actions declared once (`DeclaredAction`): every action a search tries is written to a trace
/// and read back as itself, in every named scope of every model that declares its actions.
@Suite("Actions declared once: written to a trace and read back")
struct DeclaredActionTests {
    @Test(
        "Every action enabled in the first levels of every named scope reads back as itself",
        arguments: Models.all.map(\.name))
    func roundTrip(model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        try roundTrip(plugin)
    }

    private func roundTrip<Plugin: ModelPlugin>(_ plugin: Plugin) throws {
        for scope in plugin.scopes {
            let bounds = try plugin.bounds(named: scope.name, setting: [])
            let spec = plugin.spec(for: bounds, literal: false)
            var level = spec.initialStates
            var seen = Set(level)
            var tried = 0
            for _ in 0..<3 where seen.count < 3_000 {
                var next: [Plugin.Spec.State] = []
                for state in level {
                    var actions: [Plugin.Spec.Action] = []
                    spec.enabledActions(in: state, into: &actions)
                    for action in actions {
                        let (name, parameters) = plugin.traceAction(action)
                        let read = try plugin.action(
                            named: name, parameters: Dictionary(uniqueKeysWithValues: parameters), bounds: bounds)
                        #expect(
                            read == action,
                            "\(plugin.name) \(scope.name): \(action) was written as \(name) \(parameters)")
                        tried += 1
                        if let after = spec.successor(of: state, via: action), seen.insert(after).inserted {
                            next.append(after)
                        }
                    }
                }
                level = next
            }
            #expect(tried > 0, "\(plugin.name) \(scope.name) enables no action")
        }
    }
}
