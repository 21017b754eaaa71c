import Testing
@testable import Checker

/// `AppliedInvariants.count` keeps its counts bit-sliced in blocks of 255 rows; these hold it
/// to counting each row's bits one by one.
@Suite("Counting the invariants that applied")
struct AppliedInvariantsTests {
    @Test("Per bit, the count of rows with the bit set, across block boundaries and for rows of several words",
          arguments: [0, 1, 2, 254, 255, 256, 511, 600], [1, 2, 3])
    func countsEveryBit(states: Int, words: Int) {
        check(states: states, words: words, allSet: false)
        // Every count as high as a block allows, and past it.
        check(states: states, words: words, allSet: true)
    }

    func check(states: Int, words: Int, allSet: Bool) {
        var random = SplitMix64(seed: UInt64(states * 8 + words))
        // Sparse, dense and repeated rows, as levels have them.
        let rows: [UInt64] = (0..<(states * words)).map { index -> UInt64 in
            if allSet { return .max }
            switch index % 4 {
            case 0: return random.next() & random.next()
            case 1: return random.next() | random.next()
            case 2: return .max
            default: return random.next()
            }
        }
        var expected = [Int](repeating: 0, count: words * 64)
        for (index, row) in rows.enumerated() {
            for bit in 0..<64 where row & (1 << UInt64(bit)) != 0 { expected[(index % words) * 64 + bit] += 1 }
        }
        // Counts are added to what is there.
        var counts = [Int](repeating: 7, count: words * 64)
        rows.withUnsafeBufferPointer { rows in
            counts.withUnsafeMutableBufferPointer { counts in
                AppliedInvariants.count(rows: rows.baseAddress ?? UnsafePointer(bitPattern: 8)!, states: states, words: words, into: counts)
            }
        }
        #expect(counts == expected.map { $0 + 7 }, "\(states) rows of \(words) words, all set: \(allSet)")
    }
}
