/// A 64-bit hash that is the same on every run and every machine.
///
/// Swift's `Hasher` is seeded per process, so anything printed, stored or compared across
/// runs (fingerprints, trace ids) uses this instead. The round for words and the finaliser
/// follow the structure of xxHash64's (multiply, rotate, multiply; then an avalanche);
/// raw bytes, which is how states are hashed, go in blocks of 16 (`combineRawBytes`).
public struct StableHasher: Sendable {
    @usableFromInline static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    @usableFromInline static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    @usableFromInline static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    @usableFromInline static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63

    @usableFromInline var accumulator: UInt64
    @usableFromInline var length: UInt64 = 0

    @inlinable
    public init(seed: UInt64 = 0) {
        accumulator = seed &+ StableHasher.prime3
    }

    @inlinable
    public mutating func combine(_ word: UInt64) {
        var lane = word &* StableHasher.prime2
        lane = (lane << 31) | (lane >> 33)
        lane &*= StableHasher.prime1
        accumulator ^= lane
        accumulator = ((accumulator << 27) | (accumulator >> 37)) &* StableHasher.prime1 &+ StableHasher.prime3
        length &+= 8
    }

    @inlinable
    public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    @inlinable
    public mutating func combine(_ value: UInt8) { combine(UInt64(value)) }

    @inlinable
    public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

    /// Feeds the bytes of a string (UTF-8) followed by its length.
    public mutating func combine(_ text: String) {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            word |= UInt64(byte) << shift
            shift += 8
            count += 1
            if shift == 64 { combine(word); word = 0; shift = 0 }
        }
        combine(word)
        combine(count)
    }

    /// Feeds the raw bytes of a value of a plain-old-data type without padding.
    ///
    /// Only for types whose every byte is meaningful: structs of `UInt8`, `Bool` and
    /// `InlineArray`s of them (alignment 1, so no padding). Padding bytes would make the hash
    /// depend on garbage.
    @inlinable
    public mutating func combineRawBytes<T>(of value: T) {
        precondition(_isPOD(T.self), "combineRawBytes needs a plain-old-data type")
        withUnsafeBytes(of: value) { combineRawBytes($0) }
    }

    /// The same for a value read in place, where it lies (no copy of it is made).
    @inlinable @inline(__always)
    public mutating func combineRawBytes<T>(at pointer: UnsafePointer<T>) {
        precondition(_isPOD(T.self), "combineRawBytes needs a plain-old-data type")
        combineRawBytes(UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<T>.size))
    }

    /// Feeds raw bytes. From 16 bytes on, each block of 16 is two words, each mixed with a
    /// key of its own position, multiplied together to 128 bits and folded to 64, and the
    /// blocks' products are summed (the structure of XXH3's mid-size inputs); when the length
    /// is not a multiple of 16, the last 16 bytes make one more block, overlapping the one
    /// before, under keys of their own. The sum is then avalanched and enters as one word,
    /// with the length. A state's fingerprint is computed for every transition: the blocks
    /// are independent, so they do not wait on one another, and a block costs one multiply
    /// where xxHash64's lanes, which this replaced, cost four (a myTaxi world now takes 143
    /// instructions, by callgrind). Shorter inputs take words, then the last few bytes as one
    /// more word.
    @inlinable @inline(__always)
    public mutating func combineRawBytes(_ raw: UnsafeRawBufferPointer) {
        let count = raw.count
        var offset = 0
        if count >= 16 {
            var sum = UInt64(truncatingIfNeeded: count) &* StableHasher.prime1
            var lowKey = StableHasher.prime2, highKey = StableHasher.prime3
            // Four blocks a turn, each under the keys it would have one at a time: for a state
            // of fixed size the compiler then unrolls it all (a myTaxi world: 190 → 143).
            while offset + 64 <= count {
                for block in 0..<4 {
                    let at = offset + 16 * block, step = UInt64(block)
                    sum &+= StableHasher.block(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self),
                                               raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self),
                                               lowKey &+ step &* StableHasher.prime1, highKey &+ step &* StableHasher.prime4)
                }
                lowKey &+= 4 &* StableHasher.prime1
                highKey &+= 4 &* StableHasher.prime4
                offset += 64
            }
            while offset + 16 <= count {
                sum &+= StableHasher.block(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                                           raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), lowKey, highKey)
                lowKey &+= StableHasher.prime1
                highKey &+= StableHasher.prime4
                offset += 16
            }
            if offset < count {
                sum &+= StableHasher.block(raw.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self),
                                           raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
                                           ~lowKey, ~highKey)
            }
            length &+= UInt64(count)
            combine(StableHasher.avalanche(sum))
            return
        }
        while offset + 8 <= count {
            combine(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if offset + 4 <= count {
            tail = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            shift = 32
            offset += 4
        }
        while offset < count {
            tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
    }

    /// One block of 16 bytes: its two words under their keys, multiplied, folded.
    @inlinable @inline(__always)
    static func block(_ low: UInt64, _ high: UInt64, _ lowKey: UInt64, _ highKey: UInt64) -> UInt64 {
        let product = (low ^ lowKey).multipliedFullWidth(by: high ^ highKey)
        return product.high ^ product.low
    }

    /// XXH3's avalanche: every bit of the sum reaches every bit of the result.
    @inlinable @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value ^ (value >> 37)
        hash &*= 0x1656_6791_9E37_79F9
        return hash ^ (hash >> 32)
    }

    /// The hash as a fingerprint: never zero, because the visited set uses zero for "empty".
    @inlinable
    public func fingerprint() -> UInt64 {
        let value = finalize()
        return value == 0 ? 1 : value
    }

    @inlinable
    public func finalize() -> UInt64 {
        var hash = accumulator ^ length
        hash ^= hash >> 33
        hash &*= StableHasher.prime2
        hash ^= hash >> 29
        hash &*= StableHasher.prime3
        hash ^= hash >> 32
        return hash
    }
}

/// A value with a hash that is stable across runs: the fingerprint of a state.
public protocol StableHashable {
    func stableHash(into hasher: inout StableHasher)

    /// The fingerprint of the value at `pointer`, the same as its `fingerprint`. A type whose
    /// hash is its raw bytes implements it to hash them where they lie: the explorer
    /// fingerprints every successor in place, and reading it through a method of the value
    /// would copy it first.
    static func fingerprint(at pointer: UnsafePointer<Self>) -> UInt64
}

extension StableHashable {
    /// The state's fingerprint: never zero, because the visited set uses zero for "empty".
    @inlinable
    public var fingerprint: UInt64 {
        var hasher = StableHasher()
        stableHash(into: &hasher)
        return hasher.fingerprint()
    }

    @inlinable
    public static func fingerprint(at pointer: UnsafePointer<Self>) -> UInt64 { pointer.pointee.fingerprint }
}

/// Equality of two plain-old-data values by their bytes (see `combineRawBytes(of:)`).
@inlinable
public func rawBytesEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
    precondition(_isPOD(T.self), "rawBytesEqual needs a plain-old-data type")
    return withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            left.elementsEqual(right)
        }
    }
}
