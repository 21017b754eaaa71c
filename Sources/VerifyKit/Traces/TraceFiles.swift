import Foundation

/// Writes every counterexample of a report as an ITF file under the trace directory.
enum TraceFiles {
    static func write(_ report: CheckReport, to directory: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the trace directory '\(directory)': \((error as NSError).localizedDescription)")
        }
        for run in report.runs {
            for trace in run.counterexamples {
                let document = ITFWriter.document(trace, scope: report.scope, target: run.target, fault: report.fault)
                try Output.write(document.rendered(), to: report.traceFile(target: run.target, property: trace.propertyID), console: Console())
            }
        }
    }
}
