import Foundation

/// Writes every counterexample of a report as an ITF file under the trace directory.
enum TraceFiles {
    static func write(_ report: CheckReport, to directory: String) throws(UsageError) {
        for run in report.runs { try write(run.counterexamples, target: run.target, report: report, to: directory) }
    }

    static func write(_ traces: [WorldTrace], target: String, report: CheckReport, to directory: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the trace directory '\(directory)': \((error as NSError).localizedDescription)")
        }
        for trace in traces {
            let document = ITFWriter.document(trace, scope: report.scope, target: target, fault: report.fault)
            try Output.write(document.rendered(), to: report.traceFile(target: target, property: trace.propertyID), console: Console())
        }
    }
}
