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
        let computed = fingerprints.withUnsafeMutableBufferPointer {
            explorer.fingerprint(steps, into: $0, canonical: memo ? CanonicalMemo(entries: 2) : nil)
        }
        #expect(computed == 0)
    }
}
