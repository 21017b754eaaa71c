import Checker
import Testing

/// The counter as the user sees it: a display of its value, and the total of the increments
/// since the last reset. The abstraction is the value alone, so the total is a view derived
/// from it; the buggy display forgets to clear the total on a reset.
extension Counter: UserFacing {
    func shown(in state: State) -> [ShownView<String>] { [ShownView("display", ["value \(state.value)"])] }
}

struct DisplayedCounter: ImplementationAdapter {
    struct System: Sendable, Equatable {
        var value = 0, displayed = 0
    }
    struct Refused: Error {}

    let spec = Counter(limit: 3)
    var displayKeepsValueOnReset = false
    var readsViews = true
    var startsDisplaying = 0

    func initialSystems() -> [System] { [System(value: 0, displayed: startsDisplaying)] }

    func perform(_ action: Counter.Action, on system: inout System) -> Outcome {
        switch action {
        case .increment(let step):
            guard system.value + step <= spec.limit else { return .refused(Refusal(Refused())) }
            system.value += step
            system.displayed = system.value
        case .reset:
            guard system.value > 0 else { return .refused(Refusal(Refused())) }
            system.value = 0
            if !displayKeepsValueOnReset { system.displayed = 0 }
        }
        return .accepted
    }

    func abstraction(of system: System) -> Counter.State { Counter.State(value: system.value) }
    func candidates(in state: Counter.State, into actions: inout [Counter.Action]) {
        actions += [.increment(by: 1), .increment(by: 2), .reset]
    }
    func differences(expected: Counter.State, actual: Counter.State) -> [String] { [] }

    func shown(in system: System) -> [ShownView<String>]? {
        readsViews ? [ShownView("display", ["value \(system.displayed)"])] : nil
    }
}

@Suite("What the user is shown, compared with what the specification derives")
struct ShownViewTests {
    @Test("A view the implementation gets wrong is a conformance violation, named by the view")
    func wrongViewDiverges() throws {
        let result = try searchFourDeep(ConformanceModel(adapter: DisplayedCounter(displayKeepsValueOnReset: true)))
        let found = try outcome(result, "ShownAsSpecified")
        #expect(found.status == .violated)
        #expect(found.counterexample?.trace.steps.map(\.action) == [.increment(by: 1), .reset])
        #expect(found.counterexample?.witness
                == "after reset the user is shown what the specification does not derive: display shows value 1; "
                + "expected value 0")
        #expect(try outcome(result, "Conformance").status == .holds, "the abstraction, the value, is right")
    }

    @Test("Right views hold; an adapter that reads none compares none, and the bug survives")
    func rightViewsHold() throws {
        #expect(!(try searchFourDeep(ConformanceModel(adapter: DisplayedCounter())).hasFinding))
        let blindAdapter = DisplayedCounter(displayKeepsValueOnReset: true, readsViews: false)
        let blind = try searchFourDeep(ConformanceModel(adapter: blindAdapter))
        #expect(!blind.hasFinding)
    }

    @Test("A wrong view on a path back to a state already seen is still found: views are compared on every step")
    func viewOnRevisitedStateIsFound() throws {
        // The reset leads back to the value 0 of the start, a state already explored: a check
        // once a state would pass over it.
        let result = try searchFourDeep(ConformanceModel(adapter: DisplayedCounter(displayKeepsValueOnReset: true)))
        #expect(result.distinct == 4, "values 0 to 3")
        #expect(try outcome(result, "ShownAsSpecified").status == .violated)
    }

    @Test("An initial state shown wrong is reported at step 0")
    func initialViewDiffers() throws {
        let result = try searchFourDeep(ConformanceModel(adapter: DisplayedCounter(startsDisplaying: 3)))
        let found = try outcome(result, "InitialStateConforms")
        #expect(found.status == .violated)
        #expect(found.counterexample?.trace.steps.isEmpty == true)
        #expect(found.counterexample?.witness.hasSuffix("display shows value 3; expected value 0") == true)
    }
}
