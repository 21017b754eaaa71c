import Testing
@testable import Checker

/// What two workers write must not share a cache line (`CacheLinePad`): these hold the
/// layouts to that, since a lost pad costs speed on some runs and shows in no result.
@Suite("Fields that workers write apart, on cache lines of their own")
struct CacheLineTests {
    @Test("Each worker's buffers start on a line of their own")
    func workerBuffersApart() {
        let buffers = WorkerBuffers<Counter>(count: 3, reserving: 1 << 20)
        let line = MemoryLayout<CacheLinePad>.size
        let addresses = (0..<3).map { UInt(bitPattern: buffers.slot($0)) }
        #expect(addresses.allSatisfy { $0 % UInt(line) == 0 })
        for (first, second) in zip(addresses, addresses.dropFirst()) {
            #expect(second - first >= UInt(MemoryLayout<ExpansionBuffers<Counter>>.size))
        }
    }

    /// Made one after the other, two objects lie side by side: the hot fields sit between two
    /// pads, so that a neighbour's fields are at least a pad away. Mirror lists stored
    /// properties in their order in memory.
    @Test("A transition buffer's count sits between pads")
    func objectsPadded() {
        let buffer = Mirror(reflecting: TransitionBuffer<Int, Int>()).children.map { $0.label ?? "" }
        #expect(Array(buffer.prefix(5)) == ["apartBefore", "base", "capacity", "stored", "apartAfter"])
        #expect(MemoryLayout<CacheLinePad>.size == 128)
    }

    /// Readers load a shard's published table on every probe; its writer changes its count at
    /// every insert.
    @Test("Each shard's published table and each shard's writer fields start on lines of their own")
    func shardsApart() {
        let set = FingerprintSet(minimumCapacity: 1 << 10, shards: 4)
        let line = UInt(MemoryLayout<CacheLinePad>.size)
        let published = (0..<4).map { UInt(bitPattern: set.publishedTable($0)) }
        let writers = (0..<4).map { UInt(bitPattern: set.shard($0)) }
        #expect((published + writers).allSatisfy { $0 % line == 0 })
        #expect(Set((published + writers).map { $0 / line }).count == 8)
        #expect(zip(writers, writers.dropFirst()).allSatisfy { $1 - $0 >= UInt(MemoryLayout<FingerprintSet.Shard>.size) })
    }
}
