import Checker
import Foundation
import ModelKit

/// `verify serve`: a model's linked Reference served over the service protocol
/// (docs/PROTOCOL.md) on standard input and output, so that `verify check --implementation`
/// can be held to the linked check, and a team can see a service answer.
struct ServeCommand {
    static let specs: [OptionSpec] = [
        .value("model", "NAME", "the model whose Reference is served (see verify list --models; default: the first)"),
        .value("inject", "FAULT", "plant a named bug in the Reference (see verify list --faults)"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify serve [options]

        Serves the model's Reference over the service protocol (docs/PROTOCOL.md): one JSON
        request per line on standard input, one reply per line on standard output, until the
        input ends. The scope comes from the handshake.

        examples:
          verify check --model cabbooking --implementation "verify serve --model cabbooking"
          verify check --model travlendar --scope worlds --implementation "verify serve --model travlendar"
          verify check --model cabbooking --scope ci --stop-at-first \
              --implementation "verify serve --model cabbooking --inject cancelKeepsCab"
        """

    static func run(_ parsed: ParsedArguments, console: Console, models: [any ModelPlugin]) throws(UsageError) -> Int32
    {
        let plugin = try CommonOptions.model(parsed, among: models)
        return try serve(plugin, parsed, console: console)
    }

    static func serve<P: ModelPlugin>(_ plugin: P, _ parsed: ParsedArguments, console: Console) throws(UsageError)
        -> Int32
    {
        let fault = try CommonOptions.fault(parsed, of: plugin, target: "reference")
        guard plugin.speaksJSON else {
            throw UsageError(
                "model \(plugin.name) does not declare its state and actions, so it has no protocol shapes")
        }
        var server = ReferenceServer(plugin: plugin, fault: fault)
        var bytes: [UInt8] = []
        while let line = readLine(strippingNewline: true) {
            bytes.removeAll(keepingCapacity: true)
            server.answer(line).write(into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(Data(bytes))
        }
        return 0
    }
}

/// The Reference behind the protocol: systems kept by snapshot id, every action tried on a copy.
struct ReferenceServer<P: ModelPlugin> {
    let plugin: P
    let fault: String?
    private var session: Session?
    private var snapshots: [Int: P.Adapter.System] = [:]
    /// The actions read so far, by their text: a scope has a few hundred, each tried often.
    private var actions: [String: P.Spec.Action] = [:]
    private var shapes: [P.Spec.State: JSON] = [:]
    /// The initial states an `init` set up: a path is replayed only from one of them, as a
    /// service that knows no specification can (docs/PROTOCOL.md).
    private var given: Set<Int> = []

    struct Session {
        let bounds: P.Bounds
        let adapter: P.Adapter
        let initial: [P.Adapter.System]
    }

    init(plugin: P, fault: String?) {
        self.plugin = plugin
        self.fault = fault
    }

    /// The reply to one request line: an error reply names what is wrong with it.
    mutating func answer(_ line: String) -> JSON {
        var id = JSON.null
        do throws(ServeError) {
            let request: JSON
            do { request = try JSON.parse(line) } catch { throw ServeError(error.description) }
            id = request.member("id") ?? .null
            guard case .string(let type)? = request.member("type") else { throw ServeError("a request has a \"type\"") }
            let members: [(String, JSON)]
            switch type {
            case "hello": members = try hello(request)
            case "init": members = try setUp(request)
            case "step": members = try step(request)
            default: throw ServeError("unknown request type '\(type)'")
            }
            return .object([("id", id)] + members)
        } catch {
            return .object([("id", id), ("error", .string(error.message))])
        }
    }

    private mutating func hello(_ request: JSON) throws(ServeError) -> [(String, JSON)] {
        guard case .integer(ServiceConfiguration.protocolVersion)? = request.member("protocol") else {
            throw ServeError("this server speaks protocol \(ServiceConfiguration.protocolVersion)")
        }
        guard case .string(let model)? = request.member("model"), model == plugin.name else {
            throw ServeError("this server serves model \(plugin.name)")
        }
        guard case .object(let members)? = request.member("scope"),
            case .string(let base)? = request.member("scope")?.member("base")
        else { throw ServeError("hello names the scope, an object with its \"base\"") }
        var fields: [String: Int] = [:]
        for case (let key, .integer(let value)) in members { fields[key] = value }
        let bounds: P.Bounds
        do { bounds = try plugin.bounds(fromTrace: base, fields: fields) } catch { throw ServeError(error.description) }
        let adapter = plugin.adapter(for: plugin.spec(for: bounds, literal: false), fault: fault)
        session = Session(bounds: bounds, adapter: adapter, initial: adapter.initialSystems())
        snapshots = [:]
        given = []
        actions = [:]
        shapes = [:]
        let name = "RideCheck \(plugin.name) Reference \(Verify.version)" + (fault.map { " with \($0)" } ?? "")
        return [
            ("protocol", .integer(ServiceConfiguration.protocolVersion)), ("implementation", .string(name)),
            ("snapshots", .bool(true)),
        ]
    }

    private mutating func setUp(_ request: JSON) throws(ServeError) -> [(String, JSON)] {
        guard let session else { throw ServeError("init before hello") }
        guard case .integer(let index)? = request.member("initial"), session.initial.indices.contains(index) else {
            throw ServeError("init names an initial state from 0 to \(session.initial.count - 1)")
        }
        let system = session.initial[index]
        given.insert(index)
        if case .integer(let id)? = request.member("save") { snapshots[id] = system }
        return [("state", state(of: system, in: session))] + hidden(of: system, in: session)
    }

    private mutating func step(_ request: JSON) throws(ServeError) -> [(String, JSON)] {
        guard let session else { throw ServeError("step before hello") }
        let system = try origin(request.member("from"), in: session)
        // Released once the request is answered: a step may release the snapshot it starts from.
        defer {
            if case .array(let released)? = request.member("release") {
                for case .integer(let id) in released { snapshots[id] = nil }
            }
        }
        guard case .array(let tries)? = request.member("tries") else { throw ServeError("a step has \"tries\"") }
        let at = state(of: system, in: session)
        var results: [JSON] = []
        for attempt in tries {
            guard let json = attempt.member("action") else { throw ServeError("a try has an \"action\"") }
            let action = try read(json, in: session)
            var copy = system
            switch session.adapter.perform(action, on: &copy) {
            case .accepted:
                if case .integer(let id)? = attempt.member("save") { snapshots[id] = copy }
                results.append(
                    .object(
                        [("outcome", .string("accepted")), ("state", state(of: copy, in: session))]
                            + hidden(of: copy, in: session)))
            case .refused(let refusal):
                // A refusal that left the state as it was says so by leaving the state out.
                var members: [(String, JSON)] = [
                    ("outcome", .string("refused")), ("message", .string(refusal.description)),
                ]
                if copy != system { members.append(("state", state(of: copy, in: session))) }
                results.append(.object(members))
            case .outOfBounds:
                results.append(
                    .object([("outcome", .string("skipped")), ("reason", .string("outside the adapter's bounds"))]))
            }
        }
        return [("at", at), ("results", .array(results))]
    }

    /// The Reference's hidden state, as the linked search keys it (`ImplementationAdapter.hiddenState`):
    /// its fingerprint in 16 hex digits, so that the search over the protocol keeps apart what
    /// the linked one does. Nothing for an adapter that declares none.
    private func hidden(of system: P.Adapter.System, in session: Session) -> [(String, JSON)] {
        guard let hidden = session.adapter.hiddenState(of: system) else { return [] }
        let digits = String(hidden, radix: 16)
        return [("hidden", .string(String(repeating: "0", count: 16 - digits.count) + digits))]
    }

    /// The action `json` names, read once per text.
    private mutating func read(_ json: JSON, in session: Session) throws(ServeError) -> P.Spec.Action {
        let text = json.rendered(pretty: false)
        if let known = actions[text] { return known }
        do {
            let action = try plugin.action(json: json, bounds: session.bounds)
            actions[text] = action
            return action
        } catch { throw ServeError(error.description) }
    }

    /// The system a step starts from: a snapshot, or an initial state and a path replayed.
    private mutating func origin(_ from: JSON?, in session: Session) throws(ServeError) -> P.Adapter.System {
        if case .integer(let id)? = from?.member("snapshot") {
            guard let system = snapshots[id] else { throw ServeError("no snapshot \(id)") }
            return system
        }
        guard case .integer(let index)? = from?.member("initial"), session.initial.indices.contains(index),
            case .array(let path)? = from?.member("path")
        else { throw ServeError("\"from\" names a snapshot, or an initial state and a path") }
        guard given.contains(index) else {
            throw ServeError("a path from initial state \(index), which no init set up")
        }
        var system = session.initial[index]
        for (number, json) in path.enumerated() {
            let action = try read(json, in: session)
            guard session.adapter.perform(action, on: &system) == .accepted else {
                throw ServeError("step \(number + 1) of the path, \(action), is refused")
            }
        }
        return system
    }

    /// The system's abstraction in its JSON shape, each one made once: a search meets the same
    /// abstract state many times, and building its shape was a third of the server's time. At
    /// most 32,768 are kept, a few kilobytes each.
    private mutating func state(of system: P.Adapter.System, in session: Session) -> JSON {
        let abstraction = session.adapter.abstraction(of: system)
        if let known = shapes[abstraction] { return known }
        let shape = plugin.stateJSON(abstraction, bounds: session.bounds)!
        if shapes.count >= 1 << 15 { shapes.removeAll(keepingCapacity: true) }
        shapes[abstraction] = shape
        return shape
    }
}

struct ServeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
