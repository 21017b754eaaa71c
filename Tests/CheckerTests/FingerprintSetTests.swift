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
