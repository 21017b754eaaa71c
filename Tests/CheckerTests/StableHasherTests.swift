import Testing
@testable import Checker

@Suite("Stable hashing")
struct StableHasherTests {
    /// Bytes 11, 48, 85, ... of the given length.
    static func bytes(_ length: Int) -> [UInt8] { (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    /// Raw bytes through a hasher, as part of a larger value would be.
    static func hashed(_ bytes: [UInt8]) -> UInt64 {
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combineRawBytes($0) }
        return hasher.fingerprint()
    }

    /// Raw bytes as a whole fingerprint, as a state hashed as its bytes is.
    static func fingerprinted(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { StableHasher.fingerprint(ofRawBytes: $0) }
    }

    // Fingerprints name states across runs and machines, so the functions are pinned: these
    // values were computed once. Lengths cover the stripes of 32 (32 bytes and more, with an
    // overlapping last stripe when the length is not a multiple of 32), the words of a short
    // input, the 4-byte tail and the single bytes; 189 is a myTaxi world. Words are read in
    // the machine's byte order: every platform Swift runs on is little-endian. Below 32
    // bytes the two functions agree.
    @Test("Raw bytes hash to the same values on every run", arguments: [
        (0, UInt64(0x11B3_3CBF_7CA4_3A04), UInt64(0x11B3_3CBF_7CA4_3A04)),
        (3, UInt64(0x54DF_AF6F_8280_D464), UInt64(0x54DF_AF6F_8280_D464)),
        (5, UInt64(0xE63D_80A3_BE72_A3A9), UInt64(0xE63D_80A3_BE72_A3A9)),
        (8, UInt64(0xE4F5_94D2_3A9F_48C2), UInt64(0xE4F5_94D2_3A9F_48C2)),
        (13, UInt64(0x23FE_0D56_5DF6_1E53), UInt64(0x23FE_0D56_5DF6_1E53)),
        (16, UInt64(0xD5E8_057F_F1D2_8DBE), UInt64(0xD5E8_057F_F1D2_8DBE)),
        (24, UInt64(0x5BD5_CB11_D3FF_0AAA), UInt64(0x5BD5_CB11_D3FF_0AAA)),
        (31, UInt64(0xCE94_73AC_548F_E2FE), UInt64(0xCE94_73AC_548F_E2FE)),
        (32, UInt64(0xA80B_EBEF_6E60_7199), UInt64(0xBCAB_17C5_1BBC_BD22)),
        (37, UInt64(0x1DAE_8D51_0C9E_8265), UInt64(0xD854_1525_412B_16DC)),
        (64, UInt64(0x1F39_FE1E_6B71_79F4), UInt64(0x9875_3910_18B8_48AC)),
        (189, UInt64(0x6380_EA78_37E0_551C), UInt64(0xBAD8_4EB6_16F9_F65A)),
        (197, UInt64(0xB20F_F375_7F8E_D44F), UInt64(0x9488_6F11_962E_98AF)),
    ])
    func pinned(length: Int, hashed: UInt64, fingerprinted: UInt64) {
        let bytes = Self.bytes(length)
        #expect(Self.hashed(bytes) == hashed, "through a hasher, \(length) bytes")
        #expect(Self.fingerprinted(bytes) == fingerprinted, "as a fingerprint, \(length) bytes")
        if length < 32 { #expect(Self.fingerprinted(bytes) == Self.hashed(bytes)) }
    }

    @Test("Every bit counts, wherever it lies", arguments: [31, 32, 189, 197])
    func everyBitCounts(length: Int) {
        let bytes = Self.bytes(length)
        for hash in [Self.hashed, Self.fingerprinted] {
            var seen: Set<UInt64> = [hash(bytes)]
            for position in bytes.indices {
                for bit in 0..<8 {
                    var changed = bytes
                    changed[position] ^= 1 << bit
                    seen.insert(hash(changed))
                }
            }
            #expect(seen.count == 8 * bytes.count + 1, "flipping one bit somewhere left the hash unchanged, or two flips collided")
        }
    }

    /// Whether `rawBytesEqual` tells a value of `N` bytes from every copy of it with one bit
    /// flipped, and finds it equal to an unchanged copy.
    static func comparesEveryBit<let N: Int>(_: InlineArray<N, UInt8>.Type) -> (equal: Bool, missed: [Int]) {
        var value = InlineArray<N, UInt8>(repeating: 0)
        for index in 0..<N { value[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11) }
        var missed: [Int] = []
        for position in 0..<N {
            for bit in 0..<8 {
                var changed = value
                changed[position] ^= 1 << bit
                if rawBytesEqual(value, changed) || rawBytesEqual(changed, value) { missed.append(position) }
            }
        }
        let copy = value
        return (rawBytesEqual(value, copy), missed)
    }

    // Sizes below a word, a word, between words (the last word overlaps the one before) and
    // a myTaxi world's 189 bytes.
    @Test("Raw equality sees every byte")
    func rawEqualitySeesEveryByte() {
        for (size, result) in [(3, Self.comparesEveryBit(InlineArray<3, UInt8>.self)), (8, Self.comparesEveryBit(InlineArray<8, UInt8>.self)),
                               (13, Self.comparesEveryBit(InlineArray<13, UInt8>.self)), (64, Self.comparesEveryBit(InlineArray<64, UInt8>.self)),
                               (189, Self.comparesEveryBit(InlineArray<189, UInt8>.self))] {
            #expect(result.equal, "\(size) bytes: a value differs from its copy")
            #expect(result.missed.isEmpty, "\(size) bytes: a flipped bit went unseen at bytes \(Set(result.missed).sorted())")
        }
    }
}
