import Checker

/// A model's liveness properties as its catalogue lists them, in each format: written once
/// for every model, whether its catalogue is the standard one or its own (myTaxi's).
extension Liveness {
    /// The fairness `property` assumes, in words: its own, or the model's.
    public func assumed(by property: LeadsTo<M>) -> [String] {
        (property.fairness ?? fairness).map { "\($0.strength) fairness of \($0.label)" }
    }

    /// A line per property for the text catalogue, the id padded to `width`.
    public func catalogueText(width: Int) -> [String] {
        let kind = PropertyKind.leadsTo.rawValue.rightPadded(to: 12)
        return properties.map { " \($0.id.rightPadded(to: width))  \(kind) \($0.statement)" }
    }

    /// An object per property for the JSON catalogue.
    public var catalogueJSON: [JSON] {
        properties.map { property in
            .object([
                ("id", .string(property.id)), ("kind", .string(PropertyKind.leadsTo.rawValue)),
                ("group", .string("liveness")), ("checkedByDefault", .bool(true)),
                ("statement", .string(property.statement)), ("source", .string(property.source)),
                ("fairness", .array(assumed(by: property).map(JSON.string))),
            ])
        }
    }

    /// The markdown catalogue's section: a heading, what the kind means, a row per property.
    public var catalogueMarkdown: [String] {
        var lines = [
            "## Liveness (\(properties.count))", "",
            "Each **leads-to** property is checked after the search on the graph it explored, on the spec",
            "and reference targets: every fair behaviour that starts its obligation meets it. A violation",
            "is a lasso (a stem, then a cycle repeated forever); where the scope's bound decided it, the",
            "verdict is inconclusive.",
            "",
            "| id | statement | fairness assumed | source |", "| --- | --- | --- | --- |",
        ]
        for property in properties {
            let fairness = assumed(by: property).joined(separator: "; ")
            lines.append(
                "| `\(property.id)` | \(property.statement.replacingPipes) | \(fairness) | "
                    + "\(property.source.replacingPipes) |")
        }
        return lines
    }
}
