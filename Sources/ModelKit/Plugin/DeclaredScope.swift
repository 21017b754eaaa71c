import Checker

/// A model's scope type, declared once: its named scopes, the keys `--set` accepts with their
/// ranges and the bound each sets, and the bounds that tie keys together. A plug-in whose
/// `Bounds` declares it gets the rest written once: `--set` on a named scope, a scope's name
/// and depth, the scope a trace records and reading it back.
public protocol DeclaredScope: Sendable {
    /// As reports print it: the named scope's, then each `--set` given ("ci drivers=3").
    var name: String { get set }
    /// The deepest level a check explores; nil: until no new state.
    var depth: Int? { get set }
    /// The named scopes, in the order `list` shows them.
    static var named: [Self] { get }
    /// The keys `--set` accepts, in the order `list` shows them.
    static var keys: [ScopeKey<Self>] { get }
    /// Refuses, in words, a scope whose bounds do not fit together (more routes than the
    /// state holds); asked once every assignment is in, so that the order of `--set`s never
    /// matters and nothing is refused half-way.
    func validate() throws(ModelInputError)
}

extension DeclaredScope {
    public func validate() throws(ModelInputError) {}

    /// The named scope called `name`, or an error listing the names.
    public static func named(_ name: String) throws(ModelInputError) -> Self {
        guard let scope = named.first(where: { $0.name == name }) else {
            throw ModelInputError("unknown scope '\(name)'; valid scopes: \(named.map(\.name).joined(separator: ", "))")
        }
        return scope
    }

    /// This scope with every assignment applied in order (each key known, given once, in its
    /// range), then validated as a whole; its name unchanged. Nothing is applied if anything
    /// is refused.
    public func setting(_ assignments: [(key: String, value: Int)]) throws(ModelInputError) -> Self {
        let keys = Self.keys
        var scope = self
        let settable = keys.map { SettableKey($0.key, $0.range) }
        for (key, value) in try SettableKey.validated(assignments, against: settable) {
            keys.first { $0.key == key }!.write(&scope, value)
        }
        try scope.validate()
        return scope
    }
}

/// A key `--set` accepts: its name, its range, and the bound it reads and sets.
public struct ScopeKey<Scope: DeclaredScope>: Sendable {
    public let key: String
    public let range: ClosedRange<Int>
    /// Whether a trace records the value: every bound but the depth, which replay ignores.
    public let recorded: Bool
    let read: @Sendable (Scope) -> Int
    let write: @Sendable (inout Scope, Int) -> Void

    /// A bound read and set as a whole number.
    public init(_ key: String, _ range: ClosedRange<Int>, _ bound: any WritableKeyPath<Scope, Int> & Sendable) {
        self.init(key, range, read: { $0[keyPath: bound] }, write: { $0[keyPath: bound] = $1 })
    }

    /// A bound of another type, with its conversions (a flag as 0 or 1).
    public init(_ key: String, _ range: ClosedRange<Int>, recorded: Bool = true,
                read: @escaping @Sendable (Scope) -> Int, write: @escaping @Sendable (inout Scope, Int) -> Void) {
        self.key = key
        self.range = range
        self.recorded = recorded
        self.read = read
        self.write = write
    }

    /// The depth bound, 0...1000, which traces do not record.
    public static var depth: ScopeKey {
        ScopeKey("depth", 0...1000, recorded: false, read: { $0.depth ?? 0 }, write: { $0.depth = $1 })
    }
}

extension ModelPlugin where Bounds: DeclaredScope {
    public var settableKeys: [SettableKey] { Bounds.keys.map { SettableKey($0.key, $0.range) } }

    public func bounds(named name: String, setting assignments: [(key: String, value: Int)]) throws(ModelInputError)
        -> Bounds {
        var scope = try Bounds.named(name).setting(assignments)
        for (key, value) in assignments { scope.name += " \(key)=\(value)" }
        return scope
    }

    public func name(of scope: Bounds) -> String { scope.name }
    public func depth(of scope: Bounds) -> Int? { scope.depth }

    /// The named scope under "base", then every recorded bound as a whole number.
    public func traceJSON(of scope: Bounds) -> JSON {
        let base = String(scope.name.split(separator: " ").first ?? "")
        let bounds = Bounds.keys.filter(\.recorded).map { ($0.key, JSON.integer($0.read(scope))) }
        return .object([("base", .string(base))] + bounds)
    }

    /// The named scope with the bounds the trace recorded, named by those that differ from it.
    public func bounds(fromTrace base: String, fields: [String: Int]) throws(ModelInputError) -> Bounds {
        let named = try Bounds.named(base)
        var assignments: [(key: String, value: Int)] = []
        for key in Bounds.keys where key.recorded {
            guard let number = fields[key.key] else {
                throw ModelInputError("the scope has no whole number '\(key.key)'")
            }
            if number != key.read(named) { assignments.append((key.key, number)) }
        }
        var scope = try bounds(named: base, setting: assignments)
        scope.depth = nil
        return scope
    }
}
