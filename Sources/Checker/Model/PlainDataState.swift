/// A state that is plain data: integers, booleans, enums without payloads, and structs and
/// tuples of them, laid out with no padding between fields; no references, arrays, strings,
/// optionals or enums with payloads. Such a state gets equality, hashing and its stable
/// fingerprint from its bytes, so a model author writes none of them:
///
///     struct State: PlainDataState {
///         var managers: UInt16 = 0    // two bits per resource manager
///         var prepared: UInt8 = 0
///         var committed = false
///     }
///
/// Why the rules: a state is compared and hashed as the bytes `MemoryLayout<State>.size`
/// covers. Padding bytes are not part of any field, so two equal states could differ in them;
/// a reference's bytes are an address, not a value; an optional's or payload enum's unused
/// payload bytes are not defined. The explorer and the simulator check a state type before
/// they use it (`PlainDataLayout.problem(in:)`) and refuse one that breaks a rule, naming the
/// type and the rule; order fields from the widest to the narrowest to leave no padding.
public protocol PlainDataState: Hashable, Sendable, StableHashable {}

extension PlainDataState {
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        rawBytesEqual(lhs, rhs)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: self) { hasher.combine(bytes: $0) }
    }

    @inlinable
    public func stableHash(into hasher: inout StableHasher) {
        withUnsafeBytes(of: self) { hasher.combineRawBytes($0) }
    }

    /// The bytes' fingerprint, read where the state lies: the explorer fingerprints every
    /// successor in place.
    @inlinable
    public var fingerprint: UInt64 { withUnsafeBytes(of: self) { StableHasher.fingerprint(ofRawBytes: $0) } }

    @inlinable
    public static func fingerprint(at pointer: UnsafePointer<Self>) -> UInt64 {
        StableHasher.fingerprint(ofRawBytes: UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<Self>.size))
    }

    @inlinable
    public static func wideHalf(at pointer: UnsafePointer<Self>) -> UInt64 {
        var hasher = StableHasher.wideHalf()
        hasher.combineRawBytes(UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<Self>.size))
        return hasher.fingerprint()
    }
}

/// Checks that a type meets `PlainDataState`'s rules, by reflecting a value of it.
public enum PlainDataLayout {
    /// Why `sample`'s type is not plain data, or nil when it is.
    public static func problem<State>(in sample: State) -> String? {
        let name = String(reflecting: State.self)
        guard _isPOD(State.self) else {
            return "state type \(name) holds a reference (a class, array, string or existential), so equal states could differ in their bytes; keep ids and counts in fixed-size fields"
        }
        switch leafBytes(of: sample) {
        case .failure(let reason):
            return "state type \(name) is not plain data: \(reason)"
        case .success(let bytes) where bytes != MemoryLayout<State>.size:
            return "state type \(name) has \(MemoryLayout<State>.size - bytes) padding bytes between its fields, whose contents are undefined; order the fields from the widest to the narrowest, or make the padding a field"
        case .success:
            return nil
        }
    }

    struct Refusal: Error { let reason: String }

    /// The bytes of `value`'s fields, summed down to its leaves.
    static func leafBytes(of value: Any) -> Result<Int, Refusal> {
        // An InlineArray reflects as one opaque field: its elements are counted through
        // `InlineArrayLayout`, so that padding between them (an element whose size is less
        // than its stride) is seen.
        if let array = value as? any InlineArrayLayout { return array.elementLeafBytes() }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return .failure(Refusal(reason: "an optional field (\(type(of: value))) leaves its payload bytes undefined when nil; use a sentinel value"))
        case .enum where !mirror.children.isEmpty || size(of: value) > 1:
            // An enum without payload is one tag byte; one wider than that has a payload,
            // whose bytes are undefined in the cases that do not use them.
            return .failure(Refusal(reason: "an enum field with a payload (\(type(of: value))) leaves bytes undefined; use a raw integer"))
        case .struct, .tuple:
            var total = 0
            for child in mirror.children {
                switch leafBytes(of: child.value) {
                case .success(let bytes): total += bytes
                case .failure(let refusal): return .failure(refusal)
                }
            }
            // A struct that reflects no fields (a standard-library value such as an integer,
            // or an InlineArray) is a leaf of its own size.
            return .success(mirror.children.isEmpty ? size(of: value) : total)
        default:
            return .success(size(of: value))
        }
    }

    private static func size(of value: Any) -> Int {
        func size<T>(_: T) -> Int { MemoryLayout<T>.size }
        return _openExistential(value, do: size)
    }
}

/// What `PlainDataLayout` needs of an InlineArray: its elements' bytes, counted one by one.
protocol InlineArrayLayout {
    func elementLeafBytes() -> Result<Int, PlainDataLayout.Refusal>
}

extension InlineArray: InlineArrayLayout where Element: Copyable {
    func elementLeafBytes() -> Result<Int, PlainDataLayout.Refusal> {
        var total = 0
        for index in indices {
            switch PlainDataLayout.leafBytes(of: self[index]) {
            case .success(let bytes): total += bytes
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(total)
    }
}
