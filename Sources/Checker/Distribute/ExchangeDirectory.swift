#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder that the processes of a split search share (`ShardPlan`): each file is written
/// whole under a name of its own, synced, then renamed to its place, so that a reader sees a
/// file whole or not at all. No locks and no file times: both are unreliable on NFS, where
/// `rename` within a folder is still atomic. A file is never changed once published; a
/// second process with the same index writes the same bytes under the same name.
struct ExchangeDirectory: Sendable {
    let root: String

    /// Where file `name` of level `level` of search `search` lies.
    func path(search: Int, level: Int, _ name: String) -> String { "\(root)/search-\(search)/level-\(level)/\(name)" }

    func makeLevel(search: Int, level: Int) throws(ExchangeFailure) {
        for folder in ["\(root)/search-\(search)", "\(root)/search-\(search)/level-\(level)"] {
            if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw ExchangeFailure.system("cannot make \(folder)") }
        }
    }

    /// Writes `bytes` to `path`: a temporary file beside it, synced, then renamed over it.
    func publish(_ bytes: [UInt8], to path: String) throws(ExchangeFailure) {
        let temporary = "\(path).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ExchangeFailure.system("cannot write \(temporary)") }
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { raw -> String? in
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += count
            }
            return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw ExchangeFailure(reason: "cannot write \(path): \(failure)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ExchangeFailure(reason: "cannot publish \(path): \(reason)")
        }
    }

    /// The whole file at `path`, or nil when it is not there (yet).
    func read(_ path: String) throws(ExchangeFailure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ExchangeFailure.system("cannot read \(path)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ExchangeFailure.system("cannot read \(path)") }
        // Published files never change: the size read now is the size to read.
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let read = readSome(descriptor, buffer.baseAddress! + count, size - count)
                if read < 0 && errno == EINTR { continue }
                if read <= 0 {
                    failure = read < 0 ? errno : EIO
                    return
                }
                count += read
            }
        }
        guard failure == 0 else {
            errno = failure
            throw ExchangeFailure.system("cannot read \(path)")
        }
        return bytes
    }

    func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    func remove(_ path: String) { unlink(path) }

    /// Bytes free on the exchange's disk for this user, or nil when the system does not say.
    func freeBytes() -> Int? {
        var info = statvfs()
        guard statvfs(root, &info) == 0 else { return nil }
        return Int(info.f_bavail) &* Int(info.f_frsize)
    }

    /// Creates `path` holding `bytes` unless a file is there already; returns what is there
    /// then. `link` is atomic on NFS as on a local disk, where an exclusive create is not.
    func create(_ bytes: [UInt8], at path: String) throws(ExchangeFailure) -> [UInt8] {
        let temporary = "\(path).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try publish(bytes, to: temporary)
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return bytes }
        guard errno == EEXIST, let existing = try read(path) else {
            throw ExchangeFailure.system("cannot create \(path)")
        }
        return existing
    }
}

/// The exchange's disk failed under the search (full, say): the system's reason.
struct ExchangeFailure: Error {
    let reason: String

    static func system(_ what: String) -> ExchangeFailure {
        ExchangeFailure(reason: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// The system's `read`, which `ExchangeDirectory.read` hides inside the type.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
