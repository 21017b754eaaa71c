import Testing
@testable import Checker

/// A batch's steps grouped by action kind (`StepsByKind`), which transition properties about
/// a few kinds visit instead of every step, and the tally that such a visit feeds out of
/// step order (`VerdictTally`).
@Suite("Steps grouped by action kind")
struct StepsByKindTests {
    /// The grouping of `kinds` among `kindCount` kinds, as arrays.
    static func grouped(_ kinds: [Int32], kindCount: Int) -> (order: [Int32], starts: [Int32]) {
        let counts = (0..<kindCount).map { kind in kinds.count { $0 == kind } }
        // Filled with a value no step has, so that a place the grouping leaves unwritten shows.
        var order = Array(repeating: Int32(-1), count: kinds.count), starts = Array(repeating: Int32(-1), count: kindCount + 1)
        kinds.withUnsafeBufferPointer { kinds in
            counts.withUnsafeBufferPointer { counts in
                order.withUnsafeMutableBufferPointer { order in
                    starts.withUnsafeMutableBufferPointer { StepsByKind.group(kinds: kinds, counts: counts, order: order, starts: $0) }
                }
            }
        }
        return (order, starts)
    }

    static let batches: [(kinds: [Int32], kindCount: Int)] = {
        var random = SplitMix64(seed: 7)
        var batches: [(kinds: [Int32], kindCount: Int)] = [([], 1), ([], 3), ([0], 1), ([2, 2, 2], 4), ([3, 0, 3, 1, 0], 4)]
        for (count, kindCount) in [(17, 2), (100, 5), (1_000, 23)] {
            batches.append(((0..<count).map { _ in Int32.random(in: 0..<Int32(kindCount), using: &random) }, kindCount))
        }
        return batches
    }()

    @Test("Each kind's run holds exactly its steps, in step order", arguments: batches.indices)
    func grouping(batch: Int) {
        let (kinds, kindCount) = Self.batches[batch]
        let (order, starts) = Self.grouped(kinds, kindCount: kindCount)
        order.withUnsafeBufferPointer { order in
            starts.withUnsafeBufferPointer { starts in
                let byKind = StepsByKind(order: order, starts: starts)
                for kind in 0..<kindCount {
                    let expected = kinds.indices.filter { kinds[$0] == kind }.map(Int32.init)
                    #expect(Array(byKind[kind]) == expected, "kind \(kind) of \(kinds)")
                }
                // Kinds past the grouping have no steps; they do not read past it.
                #expect(byKind[kindCount].isEmpty && byKind[-1].isEmpty)
            }
        }
        #expect(starts.first == 0 && starts.last == Int32(kinds.count))
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("A tally fed out of step order names the lowest position that violated")
    func tallyTakesTheLowestViolation() {
        var applies = PropertyCheck()
        applies.applies()
        var violates = PropertyCheck()
        violates.fail("broken")
        var tally = VerdictTally()
        tally.add(applies, at: 4)
        tally.add(violates, at: 9)
        tally.add(violates, at: 2)
        tally.add(PropertyCheck(), at: 0)
        tally.add(violates, at: 5)
        #expect(tally.firstViolation == 2)
        #expect(tally.applied == 4)
    }
}
