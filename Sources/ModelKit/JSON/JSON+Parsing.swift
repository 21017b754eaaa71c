import Checker

/// Reading JSON text, strictly (RFC 8259): for documents that come from outside, a trace's
/// shapes or a service's replies. Whole numbers that fit an `Int` read as `.integer`, every
/// other number as `.number`; members keep their order. Nesting deeper than `maximumDepth`
/// is refused rather than risking the stack.
extension JSON {
    public static let maximumDepth = 64

    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("text after the value") }
        return value
    }
}

/// What is wrong with a JSON text, and where (a byte offset from 0).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let problem: String
    public var description: String { "invalid JSON at byte \(offset): \(problem)" }
}

struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ problem: String) -> JSONParseError { JSONParseError(offset: position, problem: problem) }

    mutating func skipSpace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            position += 1
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard depth < JSON.maximumDepth else { throw error("nested deeper than \(JSON.maximumDepth)") }
        skipSpace()
        guard position < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else {
            throw error("expected \(word)")
        }
        position += expected.count
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        position += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a member's name in quotes")
            }
            let name = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after a member's name")
            }
            position += 1
            if members.contains(where: { $0.0 == name }) { throw error("member '\(name)' appears twice") }
            members.append((name, try value(depth: depth + 1)))
            skipSpace()
            guard position < bytes.count else { throw error("the text ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            position += 1
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        position += 1
        var items: [JSON] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard position < bytes.count else { throw error("the text ends inside an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            position += 1
            return .array(items)
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        position += 1
        // Most strings hold no escape: read whole from the bytes. Why: a service's replies are
        // mostly member names and words, and building each one scalar by scalar was most of the
        // time `verify serve` took to read a request.
        var end = position
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[position..<end], as: UTF8.self)
                position = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), bytes.count - position >= 6,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("a high surrogate without its low half")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape of a lone surrogate") }
                    scalars.append(scalar)
                default: throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0..<0x20:
                throw error("a control character inside a string")
            default:
                raw.append(byte)
            }
        }
        throw error("the text ends inside a string")
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - position >= 4,
            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else {
            throw error("\\u needs four hexadecimal digits")
        }
        position += 4
        return code
    }

    mutating func number() throws(JSONParseError) -> JSON {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - from
        }
        let whole = digits()
        guard whole > 0 else { throw error("a number needs digits") }
        if whole > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
            throw error("a number has a leading zero")
        }
        var fraction = false
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("a fraction needs digits") }
            fraction = true
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw error("an exponent needs digits") }
            fraction = true
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if !fraction, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text) else { throw error("'\(text)' is not a number") }
        return .number(number)
    }
}
