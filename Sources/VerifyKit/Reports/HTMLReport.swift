import Checker
import ModelKit

/// `--format html`: one self-contained page for reviewers (no network: inline style and
/// script, and a content security policy that forbids fetching anything). The results
/// table per target; per counterexample, the steps with the changed fields highlighted, each
/// zone's queue drawn as a row of drivers, and the violated property with its witness, the
/// entities it names marked.
enum HTMLReport {
    static func render(_ report: CheckReport) -> String {
        var body: [String] = []
        body.append(#"<h1>RideCheck: <span class="verdict \#(report.verdict)">\#(report.verdict)</span></h1>"#)
        body.append(#"<p class="meta">model \#(escape(report.modelName)), scope\#(report.isSuite ? "s" : "") \#(report.sections.map { "<code>\(escape($0.scopeName))</code>" }.joined(separator: ", "))\#(report.literal ? ", seed-literal properties" : "")\#(report.fault.map { ", fault <code>\(escape($0))</code> injected" } ?? "")</p>"#)
        // The summary first, then every violation with a link to its trace.
        body.append(#"<p id="summary">\#(escape(report.summary))</p>"#)
        let violations = report.sections.flatMap { section in section.runs.flatMap { run in
            run.counterexamples.map { (runID(run, section, report), run.target, $0) }
        } }
        if !violations.isEmpty {
            body.append(#"<ul class="violations">"# + violations.map { id, target, trace in
                let name = trace.propertyID ?? "deadlock"
                return ##"<li><a href="#cx-\##(id)-\##(name)"><code>\##(escape(name))</code></a> (\##(target), \##(trace.length) steps): \##(escape(trace.witness))</li>"##
            }.joined() + "</ul>")
        }
        for section in report.sections { for run in section.runs {
            let runID = runID(run, section, report)
            body.append(#"<section class="run" id="run-\#(runID)">"#)
            let service = run.implementation.map { " (\(escape($0)))" } ?? ""
            body.append("<h2>\(report.isSuite ? "\(escape(section.scopeName)), " : "")\(run.target)\(service)</h2>")
            guard run.ran else {
                body.append(#"<p class="counts notrun">not run: stopped (\#(run.stopReason.rawValue)) before this target started; nothing was checked</p></section>"#)
                continue
            }
            let counts = run.walks.map { "\(grouped($0.taken)) of \(grouped($0.plan.walks)) seeded walks (seed \($0.plan.seed)), \(grouped($0.steps)) steps, deepest \($0.deepest)" }
                ?? "\(grouped(run.distinct)) distinct states, \(grouped(run.generated)) generated, \(run.depthText)"
            body.append(#"<p class="counts">\#(counts), \#(run.timeText), stopped: \#(run.stopReason.rawValue)</p>"#)
            body.append(#"<table class="results"><thead><tr><th>property</th><th>result</th><th></th></tr></thead><tbody>"#)
            if let deadlock = run.deadlock {
                body.append(##"<tr class="violated" data-property="deadlock"><td>deadlock</td><td class="status">violated</td><td><a href="#cx-\##(runID)-deadlock">after \##(deadlock.length) steps</a></td></tr>"##)
            }
            // Violations first; the rest in catalogue order.
            for property in run.properties.filter({ $0.status == "violated" }) + run.properties.filter({ $0.status != "violated" }) {
                let anchor = "cx-\(runID)-\(property.id)"
                let detail = property.status == "violated" ? ##"<a href="#\##(anchor)">\##(run.detail(property))</a>"## : run.detail(property)
                body.append(#"<tr class="\#(property.status)" data-property="\#(property.id)"><td><code>\#(property.id)</code></td><td class="status">\#(property.label)</td><td>\#(detail)</td></tr>"#)
            }
            body.append("</tbody></table>")
            for trace in run.counterexamples { body.append(contentsOf: counterexample(trace, target: runID)) }
            body.append("</section>")
        } }
        return page(title: "RideCheck: \(report.verdict)", body: body, styles: report.styles)
    }

    static func runID(_ run: TargetRun, _ section: CheckReport.Section, _ report: CheckReport) -> String {
        report.isSuite ? "\(section.scopeName.replacingOccurrences(of: " ", with: "-"))-\(run.target)" : run.target
    }

    static func counterexample(_ trace: PresentedTrace, target: String) -> [String] {
        let id = trace.propertyID ?? "deadlock"
        var lines = [#"<section class="counterexample" id="cx-\#(target)-\#(id)">"#]
        lines.append("<h3><code>\(escape(id))</code> \(trace.propertyID == nil ? "found" : "violated"): \(trace.length) steps</h3>")
        lines.append(#"<p class="witness">✗ \#(escape(trace.witness))</p>"#)
        lines.append(#"<ol class="steps" start="0">"#)
        lines.append(#"<li class="step"><div class="action">initial state</div>\#(trace.initialHTML)</li>"#)
        for (number, step) in trace.steps.enumerated() {
            let list = step.changes.isEmpty ? #"<p class="nochange">(no change)</p>"# : "<ul class=\"changes\">" + step.changes.map { #"<li class="changed">\#(escape($0))</li>"# }.joined() + "</ul>"
            // The step where the property fails is marked, in words as well as colour; in a
            // lasso, where the cycle starts and that it goes back.
            if number == trace.loopStart {
                lines.append(#"<li class="loop">↻ the cycle starts here, repeated forever:</li>"#)
            }
            let last = number == trace.steps.count - 1
            let mark = !last ? "" : trace.loopStart == nil ? #"<span class="fails">✗ fails here</span>"#
                : #"<span class="fails">↺ back to the state after step \#(trace.loopStart!)</span>"#
            lines.append(#"<li class="step\#(last ? " last" : "")"><div class="action"><code>\#(escape(step.action))</code>\#(mark)</div>\#(list)\#(step.html)</li>"#)
        }
        if let loopStart = trace.loopStart, loopStart == trace.length {
            lines.append(#"<li class="loop">■ the behaviour stops here: nothing fair is left to take</li>"#)
        }
        lines.append("</ol>")
        if !trace.divergence.isEmpty {
            // The Spec's and the implementation's values side by side, not as a before and after.
            lines.append(#"<table class="divergence"><thead><tr><th>field</th><th>specification</th><th>implementation</th></tr></thead><tbody>"#)
            for row in trace.divergence {
                lines.append(row.specification.isEmpty && row.implementation.isEmpty
                    ? #"<tr><td colspan="3">\#(escape(row.field))</td></tr>"#
                    : #"<tr><td>\#(escape(row.field))</td><td class="spec">\#(escape(row.specification))</td><td class="impl">\#(escape(row.implementation))</td></tr>"#)
            }
            lines.append("</tbody></table>")
        }
        lines.append("</section>")
        return lines
    }

    static func escape(_ text: String) -> String { JUnitReport.escape(text) }

    /// `styles`: the model's own, for the presentation its plug-in writes.
    static func page(title: String, body: [String], styles: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>\(escape(title))</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
        code { font: 13px ui-monospace, monospace; }
        .verdict.holds { color: #176f2c; } .verdict.violated { color: #b3261e; } .verdict.incomplete, .verdict.unreached { color: #8a6100; }
        table.results { border-collapse: collapse; margin: 0.5em 0 1.5em; }
        table.results td, table.results th { border-bottom: 1px solid #ddd; padding: 2px 10px; text-align: left; }
        tr.violated td.status { color: #b3261e; font-weight: bold; } tr.vacuous td.status, tr.unsatisfied td.status { color: #8a6100; }
        tr.holds td.status, tr.satisfied td.status { color: #176f2c; }
        .counterexample { border-left: 4px solid #b3261e; padding-left: 1em; margin: 1.5em 0; }
        .witness { color: #b3261e; font-weight: bold; }
        ol.steps li.step { margin: 0.6em 0; }
        ol.steps li.step.last { border-left: 3px solid #b3261e; padding-left: 0.5em; }
        ol.steps li.loop { list-style: none; color: #b3261e; font-weight: bold; }
        .fails { color: #b3261e; font-weight: bold; margin-left: 1em; }
        ul.violations li { margin: 0.2em 0; }
        table.divergence { border-collapse: collapse; margin: 0.5em 0; }
        table.divergence td, table.divergence th { border: 1px solid #ddd; padding: 2px 8px; text-align: left; }
        td.spec { background: #e8f5e9; } td.impl { background: #fdecea; }
        .notrun { color: #8a6100; }
        ul.changes { margin: 0.2em 0; padding-left: 1.2em; }
        li.changed { background: #fff3b0; display: inline-block; margin: 1px 4px 1px 0; padding: 0 4px; border-radius: 3px; list-style: none; }
        .shape .fields { color: #444; margin-top: 0.3em; }
        .entities { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 0.3em; }
        .entity { border: 1px solid #575; border-radius: 4px; padding: 0 6px; background: #efe; }
        .entity.witness { background: #fdd; border-color: #b3261e; font-weight: bold; }
        \(styles)
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        <script>
        // The page works without scripts; with them, the first violation's trace opens in view.
        const first = document.querySelector("ul.violations a");
        document.body.dataset.violations = document.querySelectorAll("ul.violations li").length;
        if (first && !location.hash) { document.querySelector(first.getAttribute("href")).scrollIntoView(); }
        </script>
        </body>
        </html>
        """
    }
}
