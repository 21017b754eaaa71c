import Checker

/// A model's property catalogue in each format `verify list` writes: every property with its
/// id, kind, whether it is checked by default, statement, source and Swift symbol; then, in
/// markdown, the conformance checks, the faults and the actions. A model gives its heading (a
/// title and lines about where the rules come from); the rest is the same for every model.
public struct CatalogueDocument<M: Model>: Sendable {
    public let title: String
    /// Lines after the title: how the file is generated and what the seed's formal text is.
    public let preamble: [String]
    public let properties: [Property<M>]
    /// The checks that compare the Reference with the Spec: id, kind, statement.
    public let conformance: [(id: String, kind: String, statement: String)]
    public let faults: [FaultDescription]
    public let actions: [ActionDescription]
    /// What the user sees that the model leaves out on purpose, with the reasons.
    public let notModelled: [NotModelled]
    /// The liveness properties and the fairness the model assumes.
    public var liveness = Liveness<M>()

    public init(title: String, preamble: [String], properties: [Property<M>], conformance: [(id: String, kind: String, statement: String)],
                faults: [FaultDescription], actions: [ActionDescription], notModelled: [NotModelled] = []) {
        self.notModelled = notModelled
        self.title = title
        self.preamble = preamble
        self.properties = properties
        self.conformance = conformance
        self.faults = faults
        self.actions = actions
    }

    public func render(_ format: CatalogueFormat) -> String {
        switch format {
        case .text:
            let width = (properties.map(\.id.count) + liveness.properties.map(\.id.count)).max() ?? 0
            func line(_ mark: String, _ id: String, _ kind: String, _ statement: String) -> String {
                "\(mark) \(id.rightPadded(to: width))  \(kind.rightPadded(to: 12)) \(statement)"
            }
            let lines = properties.map { line($0.checkedByDefault ? " " : "L", $0.id, $0.kind.rawValue, $0.statement) }
                + liveness.catalogueText(width: width)
            return lines.joined(separator: "\n") + "\n\nL = seed-literal only: checked with --literal"
        case .json:
            return JSON.array(properties.map { property in
                .object([("id", .string(property.id)), ("kind", .string(property.kind.rawValue)), ("group", .string(property.group)),
                         ("checkedByDefault", .bool(property.checkedByDefault)), ("statement", .string(property.statement)),
                         ("source", .string(property.source)), ("symbol", .string(property.symbol)), ("note", .string(property.note))])
            } + liveness.catalogueJSON).rendered()
        case .markdown:
            return markdown
        }
    }

    var markdown: String {
        var lines = ["# \(title)", ""] + preamble + [
            "",
            "Kinds: an **invariant** holds in every state; an **action** property holds on every transition; a **reachability**",
            "property must be satisfied in some state. Default: checked by `verify check`; literal: checked with `--literal`.",
            "",
            "| id | kind | checked | statement | source | Swift symbol |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for property in properties {
            let statement = property.note.isEmpty ? property.statement : "\(property.statement) *\(property.note)*"
            lines.append("| `\(property.id)` | \(property.kind.rawValue) | \(property.checkedByDefault ? "default" : "literal") | \(statement.replacingPipes) | \(property.source.replacingPipes) | `\(property.symbol)` |")
        }
        if !liveness.properties.isEmpty { lines += [""] + liveness.catalogueMarkdown }
        lines += ["", "## Conformance of the Reference to the Spec (\(conformance.count))", "", "| id | kind | statement |", "| --- | --- | --- |"]
        for check in conformance { lines.append("| `\(check.id)` | \(check.kind) | \(check.statement) |") }
        lines += ["", "## Faults that `--inject` plants in the Reference (\(faults.count))", "",
                  "| fault | area | the bug | caught by | scope | steps |", "| --- | --- | --- | --- | --- | --- |"]
        for fault in faults {
            lines.append("| `\(fault.name)` | \(fault.area) | \(fault.summary.replacingPipes) | \(fault.target): `\(fault.property)` | \(fault.scope) | \(fault.steps) |")
        }
        lines += ["", "## Actions (\(actions.count))", "", "| action | source |", "| --- | --- |"]
        for action in actions { lines.append("| `\(action.name)` | \(action.source.replacingPipes) |") }
        if !notModelled.isEmpty {
            lines += ["", "## Seen by the user, not modelled (\(notModelled.count))", "", notModelled.markdownTable]
        }
        return lines.joined(separator: "\n")
    }
}

extension SettableKey {
    /// `assignments` checked against `keys`: each key known, given once, and in its range; in
    /// the order given, for the model to apply. Each error names the key and what is allowed.
    public static func validated(_ assignments: [(key: String, value: Int)], against keys: [SettableKey]) throws(ModelInputError) -> [(key: String, value: Int)] {
        var seen: Set<String> = []
        for (key, value) in assignments {
            guard seen.insert(key).inserted else { throw ModelInputError("\(key) is set twice; give each key once") }
            guard let entry = keys.first(where: { $0.key == key }) else {
                throw ModelInputError("unknown scope key '\(key)'; valid keys: \(keys.map(\.key).joined(separator: ", "))")
            }
            guard entry.range.contains(value) else {
                throw ModelInputError("\(key)=\(value) is out of range; \(key) must be in \(entry.range.lowerBound)...\(entry.range.upperBound)")
            }
        }
        return assignments
    }
}
