import Checker

/// Builds an action through the enum's `Decodable` conformance: the case it names, each
/// labelled value read from a trace's text by the label's spelling. As a probe, it answers a
/// placeholder for every value and so lists a case's labels.
final class ActionReader<Scope: DeclaredScope>: Decoder {
    enum Source {
        case trace([String: String], scope: Scope, spellings: [String: ParameterSpelling<Scope>])
        case probe
    }

    /// The case's name, which the enum's `Decodable` conformance reads.
    let name: String
    /// The name the trace wrote, which error messages give.
    let written: String
    let source: Source
    /// The labels read, in declaration order.
    var read: [String] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(name: String, written: String, source: Source) {
        self.name = name
        self.written = written
        self.source = source
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Case(reader: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        preconditionFailure("an action is an enum with labelled values")
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        preconditionFailure("an action is an enum with labelled values")
    }

    /// The value of `key` as the action holds it, of type `type`.
    func value<T>(of key: String, as type: T.Type) throws -> ActionParameterValue {
        read.append(key)
        switch source {
        case .probe:
            return T.self == Bool.self ? .bool(false) : .int(0)
        case .trace(let parameters, let scope, let spellings):
            guard let spelling = spellings[key] else {
                preconditionFailure("no spelling declared for the parameter '\(key)' of \(name)")
            }
            guard let text = parameters[key] else {
                if spelling.omits(.bool(false)) { return .bool(false) }
                throw ModelInputError("\(written) needs a parameter '\(key)'")
            }
            return try spelling.read(text, key: key, action: written, scope: scope)
        }
    }

    /// The enum's container: the one key it holds is the case's name.
    struct Case<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let reader: ActionReader
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { Key(stringValue: reader.name).map { [$0] } ?? [] }
        func contains(_ key: Key) -> Bool { key.stringValue == reader.name }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Parameters(reader: reader))
        }

        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            preconditionFailure("an action's case has labelled values")
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            preconditionFailure("labelled values only")
        }
        func superDecoder() throws -> any Decoder { preconditionFailure("an action has no superclass") }
        func superDecoder(forKey key: Key) throws -> any Decoder { preconditionFailure("an action has no superclass") }
    }

    /// A case's labelled values.
    struct Parameters<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let reader: ActionReader
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try reader.value(of: key.stringValue, as: T.self).as(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            preconditionFailure("an action's parameter is a flag, a number or a raw-valued enum")
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            preconditionFailure("an action's parameter is a flag, a number or a raw-valued enum")
        }
        func superDecoder() throws -> any Decoder { preconditionFailure("an action has no superclass") }
        func superDecoder(forKey key: Key) throws -> any Decoder { preconditionFailure("an action has no superclass") }
    }
}

extension ActionParameterValue {
    /// The value as `T`: a flag, an integer type, or a raw-valued enum that decodes itself.
    func `as`<T: Decodable>(_ type: T.Type) throws -> T {
        switch self {
        case .bool(let flag):
            guard let value = flag as? T else { preconditionFailure("\(T.self) is declared with a flag's spelling") }
            return value
        case .int(let number):
            precondition(T.self != Bool.self, "a flag is declared with the spelling of a number or a name")
            if let integer = T.self as? any FixedWidthInteger.Type {
                guard let value = integer.init(exactly: number) as? T else {
                    preconditionFailure("\(number) does not fit \(T.self)")
                }
                return value
            }
            return try T(from: RawValue(value: number))
        }
    }

    /// Hands a raw-valued enum its integer.
    private struct RawValue: Decoder, SingleValueDecodingContainer {
        let value: Int
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            preconditionFailure("a raw value only")
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { preconditionFailure("a raw value only") }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try ActionParameterValue.int(value).as(T.self) }
    }
}
