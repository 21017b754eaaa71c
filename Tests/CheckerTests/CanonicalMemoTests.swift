import Testing
@testable import Checker

@Suite("Canonical fingerprints cached by the fingerprint of the state as generated")
struct CanonicalMemoTests {
    @Test("A stored fingerprint is found again; an empty table and other states miss")
    func storeAndFind() {
        let memo = CanonicalMemo(entries: 1 << 10)
        #expect(memo.canonical(of: 0x1234_5678_9ABC_DEF1) == nil)
        memo.store(0xAAAA_BBBB_CCCC_DDDD, for: 0x1234_5678_9ABC_DEF1)
        #expect(memo.canonical(of: 0x1234_5678_9ABC_DEF1) == 0xAAAA_BBBB_CCCC_DDDD)
        // Same entry (same high bits), another state: not taken for the first.
        #expect(memo.canonical(of: 0x1234_5678_9ABC_DEF3) == nil)
        #expect(memo.canonical(of: 0x9234_5678_9ABC_DEF1) == nil)
    }

    @Test("Two states that share an entry: the later one is kept, the earlier one misses")
    func clash() {
        let memo = CanonicalMemo(entries: 2)
        let first: UInt64 = 0x0000_0000_0000_0011, second: UInt64 = 0x0000_0000_0000_0022
        memo.store(7, for: first)
        memo.store(9, for: second)
        #expect(memo.canonical(of: first) == nil)
        #expect(memo.canonical(of: second) == 9)
    }

    @Test("An entry caught half written is a miss, not the other state's form")
    func tornEntry() {
        let memo = CanonicalMemo(entries: 2)
        let first: UInt64 = 0x0000_0000_0000_0011, second: UInt64 = 0x0000_0000_0000_0022
        memo.store(7, for: first)
        // The second store's first word lands, its second not yet.
        memo.entry(second)[0].store(second ^ 9, ordering: .relaxed)
        #expect(memo.canonical(of: first) == nil)
        #expect(memo.canonical(of: second) == nil)
    }

    @Test("The first table fits the budget it is given, down to two entries")
    func sizing() {
        #expect(CanonicalMemo.entries(within: 1 << 40) == CanonicalMemo.initialEntries)
        #expect(CanonicalMemo.entries(within: 4096) * CanonicalMemo.entryBytes == 4096)
        #expect(CanonicalMemo.entries(within: 5000) * CanonicalMemo.entryBytes == 4096)
        #expect(CanonicalMemo.entries(within: 0) == 2)
    }

    @Test("The table doubles to four entries per state found, within its budget, and never shrinks")
    func growth() {
        let initial = CanonicalMemo.initialEntries, budget = 1 << 40
        #expect(CanonicalMemo.statesFactor == 4)
        #expect(CanonicalMemo.entries(for: 0, growing: initial, within: budget) == initial)
        #expect(CanonicalMemo.entries(for: initial / 4, growing: initial, within: budget) == initial)
        #expect(CanonicalMemo.entries(for: initial / 4 + 1, growing: initial, within: budget) == 2 * initial)
        #expect(CanonicalMemo.entries(for: 1_000_000, growing: initial, within: budget) == 1 << 22)
        // Within budget: the largest power of two that fits, from where it is.
        #expect(CanonicalMemo.entries(for: 1_000_000, growing: initial, within: 32 << 20) == 1 << 21)
        #expect(CanonicalMemo.entries(for: 1_000_000, growing: initial, within: 33 << 20) == 1 << 21)
        #expect(CanonicalMemo.entries(for: 1_000_000, growing: 4, within: 0) == 4)
        #expect(CanonicalMemo.entries(for: 3, growing: 4, within: budget) == 16)
    }

    @Test("A grown table finds what the smaller one held")
    func grownKeepsEntries() {
        let small = CanonicalMemo(entries: 4)
        let raws: [UInt64] = [0x0123_4567_89AB_CDEF, 0x4123_4567_89AB_CDEF, 0x8123_4567_89AB_CDEF, 0xC123_4567_89AB_CDEF]
        for (index, raw) in raws.enumerated() { small.store(UInt64(100 + index), for: raw) }
        let grown = small.grown(to: 1 << 10)
        #expect(grown.entries == 1 << 10)
        for (index, raw) in raws.enumerated() { #expect(grown.canonical(of: raw) == UInt64(100 + index)) }
        #expect(grown.canonical(of: 0x2123_4567_89AB_CDEF) == nil)
    }

    func explore(_ model: TwoPhaseCommit, workers: Int, memoEntries: Int?) throws -> ExplorationResult<TwoPhaseCommit> {
        var options = ExplorationOptions()
        options.workers = workers
        options.symmetry = true
        options.canonicalMemoEntries = memoEntries
        options.canonicalMemoGrows = memoEntries == nil
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    @Test("A search through a memo that clashes all the time counts what it counts through a large one",
          arguments: [1, 2])
    func clashingMemo(workers: Int) throws {
        let large = try explore(TwoPhaseCommit(count: 5), workers: workers, memoEntries: nil)
        let tiny = try explore(TwoPhaseCommit(count: 5), workers: workers, memoEntries: 2)
        #expect(large.distinct == 314 && tiny.distinct == 314)
        #expect(large.generated == tiny.generated && large.depth == tiny.depth)
        #expect(large.properties.map(\.status) == tiny.properties.map(\.status))
        // The large memo spares the forms of states generated again (1,332 successors are
        // 840 different states); the tiny one forgets most of them.
        #expect(large.canonicalForms < large.generated)
        #expect(tiny.canonicalForms > large.canonicalForms)
        #expect(tiny.canonicalForms <= tiny.generated)
        // Each lookup may be fooled once in 2^64, through the entry's state or a torn pair.
        let pairs = Double(large.distinct) * Double(large.generated - large.distinct)
        #expect(large.collisionProbability == (pairs + 2 * Double(large.generated)) / 0x1p64)
        #expect(large.canonicalMemoBytes == CanonicalMemo.initialEntries * CanonicalMemo.entryBytes)
    }

    @Test("Without symmetry there is no memo and no form is computed")
    func plainSearch() throws {
        let result = try BreadthFirstExplorer(model: TwoPhaseCommit(count: 3), options: ExplorationOptions()).run()
        #expect(result.canonicalForms == 0 && result.canonicalMemoBytes == 0)
        #expect(result.collisionProbability == Double(result.distinct) * Double(result.generated - result.distinct) / 0x1p64)
    }
}
