import Checker

/// Reads an action's case name and its labelled values from the enum's `Encodable`
/// conformance: an encoder that records instead of writing.
final class ActionRecorder: Encoder {
    var name = ""
    var values: [(String, ActionParameterValue)] = []
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func record(_ action: some Encodable) -> (String, [(String, ActionParameterValue)]) {
        let recorder = ActionRecorder()
        do { try action.encode(to: recorder) } catch {
            preconditionFailure("an action could not be recorded: \(error)")
        }
        return (recorder.name, recorder.values)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Case(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("an action is an enum with labelled values")
    }
    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("an action is an enum with labelled values")
    }

    /// The enum's container: one key, the case's name.
    struct Case<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: ActionRecorder
        var codingPath: [any CodingKey] { [] }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            recorder.name = key.stringValue
            return KeyedEncodingContainer(Parameters(recorder: recorder))
        }

        mutating func encodeNil(forKey key: Key) throws { preconditionFailure("an action's case has values") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            preconditionFailure("an action's case has labelled values")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("labelled values only")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("an action has no superclass") }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("an action has no superclass")
        }
    }

    /// A case's labelled values: Booleans, integers, and enums with an integer raw value.
    struct Parameters<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: ActionRecorder
        var codingPath: [any CodingKey] { [] }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            recorder.values.append((key.stringValue, try ActionParameterValue(value)))
        }

        mutating func encodeNil(forKey key: Key) throws {
            preconditionFailure("an action's parameter is never optional")
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("an action's parameter is a flag, a number or a raw-valued enum")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("an action's parameter is a flag, a number or a raw-valued enum")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("an action has no superclass") }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("an action has no superclass")
        }
    }
}

extension ActionParameterValue {
    /// A flag, an integer, or a value that encodes itself as one of those (an enum's raw value).
    init<T: Encodable>(_ value: T) throws {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let number as any BinaryInteger: self = .int(Int(number))
        default:
            let single = SingleValue()
            try value.encode(to: single)
            guard let recorded = single.value else { preconditionFailure("\(T.self) encodes no flag or integer") }
            self = recorded
        }
    }

    /// Catches the one value a raw-valued enum writes.
    private final class SingleValue: Encoder, SingleValueEncodingContainer {
        var value: ActionParameterValue?
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            preconditionFailure("a raw value only")
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("a raw value only") }
        func singleValueContainer() -> any SingleValueEncodingContainer { self }
        func encodeNil() throws { preconditionFailure("a raw value only") }
        func encode<T: Encodable>(_ value: T) throws { self.value = try ActionParameterValue(value) }
    }
}
