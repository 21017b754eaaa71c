import Checker
import Foundation
import ModelKit

/// A trace file read back, before its model reads the scope and the actions: the model it is a
/// trace of, the scope it was found in, what it showed, and each step's action in words.
struct ITFTrace {
    struct Step {
        /// The step's position among the trace's states (the initial state is 0).
        let index: Int
        let action: String
        let parameters: [String: String]
    }

    let model: String
    let scopeBase: String
    /// The scope's whole numbers, as the metadata records them.
    let scopeFields: [String: Int]
    let target: String
    let property: String
    let fault: String?
    let steps: [Step]
    /// Each state's variables as recorded, the initial state first.
    let states: [[String: ITFValue]]
    /// For a lasso: the index of the state its last one equals, where the cycle starts.
    var loop: Int? = nil
}

/// Reads the ITF files `verify check --trace-dir` writes. Every problem is a usage error
/// (exit 2) that names the file's position or step and what is wrong.
enum ITFReader {
    /// `models`: the names of the registered models, one of which the trace must be of.
    static func read(path: String, models: [String]) throws(UsageError) -> ITFTrace {
        if Output.kind(of: path) == .folder { throw UsageError("cannot read trace '\(path)': it is a folder") }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw UsageError("cannot read trace '\(path)': \(Output.reason(error))")
        }
        return try parse(data, name: path, models: models)
    }

    static func parse(_ data: Data, name: String, models: [String]) throws(UsageError) -> ITFTrace {
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
        guard models.contains(source) else { throw UsageError("\(name) is a trace of model '\(source)'; valid models: \(models.joined(separator: ", "))") }
        guard let scope = meta["scope"] as? [String: Any], let base = scope["base"] as? String else {
            throw UsageError("\(name): '#meta' has no 'scope' with a 'base' scope name")
        }
        // Whole numbers, written as ITF writes them ({"#bigint": "2"}) or as plain JSON numbers,
        // and booleans as 0 and 1: a bound written 2.5 or "2" is missing, and the model names it.
        var fields: [String: Int] = [:]
        for (key, value) in scope {
            switch ITFValue(reading: value) {
            case .integer(let number): fields[key] = number
            case .bool(let flag): fields[key] = flag ? 1 : 0
            default: break
            }
        }
        guard !states.isEmpty else { throw UsageError("\(name): 'states' is empty; a trace has at least its initial state") }
        var steps: [ITFTrace.Step] = []
        for (index, state) in states.enumerated().dropFirst() {
            guard let stateMeta = state["#meta"] as? [String: Any], let action = stateMeta["action"] as? String else {
                throw UsageError("\(name): state \(index) has no action in its '#meta'")
            }
            let raw = stateMeta["parameters"] as? [String: Any] ?? [:]
            var parameters: [String: String] = [:]
            for (key, value) in raw {
                guard let text = ITFValue(reading: value)?.parameterText else {
                    throw UsageError("\(name): step \(index): parameter '\(key)' is not a string, a whole number or a boolean")
                }
                parameters[key] = text
            }
            steps.append(ITFTrace.Step(index: index, action: action, parameters: parameters))
        }
        var recorded: [[String: ITFValue]] = []
        for (index, state) in states.enumerated() {
            var variables: [String: ITFValue] = [:]
            for (key, value) in state where key != "#meta" {
                guard let read = ITFValue(reading: value) else { throw UsageError("\(name): state \(index): '\(key)' holds a number that is not whole") }
                variables[key] = read
            }
            recorded.append(variables)
        }
        let target = meta["target"] as? String ?? "spec"
        guard CheckTarget(rawValue: target) != nil else {
            throw UsageError("\(name): unknown target '\(target)' in '#meta'; valid targets: \(CheckTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let fault: String?
        switch meta["fault"] {
        case nil, is NSNull: fault = nil
        case let named as String: fault = named
        default: throw UsageError("\(name): the fault in '#meta' is not a name")
        }
        var trace = ITFTrace(model: source, scopeBase: base, scopeFields: fields, target: target,
                             property: meta["property"] as? String ?? "deadlock", fault: fault, steps: steps,
                             states: recorded)
        if let loop = document["loop"] {
            guard case .integer(let index) = ITFValue(reading: loop), (0..<states.count).contains(index) else {
                throw UsageError("\(name): 'loop' is not the index of one of its \(states.count) states")
            }
            trace.loop = index
        }
        return trace
    }
}
