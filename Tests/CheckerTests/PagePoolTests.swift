import Testing
@testable import Checker
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Page regions and the pool that hands them on")
struct PagePoolTests {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The kind of buffer these tests ask regions for, when it does not matter.
    let kind = ObjectIdentifier(UInt8.self)

    func bytes(of region: PageRegion, _ range: Range<Int>) -> [UInt8] {
        range.map { region.base.load(fromByteOffset: $0, as: UInt8.self) }
    }

    @Test("A region handed back is handed on, cleared as far as the next owner asks and any owner wrote")
    func handedOnCleared() throws {
        // A pool of its own: the shared one is in use by other tests' searches.
        let pool = PagePool(capacity: 2, regionLimit: 1 << 20)
        let first = try #require(pool.region(atLeast: 3 * page, for: kind))
        #expect(bytes(of: first, 0..<(3 * page)).allSatisfy { $0 == 0 })
        memset(first.base, 0xAB, 3 * page)
        pool.recycle(first, written: 3 * page)

        let second = try #require(pool.region(atLeast: 2 * page, zeroed: 2 * page, for: kind))
        #expect(second === first)
        #expect(bytes(of: second, 0..<(2 * page)).allSatisfy { $0 == 0 })
        // The owner that asked for two pages wrote nothing past them, yet the third still
        // holds the first owner's bytes: the region remembers it.
        pool.recycle(second, written: page)
        let third = try #require(pool.region(atLeast: 3 * page, zeroed: 3 * page, for: kind))
        #expect(third === first)
        #expect(bytes(of: third, 0..<(3 * page)).allSatisfy { $0 == 0 })
    }

    /// An owner that wrote past what it counted (a merge's free space filled for a level a
    /// budget then cut short) handed back a region whose stale words a visited set's table
    /// then probed for ever: what is asked zeroed reads zero whatever its owner said.
    @Test("A region asked zeroed reads zero past what its last owner said it wrote, on a page boundary or not",
          arguments: [0, 1, 100])
    func zeroedPastWhatWasSaid(said: Int) throws {
        let pool = PagePool(capacity: 2, regionLimit: 1 << 20)
        let first = try #require(pool.region(atLeast: 4 * page, for: kind))
        memset(first.base, 0xCD, 4 * page)
        pool.recycle(first, written: said)
        let second = try #require(pool.region(atLeast: 4 * page, zeroed: 3 * page + 8, for: kind))
        #expect(second === first)
        #expect(bytes(of: second, 0..<(3 * page + 8)).allSatisfy { $0 == 0 })
    }

    @Test("The smallest region that fits is taken, and a full pool lets the one with the fewest pages go")
    func bestFitAndCapacity() throws {
        let pool = PagePool(capacity: 2, regionLimit: 1 << 20)
        let small = try #require(pool.region(atLeast: page, for: kind))
        let middle = try #require(pool.region(atLeast: 4 * page, for: kind))
        let large = try #require(pool.region(atLeast: 16 * page, for: kind))
        #expect(small.size == page && middle.size == 4 * page && large.size == 16 * page)
        pool.recycle(large, written: 8 * page)
        pool.recycle(small, written: 0)
        pool.recycle(middle, written: 2 * page)
        #expect(pool.count == 2)
        #expect(pool.region(atLeast: page, for: kind) === middle)
        #expect(pool.region(atLeast: page, for: kind) === large)
        #expect(pool.count == 0)
        let fresh = try #require(pool.region(atLeast: page, reserving: 8 * page, for: kind))
        #expect(fresh !== small && fresh.size == 8 * page)
    }

    @Test("Of the regions large enough, one that held a buffer of the same kind goes first, whatever their sizes")
    func sameKindFirst() throws {
        let pool = PagePool(capacity: 4, regionLimit: 1 << 20)
        let (levels, log) = (ObjectIdentifier(Int64.self), ObjectIdentifier(UInt64.self))
        // As a search's do: equal reservations, one much more written than the other.
        let level = try #require(pool.region(atLeast: 16 * page, for: levels))
        let trace = try #require(pool.region(atLeast: 16 * page, for: log))
        let larger = try #require(pool.region(atLeast: 32 * page, for: log))
        pool.recycle(level, written: 12 * page)
        pool.recycle(trace, written: page)
        pool.recycle(larger, written: page)
        // The log asks first, as a search's does, and gets its own kind's smallest region.
        #expect(pool.region(atLeast: 16 * page, for: log) === trace)
        #expect(pool.region(atLeast: 16 * page, for: levels) === level)
        // No region of its kind left: the smallest that fits, of any kind.
        #expect(pool.region(atLeast: 16 * page, for: levels) === larger)
    }

