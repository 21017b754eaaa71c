import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let data = Data((text + "\n").utf8)
        // A symbolic link, a FIFO or a device is written through, in place: replacing it with a
        // regular file would break what the user pointed it at (`--output /dev/stdout`, a
        // pipe another program reads, a link into a reports folder).
        if kind(of: path) == .special || isSymbolicLink(path) {
            do { try writeInPlace(data, to: path) } catch { throw UsageError("cannot write '\(path)': \(reason(error))") }
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = partialFile(for: url)
        do {
            try data.write(to: temporary)
            // A file that exists keeps its permissions (a report made readable to a group stays so).
            var status = stat()
            if stat(path, &status) == 0 { _ = chmod(temporary.path, status.st_mode & 0o7777) }
            // rename(2) replaces the destination atomically: readers see the old file or the new.
            guard rename(temporary.path, url.path) == 0 else { throw posixError() }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write '\(path)': \(reason(error))")
        }
    }

    /// Opens `path` for writing without creating or replacing it, and writes `data` there.
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError() }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written < 0 { if errno == EINTR { continue }; throw posixError() }
                offset += written
            }
        }
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
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
        // Written in place: asked of the file itself, without opening it (a FIFO would wait for
        // a reader).
        if kind(of: path) == .special || isSymbolicLink(path) {
            guard access(path, W_OK) == 0 else { throw UsageError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
            return
        }
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

    /// `special`: a FIFO, a device or a socket (what a link points to counts).
    enum PathKind { case missing, file, folder, special }

    /// What is at `path`, for the messages that name a folder where a file is wanted, or
    /// the other way round.
    static func kind(of path: String) -> PathKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .special
        }
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
