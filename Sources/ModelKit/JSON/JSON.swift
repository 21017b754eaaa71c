import Checker

/// A JSON value written with keys in the order given, so reports are byte-for-byte stable.
public indirect enum JSON: Equatable, Sendable {
    case string(String), number(Double), integer(Int), bool(Bool), null
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }

    public func rendered(indent: Int = 0, pretty: Bool = true) -> String {
        if !pretty {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            write(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
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

    /// The value on one line, its UTF-8 appended to `bytes`: a service's requests and replies
    /// are written this way. Why: a string per value concatenated at every level, then appends
    /// to one `String`, were most of the time `verify serve` took per request.
    public func write(into bytes: inout [UInt8]) {
        switch self {
        case .string(let string): JSON.quote(string, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSON.quote(field.0, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                field.1.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .integer(let value): bytes.append(contentsOf: String(value).utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .number: bytes.append(contentsOf: rendered().utf8)
        }
    }

    /// `quote(_:)` appended to `bytes`; a string with nothing to escape is copied whole.
    static func quote(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var plain = true
        for byte in string.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            plain = false
            break
        }
        if plain {
            bytes.append(contentsOf: string.utf8)
        } else {
            bytes.append(contentsOf: quote(string).utf8.dropFirst().dropLast())
        }
        bytes.append(UInt8(ascii: "\""))
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