    @Test("A region with more pages written than the limit is unmapped, not kept")
    func regionLimit() throws {
        let pool = PagePool(capacity: 4, regionLimit: 2 * page)
        let light = try #require(pool.region(atLeast: 4 * page, for: kind))
        let heavy = try #require(pool.region(atLeast: 4 * page, for: kind))
        pool.recycle(light, written: 2 * page)
        pool.recycle(heavy, written: 3 * page)
        #expect(pool.count == 1)
        #expect(pool.region(atLeast: page, for: kind) === light)
    }

    @Test("A level larger than its buffer's reservation moves to a larger region and keeps every state")
    func levelOutgrowsReservation() {
        // One page of Strings, from a pool of its own (the shared one may hold a larger region).
        let pool = PagePool(capacity: 2, regionLimit: 1 << 20)
        let level = LevelStates<String>(reserving: 1, pool: pool)
        for count in [100, 1_000, 10, 5_000] {
            level.resize(count)
            for index in 0..<count { level.uninitialized(index).initialize(to: "state \(index) " + String(repeating: "x", count: index % 40)) }
            #expect(level.states.enumerated().allSatisfy { $0.element == "state \($0.offset) " + String(repeating: "x", count: $0.offset % 40) })
        }
        #expect(level.bytes == 5_000 * MemoryLayout<String>.stride)
        #expect(pool.count == 0, "the regions outgrown were unmapped, not pooled")
    }

    @Test("An array in a region grows past its reservation keeping every element, and empties keeping its pages", arguments: [1, 4_096, 40_000])
    func regionArrayGrowsAndEmpties(reservedBytes: Int) {
        // Each reservation, rounded up to whole pages, is short of the 48,000 bytes of 3,000 Strings.
        let pool = PagePool(capacity: 2, regionLimit: 1 << 22)
        let array = RegionArray<String>(reserving: reservedBytes, pool: pool)
        let text = { (index: Int) in "origin \(index) " + String(repeating: "y", count: index % 30) }
        for index in 0..<3_000 { array.append(text(index)) }
        #expect(array.count == 3_000)
        #expect(array.elements.enumerated().allSatisfy { $0.element == text($0.offset) })
        #expect(array[2_999] == text(2_999))
        array.removeAll()
        #expect(array.count == 0 && array.elements.isEmpty)
        // What it touched stays counted: the budget weighs pages, not the elements of the moment.
        #expect(array.bytes == 3_000 * MemoryLayout<String>.stride)
        for index in 0..<10 { array.append(text(index)) }
        #expect(array.elements.map { $0 } == (0..<10).map(text))
        #expect(array.bytes == 3_000 * MemoryLayout<String>.stride)
        #expect(pool.count == 0, "a region outgrown is unmapped, not pooled")
    }

    @Test("A trace log's region goes to the pool with the log, for the next search")
    func traceLogRegionHandedOn() throws {
        let pool = PagePool(capacity: 2, regionLimit: 1 << 20)
        var log: TraceLog? = TraceLog(reserving: 16 * page, pool: pool)
        let root = log!.appendRoot(initialStateIndex: 2)
        let child = log!.append(parent: root, actionIndex: 7)
        let grandchild = log!.append(parent: child, actionIndex: 3)
        let path = log!.path(to: grandchild)
        #expect(path.initial == 2 && path.actions == [7, 3])
        #expect(log!.bytes == 3 * MemoryLayout<UInt64>.stride)
        log = nil
        #expect(pool.count == 1)
        let next = try #require(pool.region(atLeast: 16 * page, for: kind))
        #expect(next.written == 3 * MemoryLayout<UInt64>.stride)
    }
}
