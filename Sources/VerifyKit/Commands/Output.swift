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
            // rename(2) replaces the destination atomically: readers see the old file or the new.
            guard rename(temporary.path, url.path) == 0 else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write '\(path)': \((error as NSError).localizedDescription)")
        }
    }
}
