import Checker

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One service process and the protocol spoken with it: requests numbered in order, each
/// answered by one line with the same id, within the step limit. Used by one thread at a time
/// (`ServicePool` hands it out).
final class ServiceSession: @unchecked Sendable {
    let number: Int
    private let configuration: ServiceConfiguration
    private var process: ServiceProcess?
    private var nextID = 0
    /// What the service said of itself in the handshake.
    private(set) var implementation = ""
    private(set) var keepsSnapshots = false
    /// Processes started in this slot, the first included.
    private(set) var starts = 0
    /// The requests and replies, when a transcript is being kept.
    var transcript: [String]?
    /// The initial states this process was set up with (`init`): a path is replayed from one
    /// of them only, so a process that was not given it (another worker's, or one started again)
    /// is given it first.
    var initialsGiven: Set<Int> = []

    init(number: Int, configuration: ServiceConfiguration) {
        self.number = number
        self.configuration = configuration
    }

    /// Whether a process is running here (none before the first request, or after one failed).
    var isRunning: Bool { process != nil }

    /// Starts the process and shakes hands, unless it runs already.
    func start() throws(ServiceProblem) {
        guard process == nil else { return }
        starts += 1
        initialsGiven = []
        let log = configuration.logDirectory + "/\(configuration.logPrefix)service-\(number + 1).log"
        // A process started again after a failure gets a directory of its own, empty.
        let directory =
            configuration.workRoot + "/\(configuration.logPrefix)service-\(number + 1)"
            + (starts == 1 ? "" : "-\(starts)")
        guard mkdir(directory, 0o700) == 0 else {
            throw .couldNotStart("no working directory \(directory): \(String(cString: strerror(errno)))")
        }
        process = try ServiceProcess(
            arguments: configuration.command, environment: ["RIDECHECK_WORKDIR": directory],
            logPath: log, logLimit: configuration.logLimit, freshLog: starts == 1)
        let reply = try exchange(
            type: "hello",
            [
                ("protocol", .integer(ServiceConfiguration.protocolVersion)), ("model", .string(configuration.model)),
                ("scope", configuration.scope), ("workdir", .string(directory)),
            ])
        guard case .integer(let version)? = reply.fields["protocol"] else {
            throw .protocolBreak("the hello reply names no \"protocol\" version", line: reply.line)
        }
        guard version == ServiceConfiguration.protocolVersion else {
            throw .protocolBreak(
                "the service speaks protocol \(version), the checker \(ServiceConfiguration.protocolVersion)",
                line: reply.line)
        }
        guard case .string(let name)? = reply.fields["implementation"], !name.isEmpty else {
            throw .protocolBreak("the hello reply names no \"implementation\"", line: reply.line)
        }
        implementation = name
        switch reply.fields["snapshots"] {
        case .bool(let flag)?: keepsSnapshots = flag
        case nil: keepsSnapshots = false
        default: throw .protocolBreak("\"snapshots\" is true or false", line: reply.line)
        }
    }

    /// Ends the process (its snapshots with it).
    func stop() {
        process?.stop()
        process = nil
    }

    /// Sends one request of `type` and returns the reply's members, checked for the request's
    /// id and for an error the service reports. A failure of the service ends its process.
    func exchange(type: String, _ members: [(String, JSON)]) throws(ServiceProblem) -> Reply {
        guard let process else { throw .closedOutput }
        let id = nextID
        nextID += 1
        let request = JSON.object([("id", .integer(id)), ("type", .string(type))] + members).rendered(pretty: false)
        transcript?.append("→ " + request)
        do {
            try process.send(request)
            let deadline = ContinuousClock.now + .milliseconds(Int(configuration.stepLimit * 1000))
            let bytes = try process.receive(before: deadline, limit: configuration.lineLimit)
            let line = String(decoding: bytes, as: UTF8.self)
            transcript?.append("← " + line)
            return try Self.reply(to: id, line)
        } catch {
            if !error.isProtocolBreak || error == .lineTooLong(limit: configuration.lineLimit) { stop() }
            if case .timedOut = error { transcript?.append("(no answer within \(configuration.stepLimit) s)") }
            throw error
        }
    }

    /// A reply line read: its members, checked.
    static func reply(to id: Int, _ line: String) throws(ServiceProblem) -> Reply {
        let shown = line.count <= 300 ? line : String(line.prefix(297)) + "..."
        let json: JSON
        do { json = try JSON.parse(line) } catch { throw .protocolBreak(error.description, line: shown) }
        guard case .object(let members) = json else { throw .protocolBreak("a reply is a JSON object", line: shown) }
        var fields: [String: JSON] = [:]
        for (key, value) in members { fields[key] = value }
        guard case .integer(let got)? = fields["id"] else {
            throw .protocolBreak("the reply has no \"id\"", line: shown)
        }
        guard got == id else { throw .protocolBreak("the reply answers request \(got), not \(id)", line: shown) }
        if let error = fields["error"] {
            let text: String
            if case .string(let words) = error { text = words } else { text = error.rendered(pretty: false) }
            throw .protocolBreak("the service reports an error: \(text)", line: shown)
        }
        return Reply(fields: fields, line: shown)
    }

    struct Reply {
        let fields: [String: JSON]
        /// The line, cut short, for a message about it.
        let line: String
    }
}

/// How the checker runs a service: the command, where its logs and working directories go,
/// the limits, and the handshake's model and scope.
public struct ServiceConfiguration: Sendable {
    /// The version of docs/PROTOCOL.md this checker speaks.
    public static let protocolVersion = 1

    /// The program and its arguments, run without a shell.
    public var command: [String]
    public var model: String
    /// The scope as a trace file records it (`ModelPlugin.traceJSON`).
    public var scope: JSON
    /// Where each process's standard error is kept (`PREFIXservice-N.log`).
    public var logDirectory: String
    public var logPrefix = ""
    /// The folder under which each process gets an empty working directory of its own.
    public var workRoot: String
    /// Seconds a service may take to answer one request.
    public var stepLimit: Double = 10
    /// Bytes kept of a service's log.
    public var logLimit = 4 << 20
    /// The longest line a service may write.
    public var lineLimit = 16 << 20

    public init(command: [String], model: String, scope: JSON, logDirectory: String, workRoot: String) {
        precondition(!command.isEmpty, "a service command names a program")
        self.command = command
        self.model = model
        self.scope = scope
        self.logDirectory = logDirectory
        self.workRoot = workRoot
    }
}
