import Checker
import ModelKit

/// What `verify check` ran and found: for each scope it checked (one, or the model's default
/// suite), one run per target, in the order they ran.
struct CheckReport {
    /// One scope's runs.
    struct Section {
        let scopeName: String
        /// The scope as the JSON report describes it.
        let scopeJSON: JSON
        /// The scope as trace files record it, for replay.
        let traceScope: JSON
        let runs: [TargetRun]
    }

    let modelName: String
    let target: String
    let literal: Bool
    let fault: String?
    let sections: [Section]
    /// Where counterexamples are written as ITF files, if anywhere.
    var traceDirectory: String? = nil
    /// The model's own style for its states' HTML (`ModelPlugin.css`).
    var styles = ""

    var runs: [TargetRun] { sections.flatMap(\.runs) }
    /// Several scopes: the model's default suite.
    var isSuite: Bool { sections.count > 1 }
    var scopeNames: String { sections.map(\.scopeName).joined(separator: ", ") }

    /// The trace file of a target's counterexample for `property` (nil: the deadlock); in a
    /// suite the file name starts with the scope's.
    func traceFile(scope: String, target: String, property: String?) -> String? {
        traceDirectory.map { "\($0)/\(isSuite ? "\(scope)-" : "")\(target)-\(property ?? "deadlock").itf.json" }
    }

    /// The checks of the whole report, counted once for every format: each property of each
    /// target that ran and its deadlock check, and each target that did not run; how many
    /// were violated; how many were not covered (a target that did not run, and in a run
    /// stopped early, every check it did not find violated).
    var tally: (checks: Int, violated: Int, notCovered: Int) {
        var checks = 0, violated = 0, notCovered = 0
        for run in runs {
            guard run.ran else { checks += 1; notCovered += 1; continue }
            let found = run.properties.filter { $0.status == "violated" }.count + (run.deadlock == nil ? 0 : 1)
            checks += run.properties.count + 1
            violated += found
            if !run.isComplete { notCovered += run.properties.count + 1 - found }
        }
        return (checks, violated, notCovered)
    }

    /// How many checks JUnit marks skipped: those not covered, the vacuous ones and the
    /// reachability properties without an instance in runs that covered their scope.
    var skipped: Int { runs.reduce(0) { $0 + JUnitReport.skipped(in: $1) } }

    /// The tally in words: "2 of 45 checks violated", and what was not covered.
    var summary: String {
        let (checks, violated, notCovered) = tally
        return "\(violated) of \(checks) checks violated" + (notCovered > 0 ? "; \(notCovered) not covered (the run stopped before it covered the scope)" : "")
    }

    /// The verdict: `violated`, `incomplete`, `unreached` (no violation, but a reachability
    /// property checked here has an instance in no scope and no target of the run: the model may
    /// be over-constrained, or the scopes too small), or `holds`. Unreached exits 0 like holds:
    /// a witness a small scope cannot contain is no bug, and `--scope ci` stays a green fast
    /// loop; the word, and the line after it, keep the run from claiming more than it showed.
    var verdict: String {
        if runs.contains(where: \.hasFinding) { return "violated" }
        if !runs.allSatisfy(\.isComplete) { return "incomplete" }
        if !inconclusive.isEmpty { return "inconclusive" }
        return unreached.isEmpty ? "holds" : "unreached"
    }

    /// The reachability properties checked in the report with an instance in none of its runs,
    /// in catalogue order.
    var unreached: [String] {
        var seen: [String] = [], reached: Set<String> = []
        for run in runs where run.ran {
            for property in run.properties where property.kind == .reachability {
                if !seen.contains(property.id) { seen.append(property.id) }
                if property.status == "satisfied" { reached.insert(property.id) }
            }
        }
        return seen.filter { !reached.contains($0) }
    }

    /// The liveness properties the scope's bound left undecided in some run, in catalogue order.
    var inconclusive: [String] {
        var ids: [String] = []
        for run in runs where run.ran {
            for property in run.properties where property.status == "inconclusive" && !ids.contains(property.id) {
                ids.append(property.id)
            }
        }
        return ids
    }

