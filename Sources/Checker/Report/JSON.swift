/// A JSON value written with keys in the order given, so reports are byte-for-byte stable.
public indirect enum JSON: Equatable, Sendable {
    case string(String), number(Double), integer(Int), bool(Bool), null
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }

    public func rendered(indent: Int = 0, pretty: Bool = true) -> String {
        if !pretty {
            var text = ""
            write(into: &text)
            return text
        }
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        let newline = pretty ? "\n" : ""
        switch self {
        case .string(let text): return JSON.quote(text)
        case .number(let value): return value.isFinite ? "\(value)" : "null"
        case .integer(let value): return "\(value)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[" + newline + items.map { pad + $0.rendered(indent: indent + 1, pretty: pretty) }.joined(separator: "," + newline) + newline + close + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            let separator = pretty ? ": " : ":"
            return "{" + newline + fields.map { pad + JSON.quote($0.0) + separator + $0.1.rendered(indent: indent + 1, pretty: pretty) }
                .joined(separator: "," + newline) + newline + close + "}"
        }
    }

    /// The value on one line, appended to `text`: a service's replies are built this way, a
    /// string per value concatenated at every level cost a tenth of a millisecond a state.
    public func write(into text: inout String) {
        switch self {
        case .string(let string): JSON.quote(string, into: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(into: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                JSON.quote(field.0, into: &text)
                text += ":"
                field.1.write(into: &text)
            }
            text += "}"
        default: text += rendered()
        }
    }

    /// `quote(_:)` appended to `text`; a string with nothing to escape is copied whole.
    static func quote(_ string: String, into text: inout String) {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            text += "\""
            text += string
            text += "\""
        } else {
            text += quote(string)
        }
    }

    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let c where c.value < 0x20: result += "\\u" + String(c.value, radix: 16).leftPadded(to: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
