import Foundation

/// Writes a report to a file or to standard output. A file that cannot be written is a
/// usage error (exit 2) and nothing is half-written: the text goes to a temporary file in
/// the same folder first and is moved into place.
enum Output {
    static func write(_ text: String, to path: String?, console: Console) throws(UsageError) {
        guard let path else { console.print(text); return }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try Data((text + "\n").utf8).write(to: temporary)
            if FileManager.default.fileExists(atPath: url.path) { _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary) }
            else { try FileManager.default.moveItem(at: temporary, to: url) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write '\(path)': \((error as NSError).localizedDescription)")
        }
    }
}
