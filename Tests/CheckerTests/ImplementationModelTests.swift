import Checker
import Synchronization
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
    /// Where the implementation starts; the specification starts at 0.
    var start = 0
    /// What a set-up in steps reports, for an implementation that has one.
    var setUpProblem: String?

    func initialSystems() -> [System] { [System(value: start)] }
    func setUpDivergences() -> [String?] { [setUpProblem] }

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

    @Test("A refusal says what its error says, kept as it is or boxed, and two are equal when they say the same")
    func refusalWords() {
        struct Full: Error, Sendable, CustomStringConvertible { let limit: Int; var description: String { "full at \(limit)" } }
        let kept = Refusal(describing: Full(limit: 3)), boxed = Refusal(Full(limit: 3))
        #expect(kept.description == "full at 3")
        #expect(boxed.description == "full at 3")
        #expect(kept == boxed)
        #expect(kept != Refusal(describing: Full(limit: 4)))
    }
}

/// The grid as an implementation that also counts its moves, with a property of its own that
/// reads the count (and so the whole system, not the abstraction).
struct GridImplementation: ImplementationAdapter {
    struct System: Sendable, Equatable {
        var column = 0, row = 0, moves = 0
    }

    /// How often the implementation's own property ran.
    final class Runs: Sendable {
        let count = Atomic<Int>(0)
    }

    let spec: Grid
    let systemRuns = Runs()

    func initialSystems() -> [System] { [System()] }

    func perform(_ action: Grid.Action, on system: inout System) -> Outcome {
        guard spec.successor(of: abstraction(of: system), via: action) != nil else { return .outOfBounds }
        switch action {
        case .right: system.column += 1
        case .up: system.row += 1
        }
        system.moves += 1
        return .accepted
    }

    func abstraction(of system: System) -> Grid.State { Grid.State(column: system.column, row: system.row) }
    func candidates(in state: Grid.State, into actions: inout [Grid.Action]) { actions += [.right, .up] }
    func differences(expected: Grid.State, actual: Grid.State) -> [String] { [] }

    var systemProperties: [SystemProperty<System>] {
        [SystemProperty(id: "MovesCounted", statement: "Every move is counted.", source: "test") { [systemRuns] system in
            systemRuns.count.add(1, ordering: .relaxed)
            return system.moves == system.column + system.row ? .holds : .violated(witness: "\(system.moves) moves counted")
        }]
    }
}

@Suite("An implementation explored on its own skips what its step left alone")
struct ImplementationFootprintTests {
    typealias Pair = Paired<Grid.State, GridImplementation.System>

    func explore<M: Model>(_ model: M) throws -> ExplorationResult<M> {
        var options = ExplorationOptions()
        options.workers = 1
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    /// The column's invariant runs on the states a step to the right made, in the
    /// implementation's search as in the grid's own; the implementation's own property,
    /// which reads the whole system, on every state.
    @Test("A lifted invariant runs where the specification's own search runs it; the implementation's own on every state")
    func liftedFootprints() throws {
        let own = Grid(size: 4)
        let ownResult = try explore(own)
        let adapter = GridImplementation(spec: Grid(size: 4))
        let result = try explore(ImplementationModel(adapter: adapter))
        #expect(result.distinct == 16 && ownResult.distinct == 16)
        #expect(adapter.spec.runs.column.load(ordering: .relaxed) == own.runs.column.load(ordering: .relaxed))
        #expect(adapter.spec.runs.column.load(ordering: .relaxed) < 16)
        #expect(adapter.systemRuns.count.load(ordering: .relaxed) == 16)
        #expect(result.properties.map(\.exercised) == ownResult.properties.map(\.exercised) + [16])
    }

    /// On a 4 × 4 grid, 12 of the 24 steps go right: the property about them runs on those
    /// alone, in the grid's own search and lifted.
    @Test("A transition property about some kinds of action runs on their steps alone, lifted too")
    func actionKinds() throws {
        var own = Grid(size: 4)
        own.stepsRight = true
        let ownResult = try explore(own)
        var spec = Grid(size: 4)
        spec.stepsRight = true
        let result = try explore(ImplementationModel(adapter: GridImplementation(spec: spec)))
        #expect(ownResult.generated == 24 && result.generated == 24)
        #expect(own.runs.right.load(ordering: .relaxed) == 12)
        #expect(spec.runs.right.load(ordering: .relaxed) == 12)
        #expect(ownResult.properties.last?.exercised == 12 && result.properties[2].exercised == 12)
    }

    @Test("The parts changed are the specification's, and every part when it names none")
    func changedParts() {
        let model = ImplementationModel(adapter: GridImplementation(spec: Grid(size: 4)))
        func parts(_ before: Grid.State, _ after: Grid.State) -> StateParts {
            var a = Pair(key: before, system: .init(), outcome: .accepted), b = Pair(key: after, system: .init(moves: 9), outcome: .accepted)
            return withUnsafePointer(to: &a) { a in withUnsafePointer(to: &b) { b in model.changedParts(from: a, to: b) } }
        }
        #expect(parts(Grid.State(column: 0, row: 0), Grid.State(column: 0, row: 1)) == Grid.rowPart)
        #expect(parts(Grid.State(column: 0, row: 0), Grid.State(column: 1, row: 1)) == Grid.rowPart.union(Grid.columnPart))
        #expect(parts(Grid.State(column: 2, row: 0), Grid.State(column: 2, row: 0)) == .all)
    }
}
