import Checker

/// A model's JSON shapes as a JSON Schema (draft 2020-12): its state under `$defs/state`, an
/// action under `$defs/action`. Generated from the declarations (`DeclaredState`,
/// `DeclaredAction`); `JSONSchemaCheck` validates documents against it.
public enum ModelSchema {
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    public static func document<State: DeclaredState, Action: DeclaredAction>(
        model: String, state: State.Type, action: Action.Type
    ) -> JSON {
        .object([
            ("$schema", .string(draft)),
            ("$id", .string("urn:ridecheck:\(model)")),
            ("title", .string("The JSON shapes of model \(model)'s states and actions")),
            (
                "$defs",
                .object([("state", record(State.fields.map { ($0.name, $0.kind) })), ("action", actions(Action.self))])
            ),
        ])
    }

    /// The schema of a model that declares its state but not yet its actions.
    public static func document<State: DeclaredState>(model: String, state: State.Type) -> JSON {
        .object([
            ("$schema", .string(draft)),
            ("$id", .string("urn:ridecheck:\(model)")),
            ("title", .string("The JSON shape of model \(model)'s states")),
            ("$defs", .object([("state", record(State.fields.map { ($0.name, $0.kind) }))])),
        ])
    }

    static func actions<Action: DeclaredAction>(_ type: Action.Type) -> JSON {
        let spellings = Action.spellings
        return .object([
            (
                "oneOf",
                .array(
                    Action.names.map { name in
                        let labels = Action.parameters(of: name)
                        let spelled = labels.map { ($0, Action.spelling(of: $0, in: spellings)) }
                        return .object([
                            ("type", .string("object")),
                            (
                                "properties",
                                .object(
                                    [("action", .object([("const", .string(Action.writtenName(of: name)))]))]
                                        + spelled.map { ($0, $1.schema) })
                            ),
                            (
                                "required",
                                .array(
                                    [.string("action")]
                                        + spelled.filter { !$1.omits(.bool(false)) }.map { .string($0.0) })
                            ),
                            ("additionalProperties", .bool(false)),
                        ])
                    })
            )
        ])
    }

    static func schema(_ kind: FieldKind) -> JSON {
        switch kind {
        case .number: .object([("type", .string("integer")), ("minimum", .integer(0))])
        case .flag: .object([("type", .string("boolean"))])
        case .word(let words): .object([("enum", .array(words.map(JSON.string)))])
        case .name(let prefix, let optional):
            .object([
                ("type", optional ? .array([.string("string"), .string("null")]) : .string("string")),
                ("pattern", .string(namePattern(prefix))),
            ])
        case .record(let fields): record(fields)
        case .entities(let prefix, let fields):
            .object([
                ("type", .string("object")), ("propertyNames", .object([("pattern", .string(namePattern(prefix)))])),
                ("additionalProperties", record(fields)),
            ])
        case .map(let prefix, let value):
            .object([
                ("type", .string("object")), ("propertyNames", .object([("pattern", .string(namePattern(prefix)))])),
                ("additionalProperties", schema(value)),
            ])
        case .set(let prefix):
            .object([("type", .string("array")), ("items", schema(.name(prefix: prefix, optional: false)))])
        case .list(let item): .object([("type", .string("array")), ("items", schema(item))])
        }
    }

    static func record(_ fields: [(String, FieldKind)]) -> JSON {
        .object([
            ("type", .string("object")), ("properties", .object(fields.map { ($0, schema($1)) })),
            ("required", .array(fields.map { .string($0.0) })), ("additionalProperties", .bool(false)),
        ])
    }

    static func namePattern(_ prefix: String) -> String { "^\(prefix)[0-9]+$" }
}

extension ParameterSpelling {
    /// The parameter's value in an action's JSON shape.
    var schema: JSON {
        switch form {
        case .name(let prefix, _, _):
            .object([("type", .string("string")), ("pattern", .string(ModelSchema.namePattern(prefix)))])
        case .number: .object([("type", .string("integer"))])
        case .flag: .object([("type", .string("boolean"))])
        case .word(let words): .object([("enum", .array(words.map(JSON.string)))])
        }
    }
}

extension DeclaredAction {
    /// The action in its JSON shape: `{"action": NAME, LABEL: VALUE, ...}`, names and words as
    /// strings, numbers and flags as JSON's own.
    public var json: JSON {
        let (name, values) = ActionRecorder.record(self)
        let spellings = Self.spellings
        return .object(
            [("action", .string(Self.writtenName(of: name)))]
                + values.compactMap { key, value in
                    let spelling = Self.spelling(of: key, in: spellings)
                    if spelling.omits(value) { return nil }
                    switch value {
                    case .bool(let flag): return (key, .bool(flag))
                    case .int(let number) where spelling.isNumber: return (key, .integer(number))
                    case .int: return (key, .string(spelling.written(value)))
                    }
                })
    }
}

extension DeclaredAction {
    /// The action a JSON shape names (`{"action": "bookNow", "passenger": "p1", ...}`), or an
    /// error saying what is wrong with it.
    public init(json: JSON, scope: Scope) throws(ModelInputError) {
        guard case .object(let members) = json, case .string(let name)? = json.member("action") else {
            throw ModelInputError("an action is an object whose \"action\" names it: \(json.rendered(pretty: false))")
        }
        var parameters: [String: String] = [:]
        for (key, value) in members where key != "action" {
            switch value {
            case .string(let text): parameters[key] = text
            case .integer(let number): parameters[key] = "\(number)"
            case .bool(let flag): parameters[key] = "\(flag)"
            default:
                throw ModelInputError(
                    "\(name): \(key) is \(value.rendered(pretty: false)), not a string, a whole number or a flag")
            }
        }
        try self.init(named: name, parameters: parameters, scope: scope)
    }
}
