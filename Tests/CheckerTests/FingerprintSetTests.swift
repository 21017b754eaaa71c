import Dispatch
import Synchronization
import Testing
@testable import Checker

@Suite("Visited set")
struct FingerprintSetTests {
    /// Distinct, nonzero, spread over the table; the odd ones are never inserted.
    static func fingerprint(_ n: Int) -> UInt64 {
        var generator = SplitMix64(seed: UInt64(n))
        return generator.next() & ~1 | 1 &<< 63 | UInt64(n & 1)
    }

    @Test("Growing keeps every fingerprint and answers as before")
    func growing() {
        let set = FingerprintSet(minimumCapacity: 64)
        let added = stride(from: 0, to: 20_000, by: 2).count { set.insert(Self.fingerprint($0)) }
        #expect(added == 10_000 && set.count == 10_000)
        let withOldTables = set.bytes
        set.reclaim()
        #expect(set.bytes < withOldTables, "the tables growing replaced are counted until reclaimed")
        #expect(set.bytes <= 16 * 10_000)
        #expect((0..<20_000).allSatisfy { set.contains(Self.fingerprint($0)) == $0.isMultiple(of: 2) })
        #expect(stride(from: 0, to: 20_000, by: 2).allSatisfy { !set.insert(Self.fingerprint($0)) })
    }

    @Test("The table never holds more than 16 bytes a fingerprint, right after growing included")
    func sixteenBytesAFingerprint() {
        let set = FingerprintSet(minimumCapacity: 64)
        var worst = 0.0, capacity = set.bytes
        // Spread over the whole table, as in the test below.
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200_000 {
            set.insert(generator.next() | 1)
            // The bytes a fingerprint are at their most just after the table has grown.
            guard set.bytes != capacity else { continue }
            set.reclaim()
            capacity = set.bytes
            if set.count >= 1_000 { worst = max(worst, Double(set.bytes) / Double(set.count)) }
        }
        #expect(worst <= 16, "\(worst) bytes a fingerprint")
        #expect(worst > 14.5, "the worst case comes right after a growth: \(worst)")
    }

    @Test("Outgrown tables of up to 4 MiB go to the pool, larger ones are unmapped, and a table from the pool starts empty")
    func outgrownTablesPooled() {
        let pool = PagePool(capacity: 8, regionLimit: 1 << 30)
        let slot = MemoryLayout<FingerprintSet.Slot>.stride
        // Spread over the whole table (`fingerprint(_:)` sets the top bit, which would crowd
        // half a table this full).
        var generator = SplitMix64(seed: 7)
        let fingerprints = (0..<560_000).map { _ in generator.next() | 1 }
        // 300,000 slots grow to 450,000 and then 675,000 (2.4, 3.6 and 5.4 MB): the first
        // two are outgrown under the limit, the third past it once it grows too.
        var set: FingerprintSet? = FingerprintSet(minimumCapacity: 300_000, pool: pool)
        let grown = FingerprintSet.grownCapacity(300_000), again = FingerprintSet.grownCapacity(grown)
        #expect((grown + 1) * slot <= set!.pooledTableLimit && (again + 1) * slot > set!.pooledTableLimit)
        for fingerprint in fingerprints { set!.insert(fingerprint) }
        #expect(set!.count == fingerprints.count)
        set!.reclaim()
        #expect(pool.count == 2, "the 2.4 and 3.6 MB tables pooled, the 5.4 MB one unmapped")
        set = nil
        #expect(pool.count == 3, "and the last table when the set goes")
        // The next set takes the smallest pooled table that fits, written all over before.
        let next = FingerprintSet(minimumCapacity: 300_000, pool: pool)
        #expect(pool.count == 2)
        #expect(fingerprints.prefix(1_000).allSatisfy { !next.contains($0) })
    }

