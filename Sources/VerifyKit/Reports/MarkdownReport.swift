import Checker
import ModelKit

/// `--format markdown`: the report for a pull-request comment: the verdict, a table per
/// target, and each counterexample folded under its property.
enum MarkdownReport {
    static func render(_ report: CheckReport) -> String {
        var lines = ["## RideCheck: \(report.verdict)", ""]
        // The summary first, then each violation, then the tables with violations on top.
        lines.append("**\(report.summary)**")
        lines.append("")
        if !report.unreached.isEmpty {
            lines.append("Not reached in any scope of this run: \(report.unreached.map { "`\($0)`" }.joined(separator: ", ")).")
            lines.append("")
        }
        for section in report.sections { for run in section.runs { for trace in run.counterexamples {
            lines.append("- `\(trace.propertyID ?? "deadlock")` (\(report.isSuite ? "\(section.scopeName), " : "")\(run.target), \(trace.length) steps): \(trace.witness.replacingPipes)")
        } } }
        if report.runs.contains(where: \.hasFinding) { lines.append("") }
        lines.append("Model `\(report.modelName)`, scope\(report.isSuite ? "s" : "") \(report.sections.map { "`\($0.scopeName)`" }.joined(separator: ", "))\(report.literal ? ", seed-literal properties" : "")\(report.fault.map { ", fault `\($0)` injected" } ?? "").")
        lines.append("")
        for section in report.sections { for run in section.runs {
            let name = "\(report.isSuite ? "\(section.scopeName), " : "")\(run.target)"
                + (run.implementation.map { " (`\($0.replacingPipes)`)" } ?? "")
            guard run.ran else {
                lines.append("### \(name): not run (stopped, \(run.stopReason.rawValue), before it started)")
                lines.append("")
                continue
            }
            let counts = run.walks.map { "\(grouped($0.taken)) walks, deepest \($0.deepest)" } ?? "\(grouped(run.distinct)) states, \(run.depthText)"
            lines.append("### \(name): \(counts), \(run.timeText) (\(run.stopReason.rawValue))")
            lines.append("")
            lines.append("| property | result | |")
            lines.append("| --- | --- | --- |")
            if let deadlock = run.deadlock { lines.append("| deadlock | **found** | after \(deadlock.length) steps |") }
            for property in run.properties.filter({ $0.status == "violated" }) + run.properties.filter({ $0.status != "violated" }) {
                let status = property.status == "violated" ? "**violated**" : property.label
                lines.append("| `\(property.id)` | \(status) | \(run.detail(property)) |")
            }
            lines.append("")
            for trace in run.counterexamples {
                lines.append("<details open><summary>\(trace.propertyID.map { "<code>\($0)</code> violated" } ?? "deadlock"): \(JUnitReport.escape(trace.witness))</summary>")
                lines.append("")
                lines.append("```text")
                lines.append(contentsOf: TextReport.trace(trace, colour: false))
                lines.append("```")
                lines.append("")
                if !trace.divergence.isEmpty {
                    lines.append("| field | specification | implementation |")
                    lines.append("| --- | --- | --- |")
                    for row in trace.divergence {
                        lines.append("| \(row.field.replacingPipes) | \(row.specification.replacingPipes) | \(row.implementation.replacingPipes) |")
                    }
                    lines.append("")
                }
                lines.append("</details>")
                lines.append("")
            }
        } }
        return lines.joined(separator: "\n")
    }
}
