/// A 64-bit hash that is the same on every run and every machine.
///
/// Swift's `Hasher` is seeded per process, so anything printed, stored or compared across
/// runs (fingerprints, trace ids) uses this instead. The round for words and the finaliser
/// follow the structure of xxHash64's (multiply, rotate, multiply; then an avalanche);
/// raw bytes, which is how states are hashed, go in stripes of 32 (`combineRawBytes`,
/// `fingerprint(ofRawBytes:)`).
public struct StableHasher: Sendable {
    @usableFromInline static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    @usableFromInline static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    @usableFromInline static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    @usableFromInline static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63

    @usableFromInline var accumulator: UInt64
    @usableFromInline var length: UInt64 = 0
    /// Mixed into the keys of raw bytes' stripes: 0 for fingerprints, another word for the
    /// second half of a wide key (`wideHalf`), so that the two halves fold different
    /// accumulators rather than one fold seen twice.
    @usableFromInline var stripeKeys: UInt64 = 0

    @inlinable
    public init(seed: UInt64 = 0) {
        accumulator = seed &+ StableHasher.prime3
    }

    /// A hasher for the second half of a 128-bit key (`WideKey`): its own seed, and its own
    /// keys for raw bytes' stripes. Fed what a fingerprint is fed, it gives a hash of the
    /// same value that does not follow from the fingerprint: raw bytes of 32 or more are
    /// folded from accumulators under other keys, shorter inputs run the word rounds from
    /// another start.
    @inlinable
    public static func wideHalf() -> StableHasher {
        var hasher = StableHasher(seed: 0x5769_6465_4B65_7931)
        hasher.stripeKeys = 0xA076_1D64_78BD_642F
        return hasher
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

    /// Feeds raw bytes. From 32 bytes on, the bytes go in stripes of 32, as four words side
    /// by side in a vector (the structure of XXH3's long inputs): each word is mixed with a
    /// key of its stripe and lane, its two halves multiplied together (32 by 32 bits, one
    /// vector instruction for all four lanes), and the product and the word, from the lane
    /// beside it, are added to the lane's accumulator. When the length is not a multiple of
    /// 32, the last 32 bytes make one more stripe, overlapping the one before, under keys of
    /// their own. The four accumulators are then folded by two 64-by-64-bit multiplies and
    /// avalanched, and enter as one word, with the length. A state's fingerprint is computed
    /// for every transition (`fingerprint(ofRawBytes:)`); a myTaxi world takes 6 stripes
    /// where the blocks of 16 this replaced took 12, each with a scalar 128-bit multiply.
    /// Shorter inputs take words, then the last few bytes as one more word.
    @inlinable @inline(__always)
    public mutating func combineRawBytes(_ raw: UnsafeRawBufferPointer) {
        let count = raw.count
        if count >= 32 {
            length &+= UInt64(truncatingIfNeeded: count)
            combine(StableHasher.avalanche(StableHasher.stripes(raw, keys: stripeKeys)))
            return
        }
        var offset = 0
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

    /// The fingerprint of raw bytes alone, as `fingerprint()` after `combineRawBytes(raw)`
    /// would give for short inputs; from 32 bytes on, the stripes' fold avalanched and no
    /// more (XXH3's ending), without the word round and the finaliser a hasher adds after
    /// it. A state's fingerprint is computed for every transition, and those two were 45 of
    /// a myTaxi world's 96 instructions. Never zero, like every fingerprint.
    @inlinable @inline(__always)
    public static func fingerprint(ofRawBytes raw: UnsafeRawBufferPointer) -> UInt64 {
        guard raw.count >= 32 else {
            var hasher = StableHasher()
            hasher.combineRawBytes(raw)
            return hasher.fingerprint()
        }
        let value = avalanche(stripes(raw))
        return value == 0 ? 1 : value
    }

    /// Raw bytes of 32 or more in stripes (see `combineRawBytes`), folded to one word with
    /// their length; `keys` (0 for a fingerprint) changes every stripe's key and the start.
    @inlinable @inline(__always)
    static func stripes(_ raw: UnsafeRawBufferPointer, keys: UInt64 = 0) -> UInt64 {
        let count = raw.count
        var offset = 0
        var accumulators = SIMD4<UInt64>(prime3, prime2, prime4, prime1) ^ SIMD4(repeating: keys)
        var key = SIMD4<UInt64>(prime1, prime2, prime3, prime4) &+ SIMD4(repeating: keys)
        let keyStep = SIMD4<UInt64>(prime4, prime3, prime2, prime1)
        while offset + 32 <= count {
            accumulators &+= stripe(raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt64>.self), key)
            key &+= keyStep
            offset += 32
        }
        if offset < count {
            accumulators &+= stripe(raw.loadUnaligned(fromByteOffset: count - 32, as: SIMD4<UInt64>.self), ~key)
        }
        return UInt64(truncatingIfNeeded: count) &* prime1
            &+ block(accumulators[0], accumulators[1], prime2, prime3)
            &+ block(accumulators[2], accumulators[3], prime4, prime1)
    }

    /// One stripe of 32 bytes, as four lanes to add to the accumulators: each word under its
    /// key, low half times high half, plus the word of the neighbouring lane (so that a word
    /// whose product is zero still counts, and lanes do not cancel their own words).
    @inlinable @inline(__always)
    static func stripe(_ data: SIMD4<UInt64>, _ key: SIMD4<UInt64>) -> SIMD4<UInt64> {
        let mixed = data ^ key
        let product = (mixed & 0xFFFF_FFFF) &* (mixed &>> 32)
        return product &+ SIMD4(data[1], data[0], data[3], data[2])
    }

    /// Two words under their keys, multiplied to 128 bits, folded to 64.
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

    /// The value's fingerprint. The default is `stableHash(into:)` in a fresh hasher; a type
    /// hashed as its raw bytes may take `StableHasher.fingerprint(ofRawBytes:)` instead,
    /// with `fingerprint(at:)` to match.
    var fingerprint: UInt64 { get }

    /// The fingerprint of the value at `pointer`, the same as its `fingerprint`. A type whose
    /// hash is its raw bytes implements it to hash them where they lie: the explorer
    /// fingerprints every successor in place, and reading it through a method of the value
    /// would copy it first.
    static func fingerprint(at pointer: UnsafePointer<Self>) -> UInt64

    /// The second half of the value's 128-bit key in a split search (`WideKey`): what
    /// `stableHash(into:)` feeds, hashed by `StableHasher.wideHalf()`. A type hashed as its
    /// raw bytes hashes them where they lie.
    static func wideHalf(at pointer: UnsafePointer<Self>) -> UInt64
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

    @inlinable
    public static func wideHalf(at pointer: UnsafePointer<Self>) -> UInt64 {
        var hasher = StableHasher.wideHalf()
        pointer.pointee.stableHash(into: &hasher)
        return hasher.fingerprint()
    }
}

/// Equality of two plain-old-data values by their bytes (see `combineRawBytes(of:)`).
///
/// `elementsEqual` over the two buffers went byte by byte through their iterators: about
/// 3,400 instructions for a 189-byte myTaxi world, which the Reference's searches compare
/// with the specification's for every step (6% of a conformance search).
@inlinable
public func rawBytesEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
    precondition(_isPOD(T.self), "rawBytesEqual needs a plain-old-data type")
    return withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            rawBytesEqual(left.baseAddress!, right.baseAddress!, count: left.count)
        }
    }
}

/// Whether `count` bytes at `a` and `b` are equal: eight at a time, the last eight
/// overlapping the ones before when `count` is not a multiple of eight. Inlined, with a
/// size known when compiling, it unrolls into a few loads (`World.changedParts` compares
/// a world field by field with it).
@inlinable @inline(__always)
public func rawBytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    guard count >= 8 else {
        for offset in 0..<count where a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }
    var difference: UInt64 = 0
    var offset = 0
    while offset + 8 <= count {
        difference |= a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
    }
    if offset < count {
        difference |= a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    return difference == 0
}
