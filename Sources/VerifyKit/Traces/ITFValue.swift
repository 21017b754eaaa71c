import Checker
import Foundation
import ModelKit

/// An ITF value as replay compares it, whichever way it was written: an integer as
/// {"#bigint": "n"} or as a plain JSON number, a boolean as JSON's own.
indirect enum ITFValue: Equatable, CustomStringConvertible {
    case integer(Int), bool(Bool), string(String), list([ITFValue]), record([String: ITFValue]), null

    /// A value `JSONSerialization` read; nil for a number that is not whole.
    init?(reading value: Any) {
        switch value {
        case let number as NSNumber:
            // JSON's true and false come back as numbers of the C type char.
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue); return }
            guard let whole = Int(exactly: number.doubleValue) else { return nil }
            self = .integer(whole)
        case let text as String: self = .string(text)
        case let items as [Any]:
            var list: [ITFValue] = []
            for item in items { guard let value = ITFValue(reading: item) else { return nil }; list.append(value) }
            self = .list(list)
        case let fields as [String: Any]:
            if fields.count == 1, let digits = fields["#bigint"] as? String {
                guard let whole = Int(digits) else { return nil }
                self = .integer(whole)
                return
            }
            var record: [String: ITFValue] = [:]
            for (key, item) in fields { guard let value = ITFValue(reading: item) else { return nil }; record[key] = value }
            self = .record(record)
        case is NSNull: self = .null
        default: return nil
        }
    }

    /// A value the writer made.
    init(_ json: JSON) {
        switch json {
        case .integer(let value): self = .integer(value)
        case .number(let value): self = Int(exactly: value).map(ITFValue.integer) ?? .string("\(value)")
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .array(let items): self = .list(items.map(ITFValue.init))
        case .object(let fields):
            if fields.count == 1, fields[0].0 == "#bigint", case .string(let digits) = fields[0].1, let whole = Int(digits) {
                self = .integer(whole)
            } else {
                self = .record(Dictionary(fields.map { ($0.0, ITFValue($0.1)) }, uniquingKeysWith: { $1 }))
            }
        }
    }

    /// The value as a parameter's text: `3` for 3 or {"#bigint": "3"}, `true` for true.
    var parameterText: String? {
        switch self {
        case .integer(let value): "\(value)"
        case .bool(let flag): "\(flag)"
        case .string(let text): text
        default: nil
        }
    }

    var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .bool(let flag): "\(flag)"
        case .string(let text): JSON.quote(text)
        case .null: "null"
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let fields): "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}
