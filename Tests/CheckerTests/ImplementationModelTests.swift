import Checker
import Testing

/// An implementation of the counter that keeps its value and a log of what it did. The
/// sloppy one breaks the promise a refusal makes: it adds the step before it checks the
/// limit, and refuses with the value already changed.
struct CounterImplementation: ImplementationAdapter {
    struct System: Sendable, Equatable {
        var value = 0
        var log: [String] = []
    }
    struct TooFar: Error {}

    let spec = Counter(limit: 4)
    var sloppy = false

    func initialSystems() -> [System] { [System()] }

    func perform(_ action: Counter.Action, on system: inout System) -> Outcome {
        switch action {
        case .increment(let step):
            if sloppy { system.value += step }
            guard (sloppy ? system.value : system.value + step) <= spec.limit else { return .refused(Refusal(TooFar())) }
            if !sloppy { system.value += step }
        case .reset:
            guard system.value > 0 else { return .refused(Refusal(TooFar())) }
            system.value = 0
        }
        system.log.append(action.description)
        return .accepted
    }

    func abstraction(of system: System) -> Counter.State { Counter.State(value: system.value) }

    /// The step of two first, so that a refusal that changed the system comes before the
    /// steps that start from it.
    func candidates(in state: Counter.State, into actions: inout [Counter.Action]) {
        actions += [.increment(by: 2), .increment(by: 1), .reset]
    }

    func differences(expected: Counter.State, actual: Counter.State) -> [String] {
        expected == actual ? [] : ["value \(expected.value)→\(actual.value)"]
    }
}

@Suite("An implementation explored on its own")
struct ImplementationModelTests {
    typealias Pair = Paired<Counter.State, CounterImplementation.System>

    func successors(_ adapter: CounterImplementation, from value: Int) -> [Transition<Counter.Action, Pair>] {
        let model = ImplementationModel(adapter: adapter)
        let state = Pair(key: Counter.State(value: value), system: .init(value: value, log: ["start"]), outcome: .accepted)
        var transitions: [Transition<Counter.Action, Pair>] = []
        model.successors(of: state, into: &transitions)
        return transitions
    }

    /// The candidates share one copy of the system; each must still start from the state's
    /// own system, whatever a refusal before it did to that copy.
    @Test("Every candidate starts from the state's own system, after a refusal that changed it too", arguments: [false, true])
    func candidatesStartFromTheState(sloppy: Bool) {
        let transitions = successors(CounterImplementation(sloppy: sloppy), from: 3)
        #expect(transitions.map(\.action) == [.increment(by: 1), .reset])
        #expect(transitions.map(\.state.system) == [.init(value: 4, log: ["start", "increment(by: 1)"]),
                                                    .init(value: 0, log: ["start", "reset"])])
        #expect(transitions.map(\.state.key.value) == [4, 0])
    }

    @Test("After an accepted candidate the next starts from the state, not from the successor")
    func acceptedCandidatesDoNotChain() {
        let transitions = successors(CounterImplementation(), from: 1)
        #expect(transitions.map(\.state.system.value) == [3, 2, 0])
        #expect(transitions.map(\.state.system.log) == [["start", "increment(by: 2)"], ["start", "increment(by: 1)"], ["start", "reset"]])
    }

    @Test("Conformance names the refusal that changed the implementation's state")
    func sloppyRefusalIsFound() throws {
        var options = ExplorationOptions()
        options.workers = 1
        let result = try BreadthFirstExplorer(model: ConformanceModel(adapter: CounterImplementation(sloppy: true)), options: options).run()
        let outcome = try #require(result.properties.first { $0.property.id == "RefusalsLeaveStateUnchanged" })
        #expect(outcome.status == .violated)
        #expect(outcome.counterexample?.witness.contains("refused increment(by: 2)") == true)
        #expect(outcome.counterexample?.trace.steps.count == 2)
    }
}
