/// `--format junit`: JUnit XML, one test suite per target and one test case per property, so
/// any CI shows the results natively. A violation is a failure whose text is the readable
/// trace; a vacuous property, or a reachability property with no instance, is skipped.
enum JUnitReport {
    static func render(_ report: CheckReport) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let tests = report.runs.reduce(0) { $0 + $1.properties.count + 1 }
        let failures = report.runs.reduce(0) { $0 + $1.properties.filter { $0.status == "violated" }.count + ($1.deadlock == nil ? 0 : 1) }
        let seconds = report.runs.reduce(0) { $0 + $1.seconds }
        lines.append(#"<testsuites name="RideCheck \#(escape(report.scopeNames))" tests="\#(tests)" failures="\#(failures)" time="\#(String(format2: seconds))">"#)
        for section in report.sections { for run in section.runs {
            let suite = "\(report.modelName).\(report.isSuite ? "\(section.scopeName)." : "")\(run.target)"
            let runFailures = run.properties.filter { $0.status == "violated" }.count + (run.deadlock == nil ? 0 : 1)
            lines.append(#"  <testsuite name="\#(suite)" tests="\#(run.properties.count + 1)" failures="\#(runFailures)" time="\#(String(format2: run.seconds))">"#)
            lines.append("    <properties>")
            for (name, value) in [("scope", section.scopeName), ("distinct", "\(run.distinct)"), ("generated", "\(run.generated)"),
                                  ("depth", "\(run.depth)"), ("stopped", run.stopReason.rawValue), ("fault", report.fault ?? "none")] {
                lines.append(#"      <property name="\#(name)" value="\#(escape(value))"/>"#)
            }
            lines.append("    </properties>")
            for property in run.properties {
                lines.append(contentsOf: testcase(suite: suite, name: property.id, status: property.status, trace: property.counterexample))
            }
            lines.append(contentsOf: testcase(suite: suite, name: "deadlock", status: run.deadlock == nil ? "holds" : "violated", trace: run.deadlock))
            if !run.isComplete {
                lines.append("    <system-out>incomplete: stopped (\(escape(run.stopReason.rawValue))) before the run covered the scope</system-out>")
            }
            lines.append("  </testsuite>")
        } }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    static func testcase(suite: String, name: String, status: String, trace: PresentedTrace?) -> [String] {
        let open = #"    <testcase classname="\#(suite)" name="\#(escape(name))">"#
        switch status {
        case "violated":
            let text = TextReport.trace(trace!, colour: false).joined(separator: "\n")
            return [open, #"      <failure type="violated" message="\#(escape(trace!.witness))">\#(escape(text))</failure>"#, "    </testcase>"]
        case "vacuous":
            return [open, #"      <skipped message="never exercised: proves nothing in this scope"/>"#, "    </testcase>"]
        case "unsatisfied":
            return [open, #"      <skipped message="no instance in this scope"/>"#, "    </testcase>"]
        default:
            return [#"    <testcase classname="\#(suite)" name="\#(escape(name))"/>"#]
        }
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
