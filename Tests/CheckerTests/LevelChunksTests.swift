import Testing
@testable import Checker

/// How a level is cut for the workers (`LevelChunks`): in order, with nothing left out or
/// taken twice, and with small chunks only at the end and only where a worker could wait.
@Suite("Cutting a level into chunks")
struct LevelChunksTests {
    static let levels = [0, 1, 63, 64, 511, 512, 513, 1_023, 1_024, 1_025, 1_500, 2_048, 5_000, 34_003]

    @Test("The chunks cover the level once, in frontier order", arguments: levels, [1, 2, 3])
    func partition(states: Int, workers: Int) {
        let chunks = LevelChunks(states: states, workers: workers)
        var next = 0
        for chunk in 0..<chunks.count {
            let range = chunks.range(chunk)
            #expect(range.lowerBound == next && !range.isEmpty, "chunk \(chunk) of \(chunks)")
            next = range.upperBound
            #expect(chunks.statesCovered(byFirst: chunk + 1) == next)
        }
        #expect(next == states)
        #expect(chunks.statesCovered(byFirst: 0) == 0)
    }

    @Test("One worker takes whole chunks; several take an eighth as much from the level's last workers × size states on",
          arguments: levels, [1, 2, 3])
    func sizes(states: Int, workers: Int) {
        let chunks = LevelChunks(states: states, workers: workers)
        let size = LevelChunks.defaultSize, tail = size / LevelChunks.tailDivisor
        let counts = (0..<chunks.count).map { chunks.range($0).count }
        if workers == 1 {
            #expect(counts.dropLast().allSatisfy { $0 == size })
            #expect(counts.count == (states + size - 1) / size)
            return
        }
        // Whole chunks first, then small ones from the point where at most
        // workers × size (and less than one whole chunk more) are left.
        let small = counts.drop { $0 == size }
        #expect(small.allSatisfy { $0 <= tail })
        #expect(small.dropLast().allSatisfy { $0 == tail })
        let tailStates = small.reduce(0, +)
        #expect(tailStates >= min(states, workers * size) && tailStates < workers * size + size)
    }
}
