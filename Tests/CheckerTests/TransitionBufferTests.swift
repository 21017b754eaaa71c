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
}
