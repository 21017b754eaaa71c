import Dispatch
import Testing
@testable import Checker

@Suite("A value behind a lock the thread sanitizer sees")
struct LockedTests {
    @Test("What a body does to the value stays, and the body's result comes back")
    func bodyChangesTheValue() {
        let locked = Locked<[Int]>([1])
        let count = locked.withLock { list -> Int in
            list.append(2)
            return list.count
        }
        #expect(count == 2)
        #expect(locked.withLock { $0 } == [1, 2])
    }

    @Test("An error thrown by the body comes out, and the lock is free again")
    func throwingBodyUnlocks() {
        struct Refused: Error {}
        let locked = Locked(0)
        #expect(throws: Refused.self) { try locked.withLock { _ in throw Refused() } }
        // Still locked, this would never return.
        #expect(locked.withLock { $0 } == 0)
    }

    @Test("Increments from many threads at once are none of them lost")
    func mutualExclusion() {
        let locked = Locked(0)
        let threads = 8, increments = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                // Read and write apart, so that two holders at once would lose updates.
                locked.withLock { value in
                    let read = value
                    value = read + 1
                }
            }
        }
        #expect(locked.withLock { $0 } == threads * increments)
    }
}
