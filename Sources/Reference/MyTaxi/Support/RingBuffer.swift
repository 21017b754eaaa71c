/// A FIFO queue on a ring of slots that grows by doubling: O(1) at both ends, and removal
/// from the middle (a driver who leaves the queue) shifts only the entries behind him.
///
/// Walking it is inlinable, so that a reader in another module (the harness's abstraction,
/// which walks every queue of every state it reaches) gets a loop specialised for the element
/// rather than a generic call per element.
public struct RingBuffer<Element: Sendable & Equatable>: Sendable, Equatable, Sequence {
    @usableFromInline var slots: [Element?] = Array(repeating: nil, count: 4)
    @usableFromInline var start = 0
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }
    public var first: Element? { count == 0 ? nil : slots[start] }

    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ring buffer index \(position) out of 0..<\(count)")
        return slots[(start + position) % slots.count]!
    }

    public mutating func append(_ element: Element) {
        if count == slots.count { grow() }
        slots[(start + count) % slots.count] = element
        count += 1
    }

    public mutating func prepend(_ element: Element) {
        if count == slots.count { grow() }
        start = (start - 1 + slots.count) % slots.count
        slots[start] = element
        count += 1
    }

    public mutating func replace(at position: Int, with element: Element) {
        precondition(position >= 0 && position < count, "ring buffer index \(position) out of 0..<\(count)")
        slots[(start + position) % slots.count] = element
    }

    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let element = self[position]
        for offset in position..<(count - 1) {
            slots[(start + offset) % slots.count] = slots[(start + offset + 1) % slots.count]
        }
        slots[(start + count - 1) % slots.count] = nil
        count -= 1
        return element
    }

    public func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        (0..<count).first { predicate(self[$0]) }
    }

    /// Front to back. A struct, not an `AnyIterator`: the box and closure of that were
    /// allocated for every walk, and the harness compares the service's queues after every
    /// refused operation.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let buffer: RingBuffer
        @usableFromInline var position = 0

        @inlinable init(buffer: RingBuffer) { self.buffer = buffer }

        @inlinable
        public mutating func next() -> Element? {
            guard position < buffer.count else { return nil }
            defer { position += 1 }
            return buffer[position]
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(buffer: self) }

    /// Equal when they hold the same elements in the same order, wherever the ring starts.
    public static func == (a: Self, b: Self) -> Bool {
        guard a.count == b.count else { return false }
        for position in 0..<a.count where a[position] != b[position] { return false }
        return true
    }

    private mutating func grow() {
        var larger: [Element?] = Array(repeating: nil, count: slots.count * 2)
        for position in 0..<count { larger[position] = slots[(start + position) % slots.count] }
        slots = larger
        start = 0
    }
}
