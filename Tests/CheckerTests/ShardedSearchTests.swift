import Foundation
import Testing

@testable import Checker

/// A search split across processes (`ShardPlan`), its parts run here as threads sharing a
/// temporary folder: each part must end with one process's result, whatever the number of
/// parts, and a part stopped and started again must carry on to the same result.
@Suite struct ShardedSearchTests {
    /// What a result says, less what the machine measures (time, memory, workers).
    struct Outcome: Equatable, CustomStringConvertible {
        let counts: [Int]
        let stop: String
        let properties: [String]
        let traces: [String]
        let coverage: [ActionCoverage]

        init<M: Model>(_ result: ExplorationResult<M>) {
            counts = [result.distinct, result.generated, result.depth]
            stop = result.stopReason.rawValue
            properties = result.properties.map { "\($0.property.id) \($0.status) \($0.exercised)" }
            traces = (result.properties.compactMap(\.counterexample) + [result.deadlock].compactMap { $0 }).map {
                example in
                "\(example.kind) \(example.witness) \(example.trace.initialIndex) "
                    + example.trace.steps.map { "\($0.actionIndex):\($0.action)" }.joined(separator: " ")
            }
            coverage = result.actions
        }

        var description: String { "\(counts) \(stop) \(properties) \(traces)" }
    }

    /// Runs `count` parts of one search of `model` in `folder`, each on a thread of its own
    /// (they wait for one another). `crash` makes part `crash.part` stop as if killed after
    /// level `crash.level`, then start again: its result is the second run's.
    static func split<M: Model>(
        _ model: M, options: ExplorationOptions, count: Int, folder: String,
        crash: (part: Int, level: Int)? = nil
    ) -> [Result<ExplorationResult<M>, ExplorationError>] {
        let results = Locked<[Result<ExplorationResult<M>, ExplorationError>?]>(Array(repeating: nil, count: count))
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                func run(crashAfter level: Int?) -> Result<ExplorationResult<M>, ExplorationError> {
                    var options = options
                    options.shard = ShardPlan(
                        index: index, count: count, directory: folder, identity: "test", waitLimit: 60,
                        crashAfterLevel: level)
                    return Result { () throws(ExplorationError) in
                        try BreadthFirstExplorer(model: model, options: options).run()
                    }
                }
                if let crash, crash.part == index { _ = run(crashAfter: crash.level) }
                let result = run(crashAfter: nil)
                results.withLock { $0[index] = result }
                group.leave()
            }
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "ridecheck-shards-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func expectSame<M: Model>(_ model: M, count: Int, configure: (inout ExplorationOptions) -> Void = { _ in })
        throws
    {
        var options = ExplorationOptions()
        options.workers = 1
        configure(&options)
        let alone = Outcome(try BreadthFirstExplorer(model: model, options: options).run())
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, result) in split(model, options: options, count: count, folder: folder).enumerated() {
            #expect(try Outcome(result.get()) == alone, "part \(index) of \(count)")
        }
    }

    @Test(arguments: [1, 2, 4])
    func plainStatesTravelAsBytes(parts: Int) throws {
        try Self.expectSame(Grid(size: 6, stepsRight: true), count: parts)
        try Self.expectSame(Grid(size: 6, forbiddenColumn: 3), count: parts)
        try Self.expectSame(Counter(limit: 9, forbidden: 7), count: parts) { $0.maxDepth = 5 }
        try Self.expectSame(Counter(limit: 9, deadlocksAtLimit: true), count: parts)
    }

    /// TwoPhaseCommit's states hold arrays: each travels as its path and is replayed.
    @Test(arguments: [1, 2, 4])
    func otherStatesAreReplayedFromTheirPaths(parts: Int) throws {
        try Self.expectSame(TwoPhaseCommit(count: 3), count: parts)
        try Self.expectSame(TwoPhaseCommit(count: 4), count: parts) { $0.maxDepth = 6 }
        try Self.expectSame(TwoPhaseCommit(count: 4), count: parts) { $0.symmetry = true }
    }

    /// A split search keys its states by 128 bits: states whose fingerprints collide are all
    /// kept, where one process's visited set of fingerprints keeps one of each.
    @Test(arguments: [1, 2])
    func wideKeysTellCollidingStatesApart(parts: Int) throws {
        let model = CollidingPair(limit: 3)
        var options = ExplorationOptions()
        options.workers = 1
        let alone = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(alone.distinct == 7)
        #expect(alone.collisionProbability == 7 * Double(alone.generated - 7) / 0x1p64)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for result in Self.split(model, options: options, count: parts, folder: folder) {
            let result = try result.get()
            #expect(result.distinct == 16)
            #expect(result.generated == 24)
            #expect(result.keyBits == 128)
            #expect(result.collisionProbability == 16 * 8 / 0x1p128)
        }
    }

    @Test func stopsAsOneProcessStops() throws {
        try Self.expectSame(Counter(limit: 9, forbidden: 4, deadlocksAtLimit: true), count: 3) {
            $0.stopAtFirstViolation = true
        }
        try Self.expectSame(Counter(limit: 9, forbidden: 4), count: 3) { $0.propertyIDs = ["NotForbidden"] }
    }

    /// A part stopped as if killed after a level, and started again: it reloads what it kept,
    /// merges what was published, carries on, and every part ends with one process's result.
    /// Level 20 is past the search's last: the part finished the run and is started again.
    @Test(arguments: [0, 2, 5, 20])
    func aPartStartedAgainCarriesOn(stoppedAfterLevel: Int) throws {
        let model = TwoPhaseCommit(count: 3)
        var options = ExplorationOptions()
        options.workers = 1
        let alone = Outcome(try BreadthFirstExplorer(model: model, options: options).run())
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, result) in Self.split(
            model, options: options, count: 3, folder: folder, crash: (1, stoppedAfterLevel)
        )
        .enumerated() {
            #expect(try Outcome(result.get()) == alone, "part \(index)")
        }
    }

    /// A part that never comes: the others stop at the time limit with the levels merged so
    /// far, as an incomplete run (the run's report says which part and level).
    @Test func aPartThatNeverComesStopsTheRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ExplorationOptions()
        options.shard = ShardPlan(index: 0, count: 2, directory: folder, identity: "test", waitLimit: 0.3)
        let result = try BreadthFirstExplorer(model: Counter(limit: 9), options: options).run()
        #expect(result.stopReason == .levelFiles)
        #expect(!result.isComplete)
        #expect(result.stopDetail == "shard 1 did not finish level 0 within 0.3 s")
    }

    /// A folder that holds another run (another build, scope or number of parts) is refused
    /// before anything is written; so is a damaged file.
    @Test func anotherRunsFolderIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ExplorationOptions()
        options.shard = ShardPlan(index: 0, count: 1, directory: folder, identity: "build a", waitLimit: 5)
        let first = try BreadthFirstExplorer(model: Counter(limit: 5), options: options).run()
        #expect(first.stopReason == .exhausted)
        options.shard = ShardPlan(index: 0, count: 1, directory: folder, identity: "build b", waitLimit: 5)
        #expect {
            try BreadthFirstExplorer(model: Counter(limit: 5), options: options).run()
        } throws: { error in
            "\(error)".contains("holds another run") && "\(error)".contains("build a") && "\(error)".contains("build b")
        }
        // The same run again reads its files back; one damaged byte is refused by name.
        options.shard = ShardPlan(index: 0, count: 1, directory: folder, identity: "build a", waitLimit: 5)
        let summary = folder + "/search-1/level-2/summary-0"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: summary))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: summary))
        #expect(throws: ExplorationError.exchange("\(summary) is damaged: its checksum does not match its contents")) {
            try BreadthFirstExplorer(model: Counter(limit: 5), options: options).run()
        }
    }
}

