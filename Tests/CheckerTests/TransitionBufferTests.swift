import Testing
@testable import Checker

@Suite("Transition buffer")
struct TransitionBufferTests {
    @Test("A refused candidate leaves nothing behind; growing keeps what was listed, in order")
    func appendRefuseGrow() {
        let buffer = TransitionBuffer<Int, [Int]>(capacity: 2)
        var source = [10, 20]
        withUnsafePointer(to: &source) { source in
            for action in 0..<9 {
                // Odd actions are refused after changing their slot: the change must not show.
                buffer.append(action, from: source) { state in
                    state.append(action)
                    return action.isMultiple(of: 2)
                }
            }
        }
        #expect(buffer.count == 5)
        #expect(buffer.transitions.map(\.action) == [0, 2, 4, 6, 8])
        #expect(buffer.transitions.map(\.state) == [[10, 20, 0], [10, 20, 2], [10, 20, 4], [10, 20, 6], [10, 20, 8]])
        #expect(source == [10, 20], "the source state is copied, never changed")
        buffer.removeAll()
        #expect(buffer.count == 0)
        buffer.append(Transition(action: 7, state: [7]))
        #expect(buffer.transitions.map(\.action) == [7])
    }

    @Test("A buffer in a region grows past its reservation keeping every transition, and hands its pages on")
    func regionBufferGrowsAndHandsOn() throws {
        let pool = PagePool(capacity: 2, regionLimit: 1 << 22)
        var buffer: TransitionBuffer<Int, [Int]>? = TransitionBuffer(reserving: 1, pool: pool)
        var source = [1, 2, 3]
        let stride = MemoryLayout<Transition<Int, [Int]>>.stride
        // Three pages of transitions: more than the one-page reservation holds.
        let count = 3 * 4096 / stride
        withUnsafePointer(to: &source) { source in
            for action in 0..<count {
                buffer!.append(action, from: source) { state in
                    state.append(action)
                    return true
                }
            }
        }
        #expect(buffer!.transitions.map(\.action) == Array(0..<count))
        #expect(buffer!.transitions.allSatisfy { $0.state == [1, 2, 3, $0.action] })
        buffer!.removeAll()
        buffer!.append(Transition(action: -1, state: []))
        #expect(buffer!.bytes == count * stride, "the most it held, not what it holds")
        #expect(pool.count == 0, "the regions outgrown were unmapped, not pooled")
        buffer = nil
        #expect(pool.count == 1)
        let next = try #require(pool.region(atLeast: 1, for: ObjectIdentifier(Transition<Int, [Int]>.self)))
        #expect(next.written == count * stride)
    }
}