    /// Each shard has its own writer: the merge inserts into every shard at once.
    @Test("Writers on different shards at once, readers beside them: every fingerprint kept once, in its shard, and the table spread")
    func shardsWrittenAtOnce() {
        let set = FingerprintSet(minimumCapacity: 64, shards: 8)
        let inserts = 40_000
        let wrongAnswers = Atomic<Int>(0)
        let fresh = Atomic<Int>(0)
        // Eight writers, each inserting its shard's fingerprints twice; two readers asking
        // for fingerprints never inserted.
        DispatchQueue.concurrentPerform(iterations: 10) { worker in
            if worker < 8 {
                for _ in 0..<2 {
                    for n in 0..<inserts {
                        let fingerprint = Self.fingerprint(2 * n)
                        guard set.shard(of: fingerprint) == worker else { continue }
                        if set.insert(fingerprint) { fresh.add(1, ordering: .relaxed) }
                    }
                }
                return
            }
            for n in 0..<inserts where set.contains(Self.fingerprint(2 * n + 1)) { wrongAnswers.add(1, ordering: .relaxed) }
        }
        #expect(fresh.load(ordering: .relaxed) == inserts)
        #expect(wrongAnswers.load(ordering: .relaxed) == 0)
        #expect(set.count == inserts)
        set.reclaim()
        #expect((0..<inserts).allSatisfy { set.contains(Self.fingerprint(2 * $0)) })
        #expect(set.bytes <= 16 * inserts, "each shard grows on its own, by half: \(set.bytes) bytes")
    }

    /// A table a shard outgrew goes as soon as no reader can hold it, not at the level's end.
    @Test("An outgrown table waits for the readers that entered before it was replaced, and only for them")
    func quietTablesFreed() {
        let set = FingerprintSet(minimumCapacity: 64, shards: 1, readers: 2)
        let retired = { set.bytes - set.bytes(retired: false) }
        set.enter(reader: 0)
        for n in 0..<1_000 { set.insert(Self.fingerprint(2 * n)) }
        #expect(retired() > 0, "the set grew while reader 0 was in")
        // Reader 1 enters after the growth: it cannot hold the old tables.
        set.enter(reader: 1)
        set.reclaimQuiet(0)
        #expect(retired() > 0, "reader 0 may still hold them")
        set.leave(reader: 0)
        set.reclaimQuiet(0)
        #expect(retired() == 0)
        // Reader 1 entered before this growth.
        for n in 1_000..<3_000 { set.insert(Self.fingerprint(2 * n)) }
        set.reclaimQuiet(0)
        #expect(retired() > 0)
        set.leave(reader: 1)
        set.reclaimQuiet(0)
        #expect(retired() == 0)
        #expect((0..<3_000).allSatisfy { set.contains(Self.fingerprint(2 * $0)) })
    }

    /// The merge inserts while other workers probe. A reader must never find a fingerprint
    /// that was not inserted, and must find every one whose insertion it has heard of, also
    /// while the table grows under it (from 64 slots to over 40,000 here).
    @Test("Readers probing while the writer inserts and grows see no more and no less than was published")
    func readersDuringInserts() {
        let set = FingerprintSet(minimumCapacity: 64)
        let published = Atomic<Int>(0)
        let wrongAnswers = Atomic<Int>(0)
        let inserts = 30_000
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for n in 0..<inserts {
                    set.insert(Self.fingerprint(2 * n))
                    published.store(n + 1, ordering: .releasing)
                }
                return
            }
            var probe = worker
            while true {
                let known = published.load(ordering: .acquiring)
                if known > 0 {
                    probe = (probe &* 31 &+ 7) % known
                    if !set.contains(Self.fingerprint(2 * probe)) { wrongAnswers.add(1, ordering: .relaxed) }
                    set.prefetch(Self.fingerprint(2 * probe + 1))
                    if set.contains(Self.fingerprint(2 * probe + 1)) { wrongAnswers.add(1, ordering: .relaxed) }
                }
                if known == inserts { return }
            }
        }
        #expect(wrongAnswers.load(ordering: .relaxed) == 0)
        #expect(set.count == inserts)
        set.reclaim()
        #expect((0..<inserts).allSatisfy { set.contains(Self.fingerprint(2 * $0)) })
    }
}
