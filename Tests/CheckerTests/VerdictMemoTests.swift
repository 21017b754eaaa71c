import Testing
@testable import Checker

@Suite("Verdicts cached by footprint")
struct VerdictMemoTests {
    @Test("A footprint is read as masked words, the last one ending with the state")
    func footprintWords() {
        // Bytes 0-1 and 9-11 of a 12-byte state: the second word is read from byte 4 (so
        // that it ends with the state), its mask on the bytes at offsets 5, 6 and 7.
        let tail = FootprintWords(ranges: [0..<2, 9..<12], size: 12)
        #expect(tail.offsets == [0, 4])
        #expect(tail.masks == [0xFFFF, 0xFF_FFFF << 40])
        // A range across a word boundary is read from both words.
        let across = FootprintWords(ranges: [6..<10], size: 16)
        #expect(across.offsets == [0, 8])
        #expect(across.masks == [0xFFFF << 48, 0xFFFF])
        // Nothing read, no words.
        #expect(FootprintWords(ranges: [], size: 16).offsets.isEmpty)
    }

    @Test("Each footprint's invariants get consecutive bits within one word of a row")
    func groupsStayInOneWord() {
        // Sixty invariants read the digit and ten the trips: laid out in order, the trips'
        // ten would take bits 60 to 69, across two words, and a cached verdict could not be
        // written with one mask.
        func invariant(_ number: Int, _ footprint: StateParts) -> Property<Odometer> {
            Property(id: "P\(number)", kind: .invariant, group: "toy", statement: "-", source: "test", symbol: "P\(number)",
                     key: number, footprint: footprint, predicate: .state { _, _ in })
        }
        let properties = (0..<60).map { invariant($0, Odometer.digitPart) } + (60..<70).map { invariant($0, Odometer.tripsPart) }
        let compiled = CompiledProperties(properties)
        #expect(compiled.groups.map(\.count) == [60, 10])
        for group in compiled.groups {
            let bits = group.map { compiled.invariants[$0].bit }
            #expect(bits == Array(bits[0]..<(bits[0] + bits.count)), "bits \(bits) are not consecutive")
            #expect(bits[0] / 64 == bits[bits.count - 1] / 64, "bits \(bits) cross a word")
        }
        #expect(compiled.invariantWords == 2)
    }

    /// A worker's memo with one table, for `plan`, in a pool of its own.
    func memo(_ plan: FootprintWords, pool: PagePool = PagePool(capacity: 1, regionLimit: 1 << 22)) -> VerdictMemo {
        let memo = VerdictMemo(pool: pool)
        memo.prepare([nil, plan])
        return memo
    }

