import Synchronization
import Testing
@testable import Checker

/// The merge inserts a level's candidates into the visited set's shards in parallel, and
/// lays out the states kept in chunk order: whatever the number of workers, and whatever
/// room the arrays had, the result is that of one merge in order.
@Suite("The merge of a level")
struct LevelMergeTests {
    typealias Candidate = ChunkOutput<Counter>.Candidate

    /// Forty chunks of 300 candidates drawn from 3,000 states, so most arrive several
    /// times; the states below 200 were visited in earlier levels.
    static let chunks: [[Candidate]] = {
        var generator = SplitMix64(seed: 5)
        return (0..<40).map { chunk in
            (0..<300).map { position in
                let state = Int(generator.next() % 3_000)
                return Candidate(fingerprint: fingerprint(state), parent: UInt32(chunk), actionIndex: UInt32(position),
                                 actionKind: Int32(state % 2), source: Int32(chunk * 300 + position), action: .increment(by: state))
            }
        }
    }()

    static func fingerprint(_ state: Int) -> UInt64 { FingerprintSetTests.fingerprint(2 * state) }

    /// What one merge in order keeps: each state's first arrival, in chunk order.
    static func expected(room: Int) -> [Candidate] {
        var seen = Set((0..<200).map(fingerprint))
        return Array(chunks.joined().filter { seen.insert($0.fingerprint).inserted }.prefix(room))
    }

    struct Outcome {
        let links: [UInt64]
        let actions: [Counter.Action]
        let kept: LevelMerge<Counter>.Kept
        let visited: Int
    }

    func merge(workers: Int, room: Int?, reserving bytes: Int) -> Outcome {
        let visited = FingerprintSet(minimumCapacity: 64, shards: FingerprintSet.shards(forWorkers: workers))
        for state in 0..<200 { visited.insert(Self.fingerprint(state)) }
        let log = TraceLog(reserving: bytes, pool: PagePool(capacity: 0, regionLimit: 0))
        log.appendRoot(initialStateIndex: 0)
        let origins = RegionArray<Search<Counter>.Origin>(reserving: bytes, pool: PagePool(capacity: 0, regionLimit: 0))
        let merge = LevelMerge<Counter>(chunkCount: Self.chunks.count, visited: visited, workers: workers, actionKinds: 2,
                                        room: room, log: log, origins: origins, hints: nil)
        runChunks(count: Self.chunks.count, workers: workers) { worker, chunk in
            merge.offer(chunk, candidates: Self.chunks[chunk], hints: [], worker: worker)
            return true
        }
        let kept = merge.finish(log: log, origins: origins, hints: nil)
        return Outcome(links: (1..<log.count).map(log.record), actions: origins.elements.map(\.action), kept: kept, visited: visited.count)
    }

    @Test("Each state's first arrival in chunk order, its origin and parent link, for 1 to 8 workers, with room in place or not",
          arguments: [1, 3, 8], [1 << 20, 64])
    func firstArrivals(workers: Int, reservedBytes: Int) {
        let expected = Self.expected(room: .max)
        let outcome = merge(workers: workers, room: nil, reserving: reservedBytes)
        #expect(outcome.kept.count == expected.count && outcome.visited == 200 + expected.count)
        #expect(outcome.actions == expected.map(\.action))
        #expect(!outcome.kept.budgetHit)
        #expect(outcome.kept.newStates == [expected.count { $0.actionKind == 0 }, expected.count { $0.actionKind == 1 }])
        #expect(outcome.links == expected.map { TraceLog.link(parent: $0.parent, actionIndex: Int($0.actionIndex)) })
    }

    @Test("The state budget keeps the first states in chunk order", arguments: [1, 4])
    func budget(workers: Int) {
        let expected = Self.expected(room: 1_000)
        let outcome = merge(workers: workers, room: 1_000, reserving: 1 << 20)
        #expect(outcome.kept.count == 1_000 && outcome.kept.budgetHit)
        #expect(outcome.actions == expected.map(\.action))
        #expect(outcome.links == expected.map { TraceLog.link(parent: $0.parent, actionIndex: Int($0.actionIndex)) })
        #expect(outcome.kept.newStates.reduce(0, +) == 1_000)
    }
}
