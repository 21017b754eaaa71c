import Checker

/// A state's value in the model's own vocabulary, as its JSON shape holds it: entities by
/// name, statuses and messages as words, no empty slots. Trace files write it in ITF's
/// encoding, reports and services in plain JSON; the layout of the state in memory never shows.
public indirect enum ShapeValue: Sendable, Equatable {
    case number(Int)
    case flag(Bool)
    case word(String)
    /// An entity's name, or none ("the booking's cab", before one is designated).
    case name(String?)
    /// Named fields, in declaration order.
    case record([ShapeMember])
    /// The entities that exist, each by its name.
    case entities([ShapeMember])
    /// A set of entities' names, in the order of their numbers.
    case names([String])
    /// An ordered list (a queue).
    case list([ShapeValue])

    /// In ITF's encoding: integers as {"#bigint": "n"}, entities as {"#map": [[name, value]]},
    /// sets as {"#set": [...]}, no entity as "" (ITF has no null).
    public var itf: JSON {
        switch self {
        case .number(let number): .object([("#bigint", .string("\(number)"))])
        case .flag(let flag): .bool(flag)
        case .word(let word): .string(word)
        case .name(let name): .string(name ?? "")
        case .record(let members): .object(members.map { ($0.name, $0.value.itf) })
        case .entities(let members):
            .object([("#map", .array(members.map { .array([.string($0.name), $0.value.itf]) }))])
        case .names(let names): .object([("#set", .array(names.map(JSON.string)))])
        case .list(let items): .array(items.map(\.itf))
        }
    }

    /// In plain JSON: entities as an object by name, no entity as null.
    public var plain: JSON {
        switch self {
        case .number(let number): .integer(number)
        case .flag(let flag): .bool(flag)
        case .word(let word): .string(word)
        case .name(let name): name.map(JSON.string) ?? .null
        case .record(let members), .entities(let members): .object(members.map { ($0.name, $0.value.plain) })
        case .names(let names): .array(names.map(JSON.string))
        case .list(let items): .array(items.map(\.plain))
        }
    }
}

/// A named field of a record, or an entity by its name.
public struct ShapeMember: Sendable, Equatable {
    public let name: String
    public let value: ShapeValue
    public init(_ name: String, _ value: ShapeValue) {
        self.name = name
        self.value = value
    }
}