@Suite struct WideKeyTests {
    /// Keys that share a fingerprint and differ in their second half are apart; the set grows
    /// from its smallest size and loses nothing on the way.
    @Test func theSetHoldsEveryKeyAndOnlyThose() {
        let set = WideKeySet(minimumCapacity: 16)
        for number in 1...10_000 as ClosedRange<UInt64> {
            #expect(set.insert(WideKey(fingerprint: number % 97 + 1, check: number)))
        }
        #expect(set.count == 10_000)
        #expect(!set.insert(WideKey(fingerprint: 5 % 97 + 1, check: 5)))
        for number in 1...10_000 as ClosedRange<UInt64> {
            #expect(set.contains(WideKey(fingerprint: number % 97 + 1, check: number)))
            #expect(!set.contains(WideKey(fingerprint: number % 97 + 2, check: number)))
        }
    }

    /// The second half is another hash of the same bytes, not a function of the fingerprint:
    /// two 64-byte inputs built to share their fingerprint (in each stripe, lane 0's word
    /// cancels its key's low half, so its product is zero, and the two lane-0 words, which
    /// lane 1 adds, keep their sum) differ in the second half, whose stripes have other keys.
    @Test func inputsBuiltToShareAFingerprintDifferInTheSecondHalf() {
        let firstKey = StableHasher.prime1
        let secondKey = StableHasher.prime1 &+ StableHasher.prime4
        var one = (0..<8).map { UInt64($0) &* 0x0101_0101_0101_0101 }
        one[0] = firstKey
        one[4] = secondKey
        var other = one
        other[0] = firstKey ^ (1 << 32)
        other[4] = one[4] &- (other[0] &- one[0])
        func key(_ words: [UInt64]) -> WideKey {
            words.withUnsafeBytes { raw in
                var wide = StableHasher.wideHalf()
                wide.combineRawBytes(raw)
                return WideKey(fingerprint: StableHasher.fingerprint(ofRawBytes: raw), check: wide.fingerprint())
            }
        }
        #expect(one != other)
        #expect(key(one).fingerprint == key(other).fingerprint)
        #expect(key(one).check != key(other).check)
    }
}
