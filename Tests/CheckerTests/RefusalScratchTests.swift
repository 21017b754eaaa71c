@testable import Checker
import Testing

@Suite("What the refusal checks keep while they try a state's candidates")
struct RefusalScratchTests {
    struct System: Equatable {
        var count = 0
        var log: [String] = ["start"]
        var flag = false
    }

    @Test("A copy left alone matches its bits; a field written, or an array changed through the copy, does not")
    func snapshotSeesChanges() {
        let original = System()
        var copy = original
        let pristine = BitSnapshot(of: &copy)
        var seen: [Bool] = []
        seen.append(pristine.matches(&copy))
        copy.count += 1
        seen.append(pristine.matches(&copy))
        copy.count -= 1
        seen.append(pristine.matches(&copy))
        // The array's storage is shared with the original: appending copies it first, so
        // the copy's reference, and its bits, change.
        copy.log.append("refused")
        seen.append(pristine.matches(&copy))
        #expect(copy != original)
        copy = original
        pristine.retake(&copy)
        seen.append(pristine.matches(&copy))
        copy.flag = true
        seen.append(pristine.matches(&copy))
        #expect(seen == [true, false, true, false, true, false])
    }

    @Test("A value of no bytes always matches")
    func emptyValue() {
        struct Nothing: Equatable {}
        var nothing = Nothing()
        let pristine = BitSnapshot(of: &nothing)
        let same = pristine.matches(&nothing)
        #expect(same)
    }

    @Test("The specification forbids exactly the actions without a successor, listed or not", arguments: 0...4)
    func forbiddenAreThoseWithoutASuccessor(value: Int) {
        let counter = Counter(limit: 4)
        let state = Counter.State(value: value)
        let guards = SpecificationGuards(of: counter, in: state)
        // A step of three or of nothing is never listed, but allowed where it fits.
        for action in [Counter.Action.increment(by: 1), .increment(by: 2), .increment(by: 3), .increment(by: 0), .reset] {
            let forbidden = guards.forbid(action)
            #expect(forbidden == (counter.successor(of: state, via: action) == nil), "\(action) at \(value)")
        }
    }
}
