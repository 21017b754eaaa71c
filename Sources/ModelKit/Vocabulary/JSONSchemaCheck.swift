import Checker

/// Validates a JSON document against the schemas RideCheck writes (`ModelSchema`): the subset
/// of draft 2020-12 they use (type, enum, const, pattern, minimum, properties, required,
/// additionalProperties, propertyNames, items, oneOf, and `$ref` to `#/$defs/NAME`). Each
/// problem is named by its path in the document ("/bookings/b1/status").
public struct JSONSchemaCheck: Sendable {
    let root: JSON

    /// `root`: the schema document that `$ref`s resolve in.
    public init(root: JSON) { self.root = root }

    /// The problems of `value` against the definition `name` of the root (`state`, `action`);
    /// empty when it is valid.
    public func problems(of value: JSON, against name: String) -> [String] {
        problems(of: value, schema: .object([("$ref", .string("#/$defs/\(name)"))]), at: "")
    }

    func problems(of value: JSON, schema: JSON, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return [] }
        let where_ = path.isEmpty ? "/" : path
        var found: [String] = []
        for (keyword, argument) in keywords {
            switch (keyword, argument) {
            case ("$ref", .string(let reference)):
                guard reference.hasPrefix("#/$defs/"), let target = definition(String(reference.dropFirst(8))) else {
                    found.append("\(where_): the schema's reference \(reference) resolves to nothing")
                    continue
                }
                found += problems(of: value, schema: target, at: path)
            case ("type", let types):
                let allowed = types.strings
                if !allowed.contains(where: { value.isOf(type: $0) }) {
                    found.append("\(where_): \(value.rendered()) is not \(allowed.joined(separator: " or "))")
                    return found
                }
            case ("enum", .array(let values)) where !values.contains(value):
                found.append(
                    "\(where_): \(value.rendered()) is not one of "
                        + values.map { $0.rendered() }.joined(separator: ", ")
                )
            case ("const", let constant) where constant != value:
                found.append("\(where_): \(value.rendered()) is not \(constant.rendered())")
            case ("pattern", .string(let pattern)):
                if case .string(let text) = value, !Self.matches(text, pattern) {
                    found.append("\(where_): \(value.rendered()) does not match \(pattern)")
                }
            case ("minimum", .integer(let minimum)):
                if case .integer(let number) = value, number < minimum {
                    found.append("\(where_): \(number) is below \(minimum)")
                }
            case ("required", .array(let names)):
                if case .object(let fields) = value {
                    for case .string(let name) in names where !fields.contains(where: { $0.0 == name }) {
                        found.append("\(where_): '\(name)' is missing")
                    }
                }
            case ("properties", .object(let properties)):
                if case .object(let fields) = value {
                    for (name, field) in fields {
                        if let schema = properties.first(where: { $0.0 == name })?.1 {
                            found += problems(of: field, schema: schema, at: "\(path)/\(name)")
                        }
                    }
                }
            case ("additionalProperties", let additional):
                guard case .object(let fields) = value else { continue }
                let declared = Set(schema.member("properties")?.keys ?? [])
                for (name, field) in fields where !declared.contains(name) {
                    if additional == .bool(false) {
                        found.append("\(where_): '\(name)' is not a field here")
                    } else {
                        found += problems(of: field, schema: additional, at: "\(path)/\(name)")
                    }
                }
            case ("propertyNames", let names):
                if case .object(let fields) = value {
                    for (name, _) in fields {
                        found += problems(of: .string(name), schema: names, at: "\(path)/\(name)")
                    }
                }
            case ("items", let items):
                if case .array(let elements) = value {
                    for (index, element) in elements.enumerated() {
                        found += problems(of: element, schema: items, at: "\(path)/\(index)")
                    }
                }
            case ("oneOf", .array(let alternatives)):
                let results = alternatives.map { problems(of: value, schema: $0, at: path) }
                let passing = results.filter(\.isEmpty).count
                if passing == 0 {
                    // The alternative the value names by its constant (an action's name) says
                    // what is wrong; when it names none, that is the problem.
                    let named = alternatives.indices.filter {
                        Self.constants(of: alternatives[$0]).allSatisfy { value.member($0.0) == $0.1 }
                    }
                    if let best = named.map({ results[$0] }).min(by: { $0.count < $1.count }) {
                        found += best
                    } else if let (key, _) = alternatives.first.flatMap({ Self.constants(of: $0).first }) {
                        let allowed = alternatives.compactMap {
                            Self.constants(of: $0).first { $0.0 == key }?.1.rendered()
                        }
                        found.append(
                            "\(path)/\(key): \((value.member(key) ?? .null).rendered()) is not one of "
                                + allowed.joined(separator: ", ")
                        )
                    } else {
                        found.append("\(where_): matches no alternative")
                    }
                } else if passing > 1 {
                    found.append("\(where_): matches \(passing) alternatives where one is allowed")
                }
            default:
                continue
            }
        }
        return found
    }

    /// The members an alternative fixes with `const` (`{"action": {"const": "bookNow"}}`).
    static func constants(of alternative: JSON) -> [(String, JSON)] {
        guard case .object(let properties)? = alternative.member("properties") else { return [] }
        return properties.compactMap { name, schema in schema.member("const").map { (name, $0) } }
    }

    func definition(_ name: String) -> JSON? { root.member("$defs")?.member(name) }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return text.firstMatch(of: regex) != nil
    }
}

extension JSON {
    /// The value of an object's member.
    public func member(_ name: String) -> JSON? {
        if case .object(let fields) = self { return fields.first { $0.0 == name }?.1 }
        return nil
    }

    var keys: [String]? {
        if case .object(let fields) = self { return fields.map(\.0) }
        return nil
    }

    /// A schema's `type`: one name or a list of names.
    var strings: [String] {
        switch self {
        case .string(let text): [text]
        case .array(let items): items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        default: []
        }
    }

    func isOf(type: String) -> Bool {
        switch (type, self) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .integer), ("number", .integer), ("number", .number):
            true
        default: false
        }
    }
}
