import Foundation

/// Writes a report to a file or to standard output. A file that cannot be written is a
/// usage error (exit 2) and nothing is half-written: the text goes to a temporary file in
/// the same folder first and is moved into place.
///
/// A run can take hours, so where it will write is tried before it starts (`probe`), and a
/// report that still cannot be written at the end (the folder removed meanwhile, the disk
/// full) goes to standard output instead (`deliver`): an error in the destination never
/// costs the run.
enum Output {
    static func write(_ text: String, to path: String?, console: Console) throws(UsageError) {
        guard let path else { console.print(text); return }
        let url = URL(fileURLWithPath: path)
        let temporary = partialFile(for: url)
        do {
            try Data((text + "\n").utf8).write(to: temporary)
            // rename(2) replaces the destination atomically: readers see the old file or the new.
            guard rename(temporary.path, url.path) == 0 else { throw posixError() }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write '\(path)': \(reason(error))")
        }
    }

    /// The final report of a run: written to `path`, or, if that fails, printed to standard
    /// output before the error is reported.
    static func deliver(_ text: String, to path: String?, console: Console) throws(UsageError) {
        do {
            try write(text, to: path, console: console)
        } catch {
            console.print(text)
            throw UsageError("\(error.message); the report is on standard output instead")
        }
    }

    /// Fails now, before any work, if `path` cannot take a report: a folder that does not
    /// exist, a path that is a folder, a folder the user may not write to. The check writes
    /// and removes the temporary file `write` would use, so it asks the file system itself
    /// rather than guessing from permission bits.
    static func probe(_ path: String) throws(UsageError) {
        let url = URL(fileURLWithPath: path)
        if kind(of: url.path) == .folder { throw UsageError("cannot write '\(path)': it is a folder") }
        let folder = url.deletingLastPathComponent()
        guard kind(of: folder.path) == .folder else {
            throw UsageError("cannot write '\(path)': the folder '\(folder.path)' does not exist")
        }
        let temporary = partialFile(for: url)
        do {
            try Data().write(to: temporary)
            try FileManager.default.removeItem(at: temporary)
        } catch {
            throw UsageError("cannot write '\(path)': \(reason(error))")
        }
    }

    enum PathKind { case missing, file, folder }

    /// What is at `path`, for the messages that name a folder where a file is wanted, or
    /// the other way round.
    static func kind(of path: String) -> PathKind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        return isFolder.boolValue ? .folder : .file
    }

    private static func partialFile(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
    }

    private static func posixError() -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
    }

    /// The operating system's words for a failure (Foundation's own description of a
    /// missing file, "The operation could not be completed", names nothing).
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.localizedDescription
    }
}
