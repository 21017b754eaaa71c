import Checker
import ModelKit

/// `--format junit`: JUnit XML, one test suite per target and one test case per property and
/// its deadlock check, so any CI shows the results natively, counted as every report counts
/// them (`CheckReport.tally`). A violation is a failure whose text is the readable trace; a
/// vacuous property, a reachability property with no instance, every check a run stopped
/// early did not find violated, and a target that never started are skipped, with the reason.
enum JUnitReport {
    static func render(_ report: CheckReport) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let tally = report.tally
        let seconds = report.runs.reduce(0) { $0 + $1.seconds }
        lines.append(#"<testsuites name="RideCheck \#(escape(report.scopeNames))" tests="\#(tally.checks)" failures="\#(tally.violated)" skipped="\#(report.skipped)" time="\#(String(format2: seconds))">"#)
        for section in report.sections { for run in section.runs {
            let suite = "\(report.modelName).\(report.isSuite ? "\(section.scopeName)." : "")\(run.target)"
            guard run.ran else {
                lines.append(#"  <testsuite name="\#(suite)" tests="1" failures="0" skipped="1" time="0.00">"#)
                lines.append(#"    <testcase classname="\#(suite)" name="(target)">"#)
                lines.append(#"      <skipped message="not run: stopped (\#(escape(run.stopReason.rawValue))) before this target started"/>"#)
                lines.append("    </testcase>")
                lines.append("  </testsuite>")
                continue
            }
            let runFailures = run.properties.filter { $0.status == "violated" }.count + (run.deadlock == nil ? 0 : 1)
            let runSkipped = skipped(in: run)
            lines.append(#"  <testsuite name="\#(suite)" tests="\#(run.properties.count + 1)" failures="\#(runFailures)" skipped="\#(runSkipped)" time="\#(String(format2: run.seconds))">"#)
            lines.append("    <properties>")
            for (name, value) in [("scope", section.scopeName), ("distinct", "\(run.distinct)"), ("generated", "\(run.generated)"),
                                  ("depth", "\(run.depth)"), ("stopped", run.stopReason.rawValue), ("fault", report.fault ?? "none")] {
                lines.append(#"      <property name="\#(name)" value="\#(escape(value))"/>"#)
            }
            lines.append("    </properties>")
            for property in run.properties {
                lines.append(contentsOf: testcase(suite: suite, name: property.id, status: property.status, trace: property.counterexample, run: run))
            }
            lines.append(contentsOf: testcase(suite: suite, name: "deadlock", status: run.deadlock == nil ? "holds" : "violated", trace: run.deadlock, run: run))
            if !run.isComplete {
                lines.append("    <system-out>incomplete: stopped (\(escape(run.stopReason.rawValue))) before the run covered the scope</system-out>")
            }
            lines.append("  </testsuite>")
        } }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// How many of a run's checks are skipped (a run that never started counts as one).
    static func skipped(in run: TargetRun) -> Int {
        guard run.ran else { return 1 }
        return run.properties.filter { skipReason(status: $0.status, run: run) != nil }.count + (run.deadlock == nil && !run.isComplete ? 1 : 0)
    }

    /// Why a check that was not violated is skipped, or nil when it passed.
    static func skipReason(status: String, run: TargetRun) -> String? {
        switch status {
        case "violated", "satisfied": return nil
        case _ where !run.isComplete: return "not covered: the run stopped (\(run.stopReason.rawValue)) before it covered the scope"
        case "vacuous": return "never exercised: proves nothing in this scope"
        case "unsatisfied": return "no instance in this scope"
        case "inconclusive" where run.liveness?.overBudget == true:
            return "undecided: the liveness graph passed the memory budget"
        case "inconclusive": return "undecided: the scope's bound cut the graph where the obligation was pending"
        default: return nil
        }
    }

    static func testcase(suite: String, name: String, status: String, trace: PresentedTrace?, run: TargetRun) -> [String] {
        let open = #"    <testcase classname="\#(suite)" name="\#(escape(name))">"#
        if status == "violated" {
            let text = TextReport.trace(trace!, colour: false).joined(separator: "\n")
            return [open, #"      <failure type="violated" message="\#(escape(trace!.witness))">\#(escape(text))</failure>"#, "    </testcase>"]
        }
        if let reason = skipReason(status: status, run: run) {
            return [open, #"      <skipped message="\#(escape(reason))"/>"#, "    </testcase>"]
        }
        return [#"    <testcase classname="\#(suite)" name="\#(escape(name))"/>"#]
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
