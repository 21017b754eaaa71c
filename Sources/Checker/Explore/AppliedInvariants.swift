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

    /// Adds to `counts[i]` how many of the `states` rows at `rows` have bit `i` set. Siblings
    /// often share a row, so a run of equal rows is counted once, times its length.
    static func count(rows: UnsafePointer<UInt64>, states: Int, words: Int, into counts: UnsafeMutableBufferPointer<Int>) {
        guard states > 0 else { return }
        func rowsEqual(_ a: Int, _ b: Int) -> Bool {
            (0..<words).allSatisfy { rows[a * words + $0] == rows[b * words + $0] }
        }
        var runStart = 0
        for index in 1...states where index == states || !rowsEqual(runStart, index) {
            for word in 0..<words {
                var bits = rows[runStart * words + word]
                while bits != 0 {
                    counts[word * 64 + bits.trailingZeroBitCount] += index - runStart
                    bits &= bits - 1
                }
            }
            runStart = index
        }
    }
}
