import Checker

/// One field of a model's state, declared once: its name, what kind of value it holds, and how
/// it is read from the state (`Subject`: the whole state with its scope, or one entity's
/// record). The JSON shape, the ITF trace and the JSON Schema all come from the fields.
public struct StateField<Subject>: Sendable {
    public let name: String
    let kind: FieldKind
    let read: @Sendable (Subject) -> ShapeValue

    /// A whole number.
    public static func number(_ name: String, _ read: @escaping @Sendable (Subject) -> Int) -> Self {
        Self(name: name, kind: .number, read: { .number(read($0)) })
    }

    /// `true` or `false`.
    public static func flag(_ name: String, _ read: @escaping @Sendable (Subject) -> Bool) -> Self {
        Self(name: name, kind: .flag, read: { .flag(read($0)) })
    }

    /// One of `words` (a status, a message).
    public static func word(
        _ name: String, among words: [String], _ read: @escaping @Sendable (Subject) -> String
    ) -> Self {
        Self(name: name, kind: .word(words), read: { .word(read($0)) })
    }

    /// An entity's name, `prefix` and its number counting from `first`; nil: none.
    public static func name(
        _ name: String, _ prefix: String, from first: Int = 1, optional: Bool = false,
        _ read: @escaping @Sendable (Subject) -> Int?
    ) -> Self {
        Self(
            name: name, kind: .name(prefix: prefix, optional: optional),
            read: { .name(read($0).map { "\(prefix)\($0 + first)" }) })
    }

    /// The entities that exist, each by `prefix` and its number from `first`, with its fields.
    public static func entities<Entity>(
        _ name: String, _ prefix: String, from first: Int = 1,
        _ members: @escaping @Sendable (Subject) -> [(index: Int, entity: Entity)],
        fields: [StateField<Entity>]
    ) -> Self {
        Self(
            name: name, kind: .entities(prefix: prefix, fields.map { ($0.name, $0.kind) }),
            read: { subject in
                .entities(
                    members(subject).map { member in
                        ShapeMember(
                            "\(prefix)\(member.index + first)",
                            .record(fields.map { ShapeMember($0.name, $0.read(member.entity)) }))
                    })
            })
    }

    /// Entities by name, each with one value rather than fields (a taxi's owners, a zone's queue).
    public static func entities<Entity>(_ name: String, _ prefix: String, from first: Int = 1,
                                        _ members: @escaping @Sendable (Subject) -> [(index: Int, entity: Entity)],
                                        each value: StateField<Entity>) -> Self {
        Self(name: name, kind: .map(prefix: prefix, value.kind), read: { subject in
            .entities(members(subject).map { ShapeMember("\(prefix)\($0.index + first)", value.read($0.entity)) })
        })
    }

    /// A set of entities' names, in the order of their numbers.
    public static func names(_ name: String, _ prefix: String, from first: Int = 1,
                             _ read: @escaping @Sendable (Subject) -> [Int]) -> Self {
        Self(name: name, kind: .set(prefix: prefix), read: { .names(read($0).map { "\(prefix)\($0 + first)" }) })
    }

    /// An ordered list of entities' names (requests in the order they wait).
    public static func nameList(_ name: String, _ prefix: String, from first: Int = 1,
                                _ read: @escaping @Sendable (Subject) -> [Int]) -> Self {
        Self(name: name, kind: .list(.name(prefix: prefix, optional: false)), read: {
            .list(read($0).map { .name("\(prefix)\($0 + first)") })
        })
    }

    /// An ordered list of records (a queue of drivers with their taxis).
    public static func list<Item>(_ name: String, _ items: @escaping @Sendable (Subject) -> [Item],
                                  fields: [StateField<Item>]) -> Self {
        Self(name: name, kind: .list(.record(fields.map { ($0.name, $0.kind) })), read: { subject in
            .list(items(subject).map { item in .record(fields.map { ShapeMember($0.name, $0.read(item)) }) })
        })
    }

    /// A record of named fields.
    public static func record<Part>(
        _ name: String, _ part: @escaping @Sendable (Subject) -> Part, fields: [StateField<Part>]
    ) -> Self {
        Self(
            name: name, kind: .record(fields.map { ($0.name, $0.kind) }),
            read: { subject in
                let part = part(subject)
                return .record(fields.map { ShapeMember($0.name, $0.read(part)) })
            })
    }

    /// The value of this field in `subject`.
    public func value(in subject: Subject) -> ShapeValue { read(subject) }
}

/// What a field holds, for its JSON Schema.
indirect enum FieldKind: Sendable {
    case number, flag
    case word([String])
    case name(prefix: String, optional: Bool)
    case record([(String, FieldKind)])
    case entities(prefix: String, [(String, FieldKind)])
    /// Entities by name, each with a value of one kind.
    case map(prefix: String, FieldKind)
    case set(prefix: String)
    case list(FieldKind)
}

/// A model's state declared once, as a list of fields read from the state and its scope.
public protocol DeclaredState {
    associatedtype Scope: DeclaredScope
    /// The state's fields, in the order the JSON shape and ITF list them.
    static var fields: [StateField<(state: Self, scope: Scope)>] { get }
}

extension DeclaredState {
    /// The state in the model's vocabulary, one member per field.
    public func shape(in scope: Scope) -> [ShapeMember] {
        Self.fields.map { ShapeMember($0.name, $0.value(in: (self, scope))) }
    }
}

extension DeclaredState {
    /// The state's JSON shape in plain JSON, as reports and a service under test write it.
    public func json(in scope: Scope) -> JSON { .object(shape(in: scope).map { ($0.name, $0.value.plain) }) }
}

extension DeclaredState {
    /// The prefixes of the entities' names the state uses (`p` for p1, `L` for L0).
    public static var namePrefixes: Set<String> { Set(fields.flatMap { $0.kind.namePrefixes }) }
}

extension FieldKind {
    var namePrefixes: [String] {
        switch self {
        case .number, .flag, .word: []
        case .name(let prefix, _): [prefix]
        case .record(let fields): fields.flatMap { $0.1.namePrefixes }
        case .entities(let prefix, let fields): [prefix] + fields.flatMap { $0.1.namePrefixes }
        case .map(let prefix, let value): [prefix] + value.namePrefixes
        case .set(let prefix): [prefix]
        case .list(let item): item.namePrefixes
        }
    }
}
