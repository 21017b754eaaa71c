import Testing
@testable import Checker

@Suite("Fingerprinting a chunk's successors")
struct SuccessorFingerprintTests {
    /// A chunk whose states are all terminal lists no successor, but the worker's buffer
    /// still has memory behind it, holding states destroyed with the last chunk (or nothing
    /// yet). Copying one as a scratch state retained a freed array: CI crashed on it.
    @Test("No successors: nothing is read from the buffer, with or without symmetry and memo",
          arguments: [(false, false), (true, false), (true, true)])
    func emptyChunk(symmetry: Bool, memo: Bool) {
        var options = ExplorationOptions()
        options.symmetry = symmetry
        let explorer = BreadthFirstExplorer(model: TwoPhaseCommit(count: 3), options: options)
        typealias Step = Transition<TwoPhaseCommit.Action, TwoPhaseCommit.State>
        // Memory that is no state: every word 0x1010_1010_1010_1010, an address no process
        // can map on x86-64 or arm64, so copying it as a state (retaining its arrays) crashes.
        let garbage = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Step>.stride, alignment: MemoryLayout<Step>.alignment)
        defer { garbage.deallocate() }
        garbage.initializeMemory(as: UInt8.self, repeating: 0x10, count: MemoryLayout<Step>.stride)
        let steps = UnsafeMutableBufferPointer(start: garbage.assumingMemoryBound(to: Step.self), count: 0)
        var fingerprints: [UInt64] = []
        var unseen: [Int] = []
        let computed = fingerprints.withUnsafeMutableBufferPointer {
            explorer.fingerprint(steps, into: $0, canonical: memo ? CanonicalMemo(entries: 2) : nil, visited: FingerprintSet()) {
                unseen.append($0)
            }
        }
        #expect(computed == 0 && unseen.isEmpty)
    }

    /// The visited set is probed some steps behind the hashing (`FingerprintSet.prefetchDistance`,
    /// 16), and the last steps after the loop: chunks shorter than that lag, as long, one
    /// longer and several times longer.
    @Test("Each step gets its state's key, and the steps the visited set lacks are reported once each, in order",
          arguments: [(false, false), (true, false), (true, true)], [1, 15, 16, 17, 40])
    func unseenSteps(search: (symmetry: Bool, memo: Bool), count: Int) {
        let (symmetry, memo) = search
        var options = ExplorationOptions()
        options.symmetry = symmetry
        let model = TwoPhaseCommit(count: 3)
        let explorer = BreadthFirstExplorer(model: model, options: options)
        let buffer = TransitionBuffer<TwoPhaseCommit.Action, TwoPhaseCommit.State>()
        // States in breadth-first order, some reached twice: the steps of a real chunk.
        var queue = model.initialStates
        while buffer.count < count {
            let first = buffer.count
            withUnsafePointer(to: queue.removeFirst()) { model.hooks.successors(of: $0, into: buffer) }
            queue.append(contentsOf: buffer.transitions[first...].map(\.state))
        }
        let steps = UnsafeMutableBufferPointer(rebasing: buffer.transitions[..<count])
        let keys = steps.map { explorer.key(of: $0.state) }
        let visited = FingerprintSet()
        // Every other key, in order of first appearance: the first step's is left out.
        var distinct: [UInt64] = []
        for key in keys where !distinct.contains(key) { distinct.append(key) }
        for key in distinct.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) { visited.insert(key) }
        var fingerprints = Array(repeating: UInt64(0), count: count)
        var unseen: [Int] = []
        _ = fingerprints.withUnsafeMutableBufferPointer {
            explorer.fingerprint(steps, into: $0, canonical: memo ? CanonicalMemo(entries: 1 << 10) : nil, visited: visited) {
                unseen.append($0)
            }
        }
        #expect(fingerprints == keys)
        #expect(unseen == keys.indices.filter { !visited.contains(keys[$0]) })
        #expect(!unseen.isEmpty)
    }
}
