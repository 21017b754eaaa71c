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
    // values were computed once. Lengths cover the four-lane bulk (32 and more bytes, with
    // an overlapping last block when the length is not a multiple of 32), the words of a
    // short input, the 4-byte tail and the single bytes. Words are read in the machine's
    // byte order: every platform Swift runs on is little-endian.
    @Test("Raw bytes hash to the same values on every run", arguments: [
        (0, UInt64(0x11B3_3CBF_7CA4_3A04)),
        (3, UInt64(0x54DF_AF6F_8280_D464)),
        (5, UInt64(0xE63D_80A3_BE72_A3A9)),
        (8, UInt64(0xE4F5_94D2_3A9F_48C2)),
        (13, UInt64(0x23FE_0D56_5DF6_1E53)),
        (31, UInt64(0xCE94_73AC_548F_E2FE)),
        (32, UInt64(0xB826_56C6_0EFE_4818)),
        (37, UInt64(0x0E4D_A3D7_B77C_2B33)),
        (64, UInt64(0x716F_B13C_E04F_3F83)),
        (197, UInt64(0x35E1_5F28_F667_9E82)),
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
