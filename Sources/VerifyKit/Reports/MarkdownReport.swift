import Checker

/// `--format markdown`: the report for a pull-request comment: the verdict, a table per
/// target, and each counterexample folded under its property.
enum MarkdownReport {
    static func render(_ report: CheckReport) -> String {
        var lines = ["## RideCheck: \(report.verdict)", ""]
        lines.append("Model `\(report.modelName)`, scope\(report.isSuite ? "s" : "") \(report.sections.map { "`\($0.scopeName)`" }.joined(separator: ", "))\(report.literal ? ", seed-literal properties" : "")\(report.fault.map { ", fault `\($0)` injected" } ?? "").")
        lines.append("")
        for section in report.sections { for run in section.runs {
            lines.append("### \(report.isSuite ? "\(section.scopeName), " : "")\(run.target): \(grouped(run.distinct)) states, depth \(run.depth), \(String(format2: run.seconds)) s (\(run.stopReason.rawValue))")
            lines.append("")
            lines.append("| property | result | |")
            lines.append("| --- | --- | --- |")
            for property in run.properties {
                let detail: String = switch property.status {
                case "violated": "counterexample of \(property.counterexample!.length) steps"
                case "satisfied": "instance in \(property.counterexample!.length) steps"
                case "vacuous": "never exercised: proves nothing in this scope"
                case "unsatisfied": "no instance in this scope"
                default: run.holdsDetail(property)
                }
                let status = property.status == "violated" ? "**violated**" : property.status
                lines.append("| `\(property.id)` | \(status) | \(detail) |")
            }
            if let deadlock = run.deadlock { lines.append("| deadlock | **found** | after \(deadlock.length) steps |") }
            lines.append("")
            for trace in run.counterexamples {
                lines.append("<details><summary>\(trace.propertyID.map { "<code>\($0)</code> violated" } ?? "deadlock"): \(JUnitReport.escape(trace.witness))</summary>")
                lines.append("")
                lines.append("```text")
                lines.append(contentsOf: TextReport.trace(trace, colour: false))
                lines.append("```")
                lines.append("")
                lines.append("</details>")
                lines.append("")
            }
        } }
        return lines.joined(separator: "\n")
    }
}
