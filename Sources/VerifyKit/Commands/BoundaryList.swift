import Checker

/// `verify list --boundaries`: each threshold the Spec declares, and how often the default
/// suite reached it at one unit inside, at the value itself and one unit outside. A model's
/// page carries the markdown table (a test holds it to this output).
enum BoundaryList {
    /// The suite's coverage summed over its entries, each boundary with the entries that
    /// reached any of its values. A threshold that is a scope's own (a limit compressed in
    /// some scopes) gets a row per value it takes; one no entry reached at all, where another
    /// of the same boundary was, belongs to scopes where the rule never applies (no places to
    /// save, say) and is left out.
    struct Row {
        let coverage: BoundaryCoverage
        let entries: [String]
    }

    static func rows(_ perEntry: [(entry: String, coverage: [BoundaryCoverage])]) -> [Row] {
        guard let first = perEntry.first else { return [] }
        return first.coverage.indices.flatMap { index -> [Row] in
            var thresholds: [Int] = []
            for entry in perEntry where !thresholds.contains(entry.coverage[index].threshold) { thresholds.append(entry.coverage[index].threshold) }
            let rows = thresholds.map { threshold -> Row in
                let entries = perEntry.filter { $0.coverage[index].threshold == threshold }
                var total = entries[0].coverage[index]
                total.counts = total.counts.indices.map { value in entries.reduce(0) { $0 + $1.coverage[index].counts[value] } }
                return Row(coverage: total, entries: entries.filter { $0.coverage[index].counts.contains { $0 > 0 } }.map(\.entry))
            }
            let reached = rows.filter { !$0.entries.isEmpty }
            return reached.isEmpty ? rows : reached
        }
    }

    static func render(_ rows: [Row], format: String) -> String {
        if rows.isEmpty { return format == "json" ? "[]" : "the model declares no boundaries" }
        func cell(_ row: Row, _ index: Int) -> String {
            "\(row.coverage.values[index]) \(row.coverage.unit): \(grouped(row.coverage.counts[index]))"
        }
        switch format {
        case "json":
            return JSON.array(rows.map { row in
                .object([("id", .string(row.coverage.id)), ("statement", .string(row.coverage.statement)), ("source", .string(row.coverage.source)),
                         ("unit", .string(row.coverage.unit)), ("threshold", .integer(row.coverage.threshold)),
                         ("reached", .array(row.coverage.values.indices.map { index in
                             .object([("value", .integer(row.coverage.values[index])), ("count", .integer(row.coverage.counts[index]))])
                         })),
                         ("entries", .array(row.entries.map { .string($0) }))])
            }).rendered()
        case "markdown":
            return (["| boundary | the rule | source | reached in | one unit inside | at the threshold | one unit outside |",
                     "| --- | --- | --- | --- | --- | --- | --- |"] + rows.map { row in
                "| `\(row.coverage.id)` | \(row.coverage.statement.replacingPipes) | \(row.coverage.source.replacingPipes) | "
                    + "\(row.entries.joined(separator: ", ")) | \(cell(row, 0)) | \(cell(row, 1)) | \(cell(row, 2)) |"
            }).joined(separator: "\n")
        default:
            let width = rows.map(\.coverage.id.count).max() ?? 0
            return rows.map { row in
                let unreached = row.coverage.counts.contains(0) ? "   ✗ a value never reached" : ""
                return "\(row.coverage.id.rightPadded(to: width))  \(cell(row, 0)); \(cell(row, 1)); \(cell(row, 2))\(unreached)\n"
                    + "\("".rightPadded(to: width))  \(row.coverage.statement) (\(row.coverage.source)); reached in \(row.entries.joined(separator: ", "))"
            }.joined(separator: "\n")
        }
    }
}
