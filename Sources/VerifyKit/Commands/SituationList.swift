import Checker
import ModelKit

/// `verify list --environments` and `--contention`: each situation of that kind the Spec
/// declares, case by case, with how often the default suite met it where its action was
/// offered and the entries that did. A model's page carries the markdown table (a test holds
/// it to this output, and fails on a case never met).
enum SituationList {
    struct Row {
        let coverage: SituationCoverage
        /// For each case, the entries that met it.
        let entries: [[String]]
    }

    /// The suite's counts summed over its entries, for the situations of `kind`.
    static func rows(_ suite: [(entry: String, coverage: Coverage)], _ kind: SituationKind) -> [Row] {
        guard let first = suite.first else { return [] }
        return first.coverage.situations.indices.filter { first.coverage.situations[$0].kind == kind }.map { index in
            var total = first.coverage.situations[index]
            total.counts = total.counts.indices.map { reached in
                suite.reduce(0) { $0 + $1.coverage.situations[index].counts[reached] }
            }
            let entries = total.cases.indices.map { reached in
                suite.filter { $0.coverage.situations[index].counts[reached] > 0 }.map(\.entry)
            }
            return Row(coverage: total, entries: entries)
        }
    }

    static func render(_ rows: [Row], _ kind: SituationKind, format: String) -> String {
        let noun = kind == .environment ? "environments" : "contention"
        if rows.isEmpty { return format == "json" ? "[]" : "the model declares no \(noun)" }
        switch format {
        case "json":
            return JSON.array(rows.map { row in
                let coverage = row.coverage
                let cases = coverage.cases.indices.map { index in
                    JSON.object([("case", .string(coverage.cases[index])), ("count", .integer(coverage.counts[index])),
                                 ("entries", .array(row.entries[index].map { .string($0) }))])
                }
                return .object([("id", .string(coverage.id)), ("kind", .string(coverage.kind.rawValue)),
                                ("statement", .string(coverage.statement)), ("source", .string(coverage.source)),
                                ("cases", .array(cases))])
            }).rendered()
        case "markdown":
            let first = kind == .environment ? "environment" : "rule"
            let header = ["| \(first) | the rule | source | case | met | met in |",
                          "| --- | --- | --- | --- | --- | --- |"]
            return (header + rows.flatMap { row in
                let coverage = row.coverage
                return coverage.cases.indices.map { index in
                    let lead = index == 0
                        ? "| `\(coverage.id)` | \(coverage.statement.replacingPipes) | "
                            + "\(coverage.source.replacingPipes) |"
                        : "| | | |"
                    return lead + " \(coverage.cases[index].replacingPipes) | \(grouped(coverage.counts[index])) | "
                        + "\(row.entries[index].joined(separator: ", ")) |"
                }
            }).joined(separator: "\n")
        default:
            let width = rows.flatMap(\.coverage.cases).map(\.count).max() ?? 0
            return rows.map { row in
                let coverage = row.coverage
                let cases = coverage.cases.indices.map { index in
                    let never = coverage.counts[index] == 0 ? "   ✗ never met" : ""
                    return "  \(coverage.cases[index].rightPadded(to: width))  \(grouped(coverage.counts[index]))"
                        + "\(never)"
                }
                return (["\(coverage.id): \(coverage.statement) (\(coverage.source))"] + cases).joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }
}