    @Test("A lookup finds what was stored for the same footprint bytes, whatever the other bytes")
    func lookupFindsStoredVerdicts() {
        let memo = memo(FootprintWords(ranges: [0..<4], size: 8))
        defer { withExtendedLifetime(memo) {} }
        let table = memo.tables[1]!
        var state: (UInt32, UInt32) = (7, 1)
        withUnsafeBytes(of: &state) { bytes in
            #expect(table.lookup(bytes.baseAddress!) == nil)
            table.store(bytes.baseAddress!, applied: 0b11, violated: 0b10)
        }
        var sameFootprint: (UInt32, UInt32) = (7, 99)
        withUnsafeBytes(of: &sameFootprint) { bytes in
            let cached = table.lookup(bytes.baseAddress!)
            #expect(cached?.applied == 0b11 && cached?.violated == 0b10)
        }
        var otherFootprint: (UInt32, UInt32) = (8, 1)
        withUnsafeBytes(of: &otherFootprint) { #expect(table.lookup($0.baseAddress!) == nil) }
    }

    @Test("A memo's tables start empty, though the region they get held an earlier memo's verdicts")
    func tablesStartEmptyInARecycledRegion() {
        let pool = PagePool(capacity: 1, regionLimit: 1 << 22)
        let plan = FootprintWords(ranges: [0..<8], size: 8)
        var state: UInt64 = 42
        var first: VerdictMemo? = memo(plan, pool: pool)
        withUnsafeBytes(of: &state) { first!.tables[1]!.store($0.baseAddress!, applied: 1, violated: 1) }
        #expect(first!.tables[0] == nil, "a footprint without a plan has no table")
        first = nil
        #expect(pool.count == 1, "the tables' region went to the pool")
        let second = memo(plan, pool: pool)
        defer { withExtendedLifetime(second) {} }
        #expect(pool.count == 0, "and came back for the next memo")
        withUnsafeBytes(of: &state) { #expect(second.tables[1]!.lookup($0.baseAddress!) == nil) }
    }

    @Test("A cache that does not pay pauses, longer each time in a row, and a good window resets the pause")
    func cacheJudgesItself() {
        let memo = memo(FootprintWords(ranges: [0..<8], size: 8))
        defer { withExtendedLifetime(memo) {} }
        let table = memo.tables[1]!
        let window = VerdictMemo.Usage.window
        func pausedChunks() -> Int {
            var paused = 0
            while !table.isActive() { paused += 1 }
            return paused
        }
        // Two invariants, one word: a window with no hits does not pay, twice in a row.
        table.record(lookups: window, hits: 0, members: 2)
        #expect(pausedChunks() == VerdictMemo.Usage.shortestPause)
        table.record(lookups: window, hits: 0, members: 2)
        #expect(pausedChunks() == 2 * VerdictMemo.Usage.shortestPause)
        // Every lookup a hit: it pays, stays active, and the next bad window pauses briefly.
        table.record(lookups: window, hits: window, members: 2)
        #expect(table.isActive())
        table.record(lookups: window, hits: 0, members: 2)
        #expect(pausedChunks() == VerdictMemo.Usage.shortestPause)
        // Nothing is judged before a window is full.
        table.record(lookups: window - 1, hits: 0, members: 2)
        #expect(table.isActive())
    }

    @Test("The rule of thumb: hits pay for the lookups when they save enough evaluations")
    func paymentRule() {
        // Two invariants over ten words: 87% hits pay, 37% do not.
        #expect(VerdictMemo.Usage(lookups: 100, hits: 87).paid(members: 2, words: 10))
        #expect(!VerdictMemo.Usage(lookups: 100, hits: 37).paid(members: 2, words: 10))
        // Twelve invariants: 39% hits pay.
        #expect(VerdictMemo.Usage(lookups: 100, hits: 39).paid(members: 12, words: 15))
    }

    /// States, verdicts, coverage and the first violation's trace, for comparing runs.
    static func summary(_ result: ExplorationResult<Odometer>) -> [String] {
        ["\(result.distinct) \(result.generated) \(result.depth)"] + result.properties.map {
            "\($0.property.id) \($0.status) \($0.exercised) \($0.counterexample?.trace.steps.map(\.action.description) ?? [])"
        }
    }

    @Test("Cached verdicts give the answers of evaluating every state", arguments: [1, 2], [nil, 7 as UInt32?])
    func sameAnswers(workers: Int, forbidden: UInt32?) throws {
        var options = ExplorationOptions()
        options.workers = workers
        var cached = Odometer(trips: 60)
        cached.forbiddenDigit = forbidden
        let result = try BreadthFirstExplorer(model: cached, options: options).run()
        options.useFootprints = false
        var everything = Odometer(trips: 60)
        everything.forbiddenDigit = forbidden
        let reference = try BreadthFirstExplorer(model: everything, options: options).run()
        #expect(VerdictMemoTests.summary(result) == VerdictMemoTests.summary(reference))
        #expect(reference.distinct == (forbidden == nil ? 600 : reference.distinct))
        if forbidden != nil {
            // Seven ticks from zero: the shortest way to the forbidden digit.
            #expect(result.properties[1].counterexample?.trace.steps.map(\.action) == Array(repeating: .tick, count: 7))
        }
    }

    @Test("The digit's invariants run about once per digit, not once per state")
    func cacheSkipsEvaluations() throws {
        var options = ExplorationOptions()
        options.workers = 1
        let model = Odometer(trips: 60)
        let result = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(result.distinct == 600)
        // Without the cache, the digit's invariants would run on every state whose step
        // changed the digit: all but the few reached by a trip from digit zero. With it,
        // once per digit, and again only where two digits share an entry.
        for key in [0, 1] {
            #expect((10...20).contains(model.runs.count(key)), "key \(key) ran \(model.runs.count(key)) times")
        }
        // The trips' invariant reads a footprint of its own, not cached (one invariant).
        #expect(model.runs.count(2) >= 60)
        #expect(result.properties.map(\.exercised) == [600, 540, 600])
    }
}
