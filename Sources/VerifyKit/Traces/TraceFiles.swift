import Checker
import Foundation

/// Writes every counterexample of a report as an ITF file under the trace directory.
enum TraceFiles {
    /// Makes the trace directory, before the run, and checks that a file can be written in
    /// it: a run that finds a violation after an hour must not then fail to keep its trace.
    static func prepare(_ directory: String) throws(UsageError) {
        if Output.kind(of: directory) == .file {
            throw UsageError("cannot use '\(directory)' as the trace directory: it is a file")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the trace directory '\(directory)': \(Output.reason(error))")
        }
        try Output.probe(URL(fileURLWithPath: directory).appendingPathComponent("trace.itf.json").path)
    }

    static func write(_ report: CheckReport, variables: [String], to directory: String) throws(UsageError) {
        for section in report.sections {
            for run in section.runs {
                try write(run.counterexamples, target: run.target, section: section, report: report, variables: variables, to: directory)
            }
        }
    }

    /// The trace files in `directory` now.
    static func existing(in directory: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".itf.json") })
    }

    /// A note for the traces in `directory` that this run did not write (`before`: what was
    /// there when it started, less what it wrote over): replaying one of them replays an older
    /// run's finding. Nil when there are none.
    static func staleNote(_ directory: String, before: Set<String>, report: CheckReport) -> String? {
        let written = Set(report.sections.flatMap { section in section.runs.flatMap { run in
            run.counterexamples.compactMap { report.traceFile(scope: section.scopeName, target: run.target, property: $0.propertyID) }
        } }.map { URL(fileURLWithPath: $0).lastPathComponent })
        let stale = before.subtracting(written).sorted()
        guard !stale.isEmpty else { return nil }
        let names = stale.prefix(3).joined(separator: ", ") + (stale.count > 3 ? ", ..." : "")
        return "note: \(directory) also holds \(stale.count) trace file\(stale.count == 1 ? "" : "s") from an earlier run, not written by this one: \(names)"
    }

    static func write(_ traces: [PresentedTrace], target: String, section: CheckReport.Section, report: CheckReport,
                      variables: [String], to directory: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the trace directory '\(directory)': \(Output.reason(error))")
        }
        for trace in traces {
            let document = ITFWriter.document(trace, model: report.modelName, variables: variables, scope: section.traceScope,
                                              target: target, fault: report.fault)
            try Output.write(document.rendered(), to: report.traceFile(scope: section.scopeName, target: target, property: trace.propertyID),
                             console: Console())
        }
    }
}
