/// For each state of a level, which invariants applied to it (their antecedent held), one
/// bit per invariant in a row of words (`CompiledProperties` places them: each footprint's
/// invariants together in one word, so rows may have unused bits). A successor whose step left an invariant's
/// footprint unchanged inherits its parent's bit, so that coverage counts every distinct
/// state where an invariant applied, whether it ran there or not.
///
/// Two are kept for the whole search, in turn with the level buffers, under the same
/// discipline as `LevelStates`: workers write the rows of their own chunks while nobody
/// reads them, and read the parent level's rows while nobody writes them.
final class AppliedInvariants: @unchecked Sendable {
    let words: Int
    // Unchecked: the phases keep writers and readers apart (above), and a dynamic
    // exclusivity check on every row read cost more than the row itself.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt64>
    private var capacity = 0

    init(words: Int) {
        self.words = words
        base = .allocate(capacity: 1)
    }

    deinit { base.deallocate() }

    /// Makes room for `count` rows; their contents are undefined until written.
    func resize(_ count: Int) {
        let needed = count * words
        guard needed > capacity else { return }
        base.deallocate()
        capacity = needed + needed / 4
        base = .allocate(capacity: max(1, capacity))
    }

    /// The row of the state at `index` in its level.
    @inline(__always)
    func row(_ index: Int) -> UnsafeMutablePointer<UInt64> { base + index * words }

    var bytes: Int { capacity * MemoryLayout<UInt64>.stride }

    /// Adds to `counts[i]` how many of the `states` rows at `rows` have bit `i` set.
    ///
    /// The 64 counts of a word are kept bit-sliced over a block of up to 255 rows: `planes[k]`
    /// holds bit k of every count, and a row is added as a binary increment of all 64 at
    /// once (a carry rippling up the planes, two steps on average). Each row's set bits one
    /// by one cost about 14 bits times 8 instructions a state in the myTaxi bench, where
    /// hardly two neighbours share a row; the planes are read out once a block.
    static func count(rows: UnsafePointer<UInt64>, states: Int, words: Int, into counts: UnsafeMutableBufferPointer<Int>) {
        precondition(counts.count >= words * 64, "a count for every bit of a row")
        for word in 0..<words {
            var start = 0
            while start < states {
                let end = min(states, start + 255)
                // Eight planes count to 255: a carry out of the last is impossible.
                var planes = InlineArray<8, UInt64>(repeating: 0)
                for index in start..<end {
                    var carry = rows[index * words + word], plane = 0
                    while carry != 0 {
                        let next = planes[unchecked: plane] & carry
                        planes[unchecked: plane] ^= carry
                        carry = next
                        plane += 1
                    }
                }
                for plane in 0..<8 {
                    var bits = planes[plane]
                    while bits != 0 {
                        counts[word * 64 + bits.trailingZeroBitCount] += 1 << plane
                        bits &= bits - 1
                    }
                }
                start = end
            }
        }
    }
}
