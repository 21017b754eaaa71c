import Checker
import Foundation

/// The contract every registered model keeps, as one call a team's own test suite makes:
/// `#expect(ModelContract.problems(of: MyPlugin()) == [])`. It runs `verify` as a user would:
/// the default suite holds with no fault planted; each fault of the catalogue is caught by the
/// property it names, in its scope, in no more steps than it says, and its trace file replays
/// the violation and is gone without the fault; every action of the first levels of every
/// named scope is written to a trace and read back as itself; for a model that declares its
/// shapes, every such state and action fits its JSON Schema; and a declared symmetry is one
/// (`SymmetryCheck`). Each problem is one sentence.
public enum ModelContract {
    public static func problems<Plugin: ModelPlugin>(of plugin: Plugin) -> [String] {
        var problems: [String] = []
        let models: [any ModelPlugin] = [plugin]
        func verify(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
            let console = Console()
            let code = Verify.run(arguments: arguments, console: console, models: models)
            return (code, console.standardOutput, console.standardError)
        }

        let suite = verify(["check", "--quiet"])
        if suite.code != 0 {
            problems.append(
                "the default suite does not hold without a fault (exit \(suite.code)): \(suite.out.suffix(400))")
        }
        if verify(["check", "--scope", "no-such-scope"]).code != 2 {
            problems.append("an unknown scope does not exit 2")
        }

        for fault in plugin.faults {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ridecheck-contract-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let check = verify([
                "check", "--quiet", "--stop-at-first", "--target", fault.target, "--scope", fault.scope,
                "--inject", fault.name, "--property", fault.property, "--trace-dir", directory.path, "--format", "json",
            ])
            guard check.code == 1 else {
                problems.append(
                    "fault \(fault.name) is not caught by \(fault.target) \(fault.property) in scope \(fault.scope)"
                        + " (exit \(check.code))"
                )
                continue
            }
            if let steps = traceLength(check.out, property: fault.property), steps > fault.steps {
                problems.append(
                    "fault \(fault.name) is caught in \(steps) steps where its catalogue says \(fault.steps)")
            }
            let trace = directory.appendingPathComponent("\(fault.target)-\(fault.property).itf.json").path
            if verify(["replay", trace, "--inject", fault.name]).code != 1 {
                problems.append("fault \(fault.name)'s trace does not replay the violation")
            }
            if verify(["replay", trace]).code != 0 {
                problems.append("fault \(fault.name)'s trace still fails without the fault")
            }
        }
        problems += vocabularyProblems(plugin)
        problems += symmetryProblems(plugin)
        return problems
    }

    /// Actions written and read back, and states and actions against the schema, on the
    /// first levels of every named scope.
    static func vocabularyProblems<Plugin: ModelPlugin>(
        _ plugin: Plugin, levels: Int = 3, states: Int = 2_000
    ) -> [String] {
        var problems: [String] = []
        let check = plugin.schema.map(JSONSchemaCheck.init(root:))
        for scope in plugin.scopes {
            guard let bounds = try? plugin.bounds(named: scope.name, setting: []) else {
                problems.append("scope \(scope.name) is listed but cannot be built")
                continue
            }
            let spec = plugin.spec(for: bounds, literal: false)
            var level = spec.initialStates
            var seen = Set(level)
            for _ in 0..<levels where seen.count < states {
                var next: [Plugin.Spec.State] = []
                for state in level {
                    if let check, let json = plugin.stateJSON(state, bounds: bounds) {
                        problems += check.problems(of: json, against: "state").map {
                            "scope \(scope.name): a state does not fit the schema: \($0)"
                        }
                    }
                    var actions: [Plugin.Spec.Action] = []
                    spec.enabledActions(in: state, into: &actions)
                    for action in actions {
                        let (name, parameters) = plugin.traceAction(action)
                        let read = try? plugin.action(
                            named: name, parameters: Dictionary(parameters, uniquingKeysWith: { first, _ in first }),
                            bounds: bounds)
                        if read != action {
                            problems.append("scope \(scope.name): \(action) does not read back from its trace form")
                        }
                        if let check, let json = plugin.actionJSON(action) {
                            problems += check.problems(of: json, against: "action").map {
                                "scope \(scope.name): \(action) does not fit the schema: \($0)"
                            }
                            if (try? plugin.action(json: json, bounds: bounds)) != action {
                                problems.append("scope \(scope.name): \(action) does not read back from its JSON")
                            }
                        }
                        if let after = spec.successor(of: state, via: action), seen.insert(after).inserted {
                            next.append(after)
                        }
                    }
                }
                level = next
            }
            if problems.count > 20 { return Array(problems.prefix(20)) + ["and more"] }
        }
        return problems
    }

    /// For a Spec that declares its symmetry (`SymmetricModel`), `SymmetryCheck` on the first
    /// levels of every named scope.
    static func symmetryProblems<Plugin: ModelPlugin>(_ plugin: Plugin) -> [String] {
        func check<M: SymmetricModel>(_ model: M) -> [String] {
            SymmetryCheck.problems(of: model, depth: 3, states: 500)
        }
        return plugin.scopes.flatMap { scope -> [String] in
            guard let bounds = try? plugin.bounds(named: scope.name, setting: []),
                  let symmetric = plugin.spec(for: bounds, literal: false) as? any SymmetricModel else { return [] }
            return check(symmetric).map { "scope \(scope.name): the declared symmetry is not one: \($0)" }
        }
    }

    /// The length of the counterexample of `property` in a JSON report.
    static func traceLength(_ report: String, property: String) -> Int? {
        guard case .array(let properties)? = try? JSON.parse(report).member("properties") else { return nil }
        for entry in properties where entry.member("id") == .string(property) {
            if case .integer(let length)? = entry.member("traceLength") { return length }
        }
        return nil
    }
}
