import Checker
import Foundation
import ModelKit

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

    /// Actions written and read back (from their trace form and their JSON), and states and
    /// actions against the schema, on the first levels of every named scope (with the
    /// adapter's candidates on the first `candidateStates` of them); a scope that
    /// enables no action there is a problem too, since it would show nothing.
    public static func vocabularyProblems<Plugin: ModelPlugin>(
        _ plugin: Plugin, levels: Int = 3, states: Int = 2_000, candidateStates: Int = 10
    ) -> [String] {
        var problems: [String] = []
        let check = plugin.schema.map(JSONSchemaCheck.init(root:))
        for scope in plugin.scopes {
            guard let bounds = try? plugin.bounds(named: scope.name, setting: []) else {
                problems.append("scope \(scope.name) is listed but cannot be built")
                continue
            }
            let spec = plugin.spec(for: bounds, literal: false)
            let adapter = plugin.adapter(for: spec, fault: nil)
            var tried = 0
            for (index, state) in spec.statesOfFirstLevels(through: levels - 1, limit: states).enumerated() {
                if let check, let json = plugin.stateJSON(state, bounds: bounds) {
                    problems += check.problems(of: json, against: "state").map {
                        "scope \(scope.name): a state does not fit the schema: \($0)"
                    }
                }
                var actions: [Plugin.Spec.Action] = []
                spec.enabledActions(in: state, into: &actions)
                tried += actions.count
                // The near misses a Reference or a service is asked too (probes past every limit):
                // they depend on the scope far more than on the state, so a few states show them.
                let candidates = index < candidateStates ? adapter.candidateList(in: state) : []
                for action in actions + candidates.filter({ !actions.contains($0) }) {
                    problems += actionProblems(plugin, action, bounds: bounds, check: check).map {
                        "scope \(scope.name): \($0)"
                    }
                }
            }
            if tried == 0 { problems.append("scope \(scope.name) enables no action") }
            if problems.count > 20 { return Array(problems.prefix(20)) + ["and more"] }
        }
        return problems
    }

    /// What is wrong with how `action` is written and read back: its trace form, its JSON.
    static func actionProblems<Plugin: ModelPlugin>(
        _ plugin: Plugin, _ action: Plugin.Spec.Action, bounds: Plugin.Bounds, check: JSONSchemaCheck?
    ) -> [String] {
        var problems: [String] = []
        let (name, parameters) = plugin.traceAction(action)
        let written = Dictionary(parameters, uniquingKeysWith: { first, _ in first })
        if (try? plugin.action(named: name, parameters: written, bounds: bounds)) != action {
            problems.append("\(action) does not read back from its trace form")
        }
        if let check, let json = plugin.actionJSON(action) {
            problems += check.problems(of: json, against: "action").map { "\(action) does not fit the schema: \($0)" }
            if (try? plugin.action(json: json, bounds: bounds)) != action {
                problems.append("\(action) does not read back from its JSON")
            }
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
