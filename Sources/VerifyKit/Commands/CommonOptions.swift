import Checker
import ModelKit

/// Options that `check` and `simulate` read the same way.
enum CommonOptions {
    /// The options that choose what is checked: model, target, fault, scope and properties.
    static func specs(targets: String) -> [OptionSpec] {
        [
            .value("model", "NAME", "the model to check (see verify list --models; default: the first listed)"),
            .value("target", "TARGET", targets),
            .value("inject", "FAULT", "plant a named bug in the Reference (see verify list --faults)"),
            .value("scope", "NAME", "a named scope (see verify list --scopes); default: the model's default suite"),
            .repeated("set", "KEY=VALUE", "override a scope bound, e.g. --set drivers=3 (see verify list --scopes)"),
            .repeated("property", "ID", "check only this property (repeatable); see verify list"),
            .flag("literal", "check the seed's rules exactly as written where a corrected rule replaces them by default"),
        ]
    }

    /// The model `--model` names, or the first registered one.
    static func model(_ parsed: ParsedArguments, among models: [any ModelPlugin]) throws(UsageError) -> any ModelPlugin {
        precondition(!models.isEmpty, "verify needs at least one registered model")
        guard let name = parsed.value("model") else { return models[0] }
        guard let model = models.first(where: { $0.name == name }) else {
            throw UsageError("unknown model '\(name)'; valid models: \(models.map(\.name).joined(separator: ", "))")
        }
        return model
    }

    /// What to check: `--scope` with its `--set` overrides; with neither, the model's default
    /// suite when `suite` allows it (its walks included), else its first scope; `--set` alone
    /// overrides that first scope.
    static func scopes<P: ModelPlugin>(_ parsed: ParsedArguments, of plugin: P, suite: Bool) throws(UsageError) -> [(bounds: P.Bounds, walks: WalkPlan?)] {
        var assignments: [(key: String, value: Int)] = []
        for assignment in parsed.all("set") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]) else {
                throw UsageError("--set needs KEY=NUMBER, not '\(assignment)'; keys: \(plugin.settableKeys.map(\.key).joined(separator: ", "))")
            }
            assignments.append((parts[0], value))
        }
        let entries: [SuiteEntry]
        if let name = parsed.value("scope") {
            entries = [SuiteEntry(stringLiteral: name)]
        } else {
            precondition(!plugin.defaultSuite.isEmpty, "\(plugin.name) declares no default suite")
            entries = suite && assignments.isEmpty ? plugin.defaultSuite : [SuiteEntry(stringLiteral: plugin.defaultSuite[0].scope)]
        }
        var scopes: [(bounds: P.Bounds, walks: WalkPlan?)] = []
        for entry in entries {
            do { scopes.append((try plugin.bounds(named: entry.scope, setting: assignments), entry.walks)) } catch { throw UsageError(error.description) }
        }
        return scopes
    }

    /// `--inject`: a fault of the model, which needs a Reference target.
    static func fault<P: ModelPlugin>(_ parsed: ParsedArguments, of plugin: P, target: String) throws(UsageError) -> String? {
        guard let name = parsed.value("inject") else { return nil }
        guard plugin.faults.contains(where: { $0.name == name }) else {
            throw UsageError("unknown fault '\(name)'; valid faults: \(plugin.faults.map(\.name).joined(separator: ", "))")
        }
        guard target != "spec" else { throw UsageError("--inject plants a bug in the Reference, so it needs --target reference, conformance or all, not spec") }
        return name
    }

    /// --property ids, each checked against the properties of the targets the run checks
    /// (`target` "all": any of them): an id no chosen target checks would make a run that
    /// checks nothing, which is a usage error, not a verdict.
    static func propertyIDs<P: ModelPlugin>(_ parsed: ParsedArguments, of plugin: P, bounds: P.Bounds, literal: Bool,
                                            target: String) throws(UsageError) -> [String]? {
        let ids = parsed.all("property")
        guard !ids.isEmpty else { return nil }
        let spec = plugin.spec(for: bounds, literal: literal), adapter = plugin.adapter(for: spec, fault: nil)
        let owners = CheckTarget.allCases.map {
            ($0.rawValue,
             plugin.propertyIDs(of: $0, spec: spec, adapter: adapter) + plugin.livenessIDs(of: $0, spec: spec))
        }
        let known = Set(owners.flatMap(\.1))
        for id in ids where !known.contains(id) {
            throw UsageError("unknown property '\(id)'; run 'verify list' for the \(known.count) valid ids")
        }
        guard target != "all" else { return ids }
        let checked = owners.first { $0.0 == target }?.1 ?? []
        for id in ids where !checked.contains(id) {
            let others = owners.filter { $0.1.contains(id) }.map(\.0)
            throw UsageError("target \(target) does not check \(id), so this run would check nothing; \(id) is checked by --target \(others.joined(separator: " or "))")
        }
        return ids
    }
}
