import Foundation
import Spec

/// A trace file read back: the scope it was found in, what it showed, and its actions.
struct ITFTrace {
    let scope: Scope
    let target: String
    let property: String
    let fault: String?
    let actions: [TaxiAction]
}

/// Reads the ITF files `verify check --trace-dir` writes. Every problem is a usage error
/// (exit 2) that names the file's position or step and what is wrong.
enum ITFReader {
    static func read(path: String) throws(UsageError) -> ITFTrace {
        if Output.kind(of: path) == .folder { throw UsageError("cannot read trace '\(path)': it is a folder") }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw UsageError("cannot read trace '\(path)': \(Output.reason(error))")
        }
        return try parse(data, name: path)
    }

    static func parse(_ data: Data, name: String) throws(UsageError) -> ITFTrace {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw UsageError("\(name) is not JSON: \(detail)")
        }
        guard let document = root as? [String: Any] else { throw UsageError("\(name) is not an ITF trace: the top level is not an object") }
        guard let states = document["states"] as? [[String: Any]] else {
            throw UsageError("\(name) is not an ITF trace: it has no 'states' array of objects")
        }
        guard let meta = document["#meta"] as? [String: Any] else { throw UsageError("\(name) is not an ITF trace from verify: it has no '#meta' object") }
        let source = meta["source"] as? String ?? "(none)"
        guard source == "mytaxi" else { throw UsageError("\(name) is a trace of model '\(source)'; valid models: mytaxi") }
        let scope = try readScope(meta["scope"], name: name)
        guard !states.isEmpty else { throw UsageError("\(name): 'states' is empty; a trace has at least its initial state") }
        var actions: [TaxiAction] = []
        for (index, state) in states.enumerated().dropFirst() {
            guard let stateMeta = state["#meta"] as? [String: Any], let action = stateMeta["action"] as? String else {
                throw UsageError("\(name): state \(index) has no action in its '#meta'")
            }
            let raw = stateMeta["parameters"] as? [String: Any] ?? [:]
            var parameters: [String: String] = [:]
            for (key, value) in raw {
                guard let text = value as? String else { throw UsageError("\(name): step \(index): parameter '\(key)' is not a string") }
                parameters[key] = text
            }
            do {
                actions.append(try TaxiAction(name: action, parameters: parameters, scope: scope))
            } catch {
                throw UsageError("\(name): step \(index): \(error.description)")
            }
        }
        return ITFTrace(scope: scope, target: meta["target"] as? String ?? "spec", property: meta["property"] as? String ?? "deadlock",
                        fault: meta["fault"] as? String, actions: actions)
    }

    static func readScope(_ value: Any?, name: String) throws(UsageError) -> Scope {
        guard let fields = value as? [String: Any], let base = fields["base"] as? String else {
            throw UsageError("\(name): '#meta' has no 'scope' with a 'base' scope name")
        }
        guard var scope = Scope.named.first(where: { $0.name == base }) else {
            throw UsageError("\(name): unknown scope '\(base)'; valid scopes: \(Scope.named.map(\.name).joined(separator: ", "))")
        }
        var assignments: [(key: String, value: Int)] = []
        for key in Scope.settableKeys.map(\.key) where key != "depth" {
            guard let number = fields[key] as? Int else { throw UsageError("\(name): the scope has no whole number '\(key)'") }
            assignments.append((key, number))
        }
        do { scope = try scope.setting(assignments) } catch { throw UsageError("\(name): \(error.description)") }
        scope.depth = nil
        return scope
    }
}
