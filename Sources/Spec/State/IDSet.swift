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
}

extension IDSet: CustomStringConvertible {
    public var description: String { "[" + map(\.description).joined(separator: ",") + "]" }
}
