import Testing
@testable import Checker

@Suite("Stable hashing")
struct StableHasherTests {
    /// Bytes 0, 1, 2, ... of the given length, hashed as raw bytes.
    static func hash(length: Int) -> UInt64 {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combineRawBytes($0) }
        return hasher.fingerprint()
    }

    // Fingerprints name states across runs and machines, so the function is pinned: these
    // values were computed once. Lengths cover the blocks of 16 (16 bytes and more, with an
    // overlapping last block when the length is not a multiple of 16), the words of a short
    // input, the 4-byte tail and the single bytes. Words are read in the machine's
    // byte order: every platform Swift runs on is little-endian.
    @Test("Raw bytes hash to the same values on every run", arguments: [
        (0, UInt64(0x11B3_3CBF_7CA4_3A04)),
        (3, UInt64(0x54DF_AF6F_8280_D464)),
        (5, UInt64(0xE63D_80A3_BE72_A3A9)),
        (8, UInt64(0xE4F5_94D2_3A9F_48C2)),
        (13, UInt64(0x23FE_0D56_5DF6_1E53)),
        (16, UInt64(0x2BDE_B447_181D_A779)),
        (24, UInt64(0xC843_7893_BF24_1013)),
        (31, UInt64(0xF39F_103A_4325_FE2B)),
        (32, UInt64(0x64B4_C5E0_FA97_4A35)),
        (37, UInt64(0xE13F_2115_1052_5266)),
        (64, UInt64(0x7630_B7F5_E7DE_3B5A)),
        (197, UInt64(0x575C_2029_B320_5CE2)),
    ])
    func pinned(length: Int, expected: UInt64) {
        #expect(Self.hash(length: length) == expected)
    }

    @Test("Every byte counts, wherever it lies")
    func everyByteCounts() {
        let bytes = (0..<197).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        func hash(_ bytes: [UInt8]) -> UInt64 {
            var hasher = StableHasher()
            bytes.withUnsafeBytes { hasher.combineRawBytes($0) }
            return hasher.fingerprint()
        }
        var seen: Set<UInt64> = [hash(bytes)]
        for position in bytes.indices {
            var changed = bytes
            changed[position] ^= 1
            seen.insert(hash(changed))
        }
        #expect(seen.count == bytes.count + 1, "flipping one bit at some position left the hash unchanged")
    }
}
