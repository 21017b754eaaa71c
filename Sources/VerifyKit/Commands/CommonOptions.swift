import Checker
import Harness
import Reference
import Spec

/// Options that `check` and `simulate` read the same way.
enum CommonOptions {
    /// The options that choose what is checked: model, target, fault, scope and properties.
    static func specs(targets: String) -> [OptionSpec] {
        [
            .value("model", "NAME", "the model to check (mytaxi)"),
            .value("target", "TARGET", targets),
            .value("inject", "FAULT", "plant a named bug in the Reference (see verify list --faults)"),
            .value("scope", "NAME", "a named scope: \(Scope.named.map(\.name).joined(separator: ", ")) (default ci)"),
            .repeated("set", "KEY=VALUE", "override a scope bound, e.g. --set drivers=3"),
            .repeated("property", "ID", "check only this property (repeatable); see verify list"),
            .flag("literal", "check the seed's Alloy facts and assertions exactly as written"),
        ]
    }

    /// --model, --scope with its --set overrides, and --inject (which needs a Reference target).
    static func modelScopeAndFault(_ parsed: ParsedArguments, target: String) throws(UsageError) -> (Scope, Fault?) {
        if let model = parsed.value("model"), model != "mytaxi" {
            throw UsageError("unknown model '\(model)'; valid models: mytaxi")
        }
        var fault: Fault?
        if let name = parsed.value("inject") {
            guard let named = Fault(rawValue: name) else {
                throw UsageError("unknown fault '\(name)'; valid faults: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard target != "spec" else { throw UsageError("--inject plants a bug in the Reference, so it needs --target reference, conformance or all, not spec") }
            fault = named
        }
        var scope: Scope = .ci
        if let name = parsed.value("scope") {
            guard let named = Scope.named.first(where: { $0.name == name }) else {
                throw UsageError("unknown scope '\(name)'; valid scopes: \(Scope.named.map(\.name).joined(separator: ", "))")
            }
            scope = named
        }
        var assignments: [(key: String, value: Int)] = []
        for assignment in parsed.all("set") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]) else {
                throw UsageError("--set needs KEY=NUMBER, not '\(assignment)'; keys: \(Scope.settableKeys.map(\.key).joined(separator: ", "))")
            }
            assignments.append((parts[0], value))
        }
        do { scope = try scope.setting(assignments) } catch { throw UsageError(error.description) }
        for (key, value) in assignments { scope.name += " \(key)=\(value)" }
        return (scope, fault)
    }

    /// --property ids, each checked against every target's properties.
    static func propertyIDs(_ parsed: ParsedArguments, scope: Scope, literal: Bool) throws(UsageError) -> [String]? {
        let ids = parsed.all("property")
        guard !ids.isEmpty else { return nil }
        let adapter = ReferenceAdapter(model: MyTaxiModel(scope: scope, literal: literal))
        let known = ImplementationModel(adapter: adapter).properties.map(\.id) + ConformanceModel(adapter: adapter).properties.map(\.id)
        for id in ids where !known.contains(id) {
            throw UsageError("unknown property '\(id)'; run 'verify list' for the \(known.count) valid ids")
        }
        return ids
    }
}