    /// 1 for a finding; 3 when the run did not cover its scope or a liveness property was
    /// left undecided by the scope's bound (neither proved nor refuted); 0 otherwise.
    var exitCode: Int32 {
        if runs.contains(where: \.hasFinding) { return 1 }
        return runs.allSatisfy(\.isComplete) && inconclusive.isEmpty ? 0 : 3
    }
}

/// The readable text report: a results table in the spirit of the Alloy Analyzer's, then
/// every counterexample as a trace of what changed.
enum TextReport {
    static func render(_ report: CheckReport, colour: Bool) -> String {
        var lines: [String] = []
        for section in report.sections {
            for run in section.runs {
                lines.append(contentsOf: render(run, scope: section.scopeName, report: report, colour: colour))
                lines.append("")
            }
        }
        if report.isSuite {
            let runs = report.runs
            lines.append("suite: \(report.sections.count) scopes (\(report.scopeNames)), \(grouped(runs.reduce(0) { $0 + $1.distinct })) distinct states, \(grouped(runs.reduce(0) { $0 + $1.generated })) generated, \(String(format2: runs.reduce(0) { $0 + $1.seconds })) s")
        }
        lines.append("result: \(report.verdict)")
        if report.verdict == "inconclusive" {
            let undecided = report.inconclusive.joined(separator: ", ")
            let why = report.runs.contains { $0.liveness?.overBudget == true }
                ? "the scope's bound or the memory budget" : "the scope's bound"
            lines.append("  no violation, but \(why) left undecided: \(undecided)")
        }
        if report.verdict == "unreached" {
            lines.append("  no violation, but no instance in any scope of this run: \(report.unreached.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    static func render(_ result: TargetRun, scope: String, report: CheckReport, colour: Bool) -> [String] {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines: [String] = []
        let service = result.implementation.map { ", implementation \"\($0)\"" } ?? ""
        let literal = report.literal ? ", seed-literal properties" : ""
        let fault = report.fault.map { ", fault \($0) injected" } ?? ""
        let header = "model \(result.modelName), target \(result.target)\(service), scope \(scope)\(literal)\(fault)"
        lines.append(paint(header, "1"))
        guard result.ran else {
            lines.append(paint("not run:", "33") + " stopped (\(result.stopReason.rawValue)) before this target started; nothing was checked")
            return lines
        }
        if let walks = result.walks {
            lines.append("\(grouped(walks.taken)) of \(grouped(walks.plan.walks)) seeded walks (seed \(walks.plan.seed), up to \(walks.plan.steps) steps), \(grouped(walks.steps)) steps, deepest \(walks.deepest), \(grouped(walks.deadEnds)) ended with nothing enabled, \(String(format2: result.seconds)) s")
            lines.append("stopped: \(result.stopReason == .exhausted ? "every walk taken" : result.stopReason.rawValue); a sample of the behaviours, not every one")
        } else {
            lines.append("\(grouped(result.distinct)) distinct states, \(grouped(result.generated)) generated, \(result.depthText), \(result.timeText), \(result.workers) worker\(result.workers == 1 ? "" : "s")\(result.symmetry ? ", symmetry" : "")")
            lines.append("stopped: \(result.stopReason.rawValue)\(result.stopDetail.map { " (\($0))" } ?? ""); fingerprint collision probability \(scientific(result.collisionProbability))")
            if let moved = result.levelsMoved {
                lines.append(
                    moved.failure.map { "levels: stayed in memory, not moved to files (\($0))" }
                        ?? "levels: in files in \(moved.directory) from level \(moved.level) on, "
                        + "where in memory they would have outgrown the memory budget")
            }
        }
        if !result.isComplete {
            lines.append(paint("incomplete:", "33") + " the verdicts below are for the states explored before the run stopped, not the whole scope")
        }
        lines.append("")
        let width = max(24, result.properties.map(\.id.count).max() ?? 0)
        // A run a budget or Ctrl-C stopped covered part of the scope.
        let coverage = result.isComplete ? "in this scope" : "before the run stopped"
        for outcome in result.properties {
            let id = outcome.id.rightPadded(to: width)
            switch PropertyStatus(rawValue: outcome.status)! {
            case .holds:
                lines.append("\(id)  \(paint("holds", "32"))       \(result.holdsDetail(outcome))")
            case .vacuous:
                lines.append("\(id)  \(paint("vacuous", "33"))     never exercised: proves nothing \(coverage)")
            case .violated:
                lines.append("\(id)  \(paint("VIOLATED", "31;1"))    counterexample of \(outcome.counterexample!.length) steps")
            case .satisfied:
                lines.append("\(id)  \(paint("reached", "32"))     instance found in \(outcome.counterexample!.length) steps")
            case .unsatisfied:
                lines.append("\(id)  \(paint("not reached", "33")) no instance \(coverage)")
            case .inconclusive:
                lines.append("\(id)  \(paint("inconclusive", "33")) \(result.inconclusiveDetail(outcome))")
            }
        }
        if let text = result.livenessText { lines.append(text) }
        if let deadlock = result.deadlock {
            lines.append("\("deadlock".rightPadded(to: width))  \(paint("FOUND", "31;1"))       after \(deadlock.length) steps")
        }
        let idle = result.actions.filter { $0.fired == 0 }.map(\.name)
        if !idle.isEmpty { lines.append(""); lines.append(paint("warning:", "33") + " actions that never fired \(coverage): \(idle.joined(separator: ", "))") }
        for counterexample in result.counterexamples {
            lines.append("")
            lines.append(contentsOf: trace(counterexample, colour: colour))
        }
        return lines
    }

    static func trace(_ counterexample: PresentedTrace, colour: Bool) -> [String] {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines: [String] = []
        let title = counterexample.propertyID.map { "\($0) violated" } ?? "deadlock"
        let length = counterexample.loopStart.map {
            "a stem of \($0) steps, then a cycle of \(counterexample.length - $0)"
        } ?? "\(counterexample.length) steps"
        lines.append(paint("── \(title): \(length) ──", "1"))
        if !counterexample.statement.isEmpty { lines.append("   property: \(counterexample.statement)") }
        lines.append("   0  initial: \(counterexample.initialSummary)")
        for (number, step) in counterexample.steps.enumerated() {
            if number == counterexample.loopStart {
                lines.append(paint("      ↻ the cycle starts here, repeated forever:", "31"))
            }
            let last = number == counterexample.steps.count - 1
            let fails = last && counterexample.loopStart == nil ? paint("   ✗ fails here", "31") : ""
            lines.append("\(String(number + 1).leftPadded(to: 4, with: " "))  \(step.action)\(fails)")
            lines.append("      " + (step.changes.isEmpty ? "(no change)" : step.changes.joined(separator: "; ")))
        }
        if let loopStart = counterexample.loopStart {
            lines.append(paint(loopStart == counterexample.length
                ? "      ■ the behaviour stops here: nothing fair is left to take"
                : "      ↺ back to the state after step \(loopStart)", "31"))
        }
        lines.append("   " + paint("✗ \(counterexample.witness)", "31"))
        let involved = counterexample.involved.sorted()
        if !involved.isEmpty { lines.append("   involves: " + involved.map { paint($0, "1") }.joined(separator: ", ")) }
        return lines
    }

    static func scientific(_ value: Double) -> String {
        guard value > 0 else { return "0" }
        var exponent = 0
        var mantissa = value
        while mantissa < 1 { mantissa *= 10; exponent -= 1 }
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        return "\(String(format2: mantissa))e\(exponent)"
    }
}

extension String {
    /// A number with two decimals, without Foundation's locale-dependent formatting.
    init(format2 value: Double) {
        let scaled = Int((value * 100).rounded())
        self = "\(scaled / 100).\(String(abs(scaled % 100)).leftPadded(to: 2))"
    }
}
