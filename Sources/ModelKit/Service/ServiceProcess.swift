import Checker
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A service under test running as a child process: its standard input and output are the
/// protocol's pipes, its standard error goes to a log file capped in size, and it runs in a
/// process group of its own, so that ending it ends whatever it started too.
///
/// Used by one thread at a time (its `ServiceSession` is taken before it is used).
final class ServiceProcess: @unchecked Sendable {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var pending: [UInt8] = []
    private var stopped = false

    /// The process groups of every service still running, ended by `endAll` when the tool is
    /// stopped by a signal.
    static let running = Locked<Set<pid_t>>([])
    private static let spawning = Locked<Void>(())

    /// Starts `arguments` (the program, found on PATH, and its arguments: no shell) with
    /// `environment` added to the tool's own, its standard error written to `logPath` (after what
    /// it holds unless `freshLog`), at most `logLimit` bytes of it.
    init(arguments: [String], environment: [String: String], logPath: String, logLimit: Int, freshLog: Bool)
        throws(ServiceProblem)
    {
        precondition(!arguments.isEmpty, "a service command names a program")
        // A service that exits while the tool writes to it must not end the tool by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let (child, ends) = try Self.spawning.withLock { _ in
            Self.spawn(arguments, environment: environment)
        }.get()
        pid = child
        input = ends.input
        output = ends.output
        _ = Self.running.withLock { $0.insert(child) }
        Self.copyLog(from: ends.log, to: logPath, limit: logLimit, fresh: freshLog)
    }

    deinit { stop() }

    // Pipes are made and the process started under one lock: a process started by another
    // thread in between would inherit these pipes' ends before they are marked close-on-exec,
    // and hold a service's input open after the tool closed it.
    private static func spawn(_ arguments: [String], environment extra: [String: String])
        -> Result<(pid_t, (input: Int32, output: Int32, log: Int32)), ServiceProblem>
    {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        var log: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&log) == 0 else {
            return .failure(.couldNotStart("no pipe: \(String(cString: strerror(errno)))"))
        }
        for end in toChild + fromChild + log { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, log[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own; the signals the tool ignores or catches while it runs are the
        // defaults again in the service.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, number) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var variables = environment(adding: extra)
        var argv = arguments.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, &variables)
        for end in [toChild[0], fromChild[1], log[1]] { close(end) }
        guard status == 0 else {
            for end in [toChild[1], fromChild[0], log[0]] { close(end) }
            return .failure(.couldNotStart("'\(arguments[0])': \(String(cString: strerror(status)))"))
        }
        return .success((child, (toChild[1], fromChild[0], log[0])))
    }

    /// The tool's environment with `extra` set.
    private static func environment(adding extra: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
        var lines: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let line = String(cString: entry)
            if let name = line.split(separator: "=", maxSplits: 1).first, extra[String(name)] == nil {
                lines.append(line)
            }
            pointer += 1
        }
        lines += extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return lines.map { strdup($0) } + [nil]
    }

    /// Copies the service's standard error to `path` on a thread of its own until the service
    /// closes it, keeping the first `limit` bytes and reading the rest away, so that a service
    /// that writes much never blocks on its log.
    private static func copyLog(from descriptor: Int32, to path: String, limit: Int, fresh: Bool) {
        DispatchQueue.global().async {
            let file = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (fresh ? O_TRUNC : O_APPEND), 0o644)
            var written = 0
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                guard file >= 0, written < limit else { continue }
                let kept = min(count, limit - written)
                _ = buffer.withUnsafeBytes { write(file, $0.baseAddress, kept) }
                written += kept
                if written == limit {
                    let note = "\n[log cut at \(limit) bytes]\n"
                    _ = note.withCString { write(file, $0, strlen($0)) }
                }
            }
            if file >= 0 { close(file) }
            close(descriptor)
        }
    }

    /// Writes one line (a newline is added).
    func send(_ line: String) throws(ServiceProblem) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ended(else: .closedInput)
            }
            offset += count
        }
    }

    /// The next line the service writes, without its newline, waiting until `deadline` at most.
    func receive(before deadline: ContinuousClock.Instant, limit: Int) throws(ServiceProblem) -> [UInt8] {
        var searched = 0
        while true {
            if let end = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<end])
                pending.removeFirst(end + 1)
                return line
            }
            searched = pending.count
            guard pending.count <= limit else { throw .lineTooLong(limit: limit) }
            let left = deadline - ContinuousClock.now
            let milliseconds = max(
                0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: milliseconds))
            if ready < 0 {
                if errno == EINTR { continue }
                throw ended(else: .closedOutput)
            }
            if ready == 0 { throw .timedOut }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { throw ended(else: .closedOutput) }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// How the service ended, when it has (waited for briefly: a service that closed its
    /// output is usually exiting), or `otherwise`.
    private func ended(else otherwise: ServiceProblem) -> ServiceProblem {
        for _ in 0..<50 {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                stopped = true
                _ = Self.running.withLock { $0.remove(pid) }
                killpg(pid, SIGKILL)
                let signalled = status & 0x7f
                return signalled == 0 ? .exited(code: (status >> 8) & 0xff) : .killed(signal: signalled)
            }
            usleep(2_000)
        }
        return otherwise
    }

    /// Ends the service and everything in its group: its input closed (a service ends when its
    /// input does), then SIGTERM, then SIGKILL a second later; the process reaped.
    func stop() {
        guard !stopped else { return }
        stopped = true
        close(input)
        close(output)
        var status: Int32 = 0
        var reaped = false
        for attempt in 0..<200 {
            if waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                break
            }
            if attempt == 20 { killpg(pid, SIGTERM) }
            usleep(5_000)
        }
        killpg(pid, SIGKILL)
        if !reaped { waitpid(pid, &status, 0) }
        _ = Self.running.withLock { $0.remove(pid) }
    }

    /// Ends every service still running, at once: the tool is being stopped by a signal.
    static func endAll() {
        for group in running.withLock({ $0 }) { killpg(group, SIGKILL) }
    }
}

/// What went wrong with a service process: a finding about the service (it ended, hung or
/// stopped reading), or a break of the protocol (`isProtocolBreak`), which is a usage error.
public enum ServiceProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case couldNotStart(String)
    case exited(code: Int32)
    case killed(signal: Int32)
    case closedOutput
    case closedInput
    case timedOut
    case lineTooLong(limit: Int)
    /// A line that breaks the protocol: what is wrong, and the line (cut short).
    case protocolBreak(String, line: String)

    public var isProtocolBreak: Bool {
        switch self {
        case .protocolBreak, .lineTooLong, .couldNotStart: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .couldNotStart(let why): "the service could not be started: \(why)"
        case .exited(let code): "the service exited with status \(code)"
        case .killed(let number): "the service was killed by signal \(number)"
        case .closedOutput: "the service closed its output"
        case .closedInput: "the service stopped reading its input"
        case .timedOut: "the service did not answer within the step limit"
        case .lineTooLong(let limit): "the service wrote a line longer than \(limit) bytes"
        case .protocolBreak(let what, let line): "the service broke the protocol: \(what), in the line: \(line)"
        }
    }
}

/// The service processes running, as the tool sees them when it must end at once.
public enum ServiceProcesses {
    /// Ends every service process still running (and what each started).
    public static func endAll() { ServiceProcess.endAll() }

    /// How many are running.
    public static var count: Int { ServiceProcess.running.withLock { $0.count } }
}
