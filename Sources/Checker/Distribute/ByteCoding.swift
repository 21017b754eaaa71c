/// The exchange's files in bytes: little-endian words, strings as a length and UTF-8, in the
/// order written. Every process of a run reads what the others wrote, on whatever machine.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func put(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func put(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }
    mutating func put(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func put(_ text: String) {
        let utf8 = Array(text.utf8)
        put(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func put(_ values: [Int]) {
        put(values.count)
        for value in values { put(value) }
    }

    mutating func put(path: [UInt32]) {
        put(UInt32(path.count))
        for step in path { put(step) }
    }

    /// A path and one step more, as `put(path:)` would write the longer path but for its length.
    mutating func put(path: ArraySlice<UInt32>, then step: UInt32) {
        for element in path { put(element) }
        put(step)
    }

    mutating func put(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }
}

/// Reads what `ByteWriter` wrote; past the end, or a count that cannot be, is a damaged file.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var atEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(ExchangeDamage) -> Int {
        guard count >= 0, bytes.count - offset >= count else { throw ExchangeDamage(offset: offset) }
        defer { offset += count }
        return offset
    }

    mutating func uint64() throws(ExchangeDamage) -> UInt64 {
        let at = try take(8)
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt64.self) })
    }

    mutating func uint32() throws(ExchangeDamage) -> UInt32 {
        let at = try take(4)
        return UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) })
    }

    mutating func int() throws(ExchangeDamage) -> Int { Int(Int64(bitPattern: try uint64())) }

    mutating func bool() throws(ExchangeDamage) -> Bool { bytes[try take(1)] != 0 }

    mutating func string() throws(ExchangeDamage) -> String {
        let count = Int(try uint32())
        let at = try take(count)
        return String(decoding: bytes[at..<(at + count)], as: UTF8.self)
    }

    mutating func ints() throws(ExchangeDamage) -> [Int] {
        let count = try int()
        guard count >= 0, count <= (bytes.count - offset) / 8 else { throw ExchangeDamage(offset: offset) }
        var values: [Int] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try int()) }
        return values
    }

    mutating func path() throws(ExchangeDamage) -> [UInt32] {
        let count = Int(try uint32())
        guard count <= (bytes.count - offset) / 4 else { throw ExchangeDamage(offset: offset) }
        var path: [UInt32] = []
        path.reserveCapacity(count)
        for _ in 0..<count { path.append(try uint32()) }
        return path
    }

    /// The next `count` bytes, read in place by `body`.
    mutating func raw<T>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> T) throws(ExchangeDamage) -> T {
        let at = try take(count)
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[at..<(at + count)])) }
    }
}

/// A file of the exchange that ends early or holds a count that cannot be.
struct ExchangeDamage: Error {
    let offset: Int
}
