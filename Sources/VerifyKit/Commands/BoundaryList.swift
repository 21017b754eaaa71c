import Checker
import ModelKit

/// `verify list --boundaries`: each threshold the Spec declares, and how often the default
/// suite reached it at one unit inside, at the value itself and one unit outside. A model's
/// page carries the markdown table (a test holds it to this output).
enum BoundaryList {
    /// The suite's coverage summed over its entries, each boundary with the entries that
    /// reached any of its values. A threshold that is a scope's own (a limit compressed in
    /// some scopes, a time counted in minutes) gets a row per value and unit; one no entry
    /// reached at all, where another of the same boundary was, belongs to scopes where the
    /// rule never applies (no places to save, say) and is left out.
    struct Row {
        let coverage: BoundaryCoverage
        let entries: [String]
    }

    private struct Threshold: Equatable {
        let value: Int, unit: String
        init(_ coverage: BoundaryCoverage) { (value, unit) = (coverage.threshold, coverage.unit) }
    }

    static func rows(_ suite: [(entry: String, coverage: Coverage)]) -> [Row] {
        let perEntry = suite.map { (entry: $0.entry, coverage: $0.coverage.boundaries) }
        guard let first = perEntry.first else { return [] }
        return first.coverage.indices.flatMap { index -> [Row] in
            // A scope may also count in a unit of its own (minutes where others count ticks).
            var thresholds: [Threshold] = []
            for entry in perEntry where !thresholds.contains(Threshold(entry.coverage[index])) {
                thresholds.append(Threshold(entry.coverage[index]))
            }
            let rows = thresholds.map { threshold -> Row in
                let entries = perEntry.filter { Threshold($0.coverage[index]) == threshold }
                var total = entries[0].coverage[index]
                total.counts = total.counts.indices.map { value in
                    entries.reduce(0) { $0 + $1.coverage[index].counts[value] }
                }
                let reached = entries.filter { $0.coverage[index].counts.contains { $0 > 0 } }
                return Row(coverage: total, entries: reached.map(\.entry))
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
                let coverage = row.coverage
                let reached = coverage.values.indices.map { index in
                    JSON.object([("value", .integer(coverage.values[index])),
                                 ("count", .integer(coverage.counts[index]))])
                }
                return .object([("id", .string(coverage.id)), ("statement", .string(coverage.statement)),
                                ("source", .string(coverage.source)), ("unit", .string(coverage.unit)),
                                ("threshold", .integer(coverage.threshold)), ("reached", .array(reached)),
                                ("entries", .array(row.entries.map { .string($0) }))])
            }).rendered()
        case "markdown":
            let header = ["| boundary | the rule | source | reached in | one unit inside | at the threshold "
                            + "| one unit outside |", "| --- | --- | --- | --- | --- | --- | --- |"]
            return (header + rows.map { row in
                let coverage = row.coverage
                return "| `\(coverage.id)` | \(coverage.statement.replacingPipes) | "
                    + "\(coverage.source.replacingPipes) | "
                    + "\(row.entries.joined(separator: ", ")) | \(cell(row, 0)) | \(cell(row, 1)) | \(cell(row, 2)) |"
            }).joined(separator: "\n")
        default:
            let width = rows.map(\.coverage.id.count).max() ?? 0
            return rows.map { row in
                let unreached = row.coverage.counts.contains(0) ? "   ✗ a value never reached" : ""
                let entries = row.entries.joined(separator: ", "), indent = "".rightPadded(to: width)
                let values = "\(cell(row, 0)); \(cell(row, 1)); \(cell(row, 2))"
                return "\(row.coverage.id.rightPadded(to: width))  \(values)\(unreached)\n"
                    + "\(indent)  \(row.coverage.statement) (\(row.coverage.source)); reached in \(entries)"
            }.joined(separator: "\n")
        }
    }
}
