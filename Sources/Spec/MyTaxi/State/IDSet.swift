/// A set of entities of one kind as a bit mask: what the predicates iterate over instead of
/// arrays, so that checking a property allocates nothing. Iterates in id order.
public struct IDSet<ID: EntityID>: Sequence, Sendable, Equatable {
    public var mask: UInt8

    public init(mask: UInt8 = 0) { self.mask = mask }

    public var isEmpty: Bool { mask == 0 }
    public var count: Int { mask.nonzeroBitCount }
    public var first: ID? { mask == 0 ? nil : ID(mask.trailingZeroBitCount) }
    public func contains(_ id: ID) -> Bool { mask & (1 << id.raw) != 0 }
    public mutating func insert(_ id: ID) { mask |= 1 << id.raw }

    /// The members that satisfy `predicate`, as a set again (no array is made).
    public func filter(_ predicate: (ID) -> Bool) -> IDSet {
        var result = IDSet()
        for id in self where predicate(id) { result.insert(id) }
        return result
    }

    public struct Iterator: IteratorProtocol {
        var rest: UInt8
        public mutating func next() -> ID? {
            guard rest != 0 else { return nil }
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            return ID(bit)
        }
    }

    public func makeIterator() -> Iterator { Iterator(rest: mask) }

    public static func == (lhs: IDSet, rhs: [ID]) -> Bool { lhs.elementsEqual(rhs) }
}

extension IDSet: CustomStringConvertible {
    public var description: String { "[" + map(\.description).joined(separator: ",") + "]" }
}

/// Up to four ids in order, packed in one word: a zone's queue as the predicates read it,
/// without making an array.
public struct PackedIDs<ID: EntityID>: RandomAccessCollection, Sendable, Equatable {
    var bits: UInt32
    public let count: Int

    init(bits: UInt32, count: Int) {
        precondition(count <= 4, "a packed list holds at most 4 ids")
        self.bits = bits
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> ID { ID(raw: UInt8(truncatingIfNeeded: bits >> (8 * UInt32(position)))) }

    /// The members as a set (duplicates collapse).
    public var set: IDSet<ID> {
        var result = IDSet<ID>()
        for id in self { result.insert(id) }
        return result
    }

    public static func == (lhs: PackedIDs, rhs: [ID]) -> Bool { lhs.elementsEqual(rhs) }
}

extension PackedIDs: CustomStringConvertible {
    public var description: String { "[" + map(\.description).joined(separator: ",") + "]" }
}

/// A few small numbers stored inline (passenger counts, reservation leads): a scope that
/// holds them stays a plain value, copied without reference counting.
public struct SmallInts: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable, Equatable {
    private var storage: (Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16) = (0, 0, 0, 0, 0, 0, 0, 0)
    public private(set) var count = 0

    public init() {}
    public init(arrayLiteral elements: Int...) { for element in elements { append(element) } }
    public init(_ elements: some Sequence<Int>) { for element in elements { append(element) } }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Int {
        precondition(position >= 0 && position < count, "index \(position) out of 0..<\(count)")
        return withUnsafeBytes(of: storage) { Int($0.load(fromByteOffset: position * 2, as: Int16.self)) }
    }

    public mutating func append(_ value: Int) {
        precondition(count < 8 && Int(Int16.min)...Int(Int16.max) ~= value, "SmallInts holds 8 numbers of 16 bits")
        let position = count
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: Int16(value), toByteOffset: position * 2, as: Int16.self) }
        count += 1
    }

    public static func == (a: SmallInts, b: SmallInts) -> Bool { a.elementsEqual(b) }
}
