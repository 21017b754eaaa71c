import Checker
import Testing
@testable import MyTaxiSpec

/// The explorer runs the model's properties by key over batches; reports, replay and the
/// simulator run each property's closure on one state. Both must say the same thing.
@Suite("The model's batch evaluation agrees with each property's closure")
struct BatchEvaluationTests {
    static let scope = BrokenWorlds.scope
    /// Literal, so that every property of the catalogue is keyed and several are violated.
    static let model = MyTaxiModel(scope: scope, literal: true)

    /// Every state within three steps of the start, then every broken world: between them
    /// each property holds somewhere, is vacuous somewhere and, for most, fails somewhere.
    static let worlds: [World] = {
        var all = Fixture.reachable(by: model, within: 3)
        for testCase in BrokenWorlds.cases {
            var world = BrokenWorlds.accepted
            testCase.breakWorld(&world)
            all.append(world)
        }
        return all
    }()

    /// Every step out of those worlds; then steps met on seeded random walks, up to 40 of
    /// each action kind, since some kinds (a timeout, a completed ride) need more than three
    /// steps to happen; then each action property's broken step.
    static let steps: (sources: [World], sourceIndices: [Int32], steps: [Transition<TaxiAction, World>]) = {
        var sources: [World] = [], indices: [Int32] = [], steps: [Transition<TaxiAction, World>] = []
        func add(_ world: World, _ transitions: [Transition<TaxiAction, World>]) {
            guard !transitions.isEmpty else { return }
            sources.append(world)
            for transition in transitions {
                indices.append(Int32(sources.count - 1))
                steps.append(transition)
            }
        }
        for world in worlds.prefix(400) {
            var transitions: [Transition<TaxiAction, World>] = []
            model.successors(of: world, into: &transitions)
            add(world, transitions)
        }
        var random = SplitMix64(seed: 7)
        var perKind = Array(repeating: 0, count: ActionKind.allCases.count)
        for _ in 0..<300 {
            var world = model.initialStates[0]
            for _ in 0..<40 {
                var transitions: [Transition<TaxiAction, World>] = []
                model.successors(of: world, into: &transitions)
                guard let chosen = transitions.randomElement(using: &random) else { break }
                let wanted = transitions.filter { perKind[$0.action.kind.rawValue] < 40 }
                for transition in wanted { perKind[transition.action.kind.rawValue] += 1 }
                add(world, wanted)
                world = chosen.state
            }
        }
        // A drop-off needs two clients aboard one ride, one of them paid: rarely met at random.
        let joiner = RouteID(2)
        let paidAboard = Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1),
            .requestRide(client: c1, zone: z1, passengers: 1, shared: true),
                                      .joinSharedRide(client: c2, owner: r1, passengers: 1),
                                      .offer(route: r1, driver: d1), .accept(driver: d1), .pickup(driver: d1),
                                      .pay(route: joiner, byCard: false)], scope: scope)!
        var transitions: [Transition<TaxiAction, World>] = []
        model.successors(of: paidAboard, into: &transitions)
        add(paidAboard, transitions)
        for testCase in ActionPropertyTests.cases {
            var before = testCase.before
            var after = model.successor(of: before, via: testCase.action)!
            testCase.breakStep(&before, &after)
            add(before, [Transition(action: testCase.action, state: after)])
        }
        return (sources, indices, steps)
    }()

    static func agree(applied: Bool, violated: Bool, _ verdict: Verdict) -> Bool {
        applied == (verdict != .vacuous) && violated == verdict.isViolation
    }

    /// A state property's verdicts through the model's batch form, in the order of `worlds`,
    /// and the batch's tally. The batch selects the worlds last first, so that a batch that
    /// ignored its indices would pair verdicts with the wrong worlds.
    static func evaluate(_ property: Property<MyTaxiModel>, on worlds: [World]) -> (verdicts: [BatchVerdict], tally: VerdictTally) {
        // Filled with violations, so that a verdict the batch failed to write shows.
        var failed = PropertyCheck()
        failed.fail("not written")
        var verdicts = Array(repeating: BatchVerdict(failed), count: worlds.count)
        let lastFirst = worlds.indices.reversed().map { Int32($0) }
        let tally = worlds.withUnsafeBufferPointer { worlds in
            lastFirst.withUnsafeBufferPointer { indices in
                verdicts.withUnsafeMutableBufferPointer {
                    model.evaluate(stateKey: property.key!, on: StateBatch(states: worlds, indices: indices), into: $0)
                }
            }
        }
        return (verdicts.reversed(), tally)
    }

    /// An action property's tally over a batch of steps.
    static func evaluate(_ property: Property<MyTaxiModel>, sources: [World], indices: [Int32],
                         steps: [Transition<TaxiAction, World>]) -> VerdictTally {
        let kinds = steps.map { Int32(model.actionKind(of: $0.action)) }
        let counts = model.actionKindNames.indices.map { kind in kinds.count { $0 == kind } }
        var order = Array(repeating: Int32(0), count: kinds.count), starts = Array(repeating: Int32(0), count: counts.count + 1)
        kinds.withUnsafeBufferPointer { kinds in
            counts.withUnsafeBufferPointer { counts in
                order.withUnsafeMutableBufferPointer { order in
                    starts.withUnsafeMutableBufferPointer { StepsByKind.group(kinds: kinds, counts: counts, order: order, starts: $0) }
                }
            }
        }
        return sources.withUnsafeBufferPointer { sources in
            indices.withUnsafeBufferPointer { indices in
                steps.withUnsafeBufferPointer { steps in
                    kinds.withUnsafeBufferPointer { kinds in
                        order.withUnsafeBufferPointer { order in
                            starts.withUnsafeBufferPointer { starts in
                                model.evaluate(transitionKey: property.key!, on: StepBatch(
                                    sources: sources, sourceIndices: indices, steps: steps, actionKinds: kinds,
                                    byKind: StepsByKind(order: order, starts: starts)))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("Every property has a key, and the keys of each kind are distinct")
    func everyPropertyIsKeyed() throws {
        var stateKeys = Set<Int>(), stepKeys = Set<Int>()
        for property in Self.model.properties {
            let key = try #require(property.key, "\(property.id) has no key")
            let fresh = property.kind == .actionProperty ? stepKeys.insert(key).inserted : stateKeys.insert(key).inserted
            #expect(fresh, "\(property.id) shares its key \(key)")
        }
    }

    @Test("A state property's verdicts and tally over a batch are its verdicts one world at a time")
    func stateBatchesAgree() {
        var violations = 0
        for property in Self.model.properties where property.kind != .actionProperty {
            let (verdicts, tally) = Self.evaluate(property, on: Self.worlds)
            let alone = Self.worlds.map { property.evaluate($0) }
            for (verdict, single) in zip(verdicts, alone) {
                #expect(Self.agree(applied: verdict.applied, violated: verdict.violated, single),
                        "\(property.id): batch says applied \(verdict.applied), violated \(verdict.violated); alone \(single)")
                if single.isViolation { violations += 1 }
            }
            // The batch runs the worlds last first, so its first violation is the last one here.
            let expectedFirst = alone.lastIndex(where: \.isViolation).map { Self.worlds.count - 1 - $0 }
            #expect(tally.applied == alone.filter { $0 != .vacuous }.count && tally.firstViolation == expectedFirst,
                    "\(property.id): tally \(tally.applied) applied, first violation \(String(describing: tally.firstViolation)); expected \(String(describing: expectedFirst))")
        }
        #expect(violations > 50, "the sample should break many properties, broke \(violations)")
    }

    @Test("The sample of steps holds every action kind")
    func everyActionKindSampled() {
        let sampled = Set(Self.steps.steps.map(\.action.kind))
        // The scope starts onboarded: nobody is left to confirm or activate.
        let expected = Set(ActionKind.allCases).subtracting([.confirmClientEmail, .confirmDriverEmail, .activateDriver])
        #expect(sampled == expected, "missing: \(expected.subtracting(sampled))")
    }

    @Test("An action property's tally over a batch of steps is its verdicts one step at a time")
    func stepBatchesAgree() {
        let (sources, indices, steps) = Self.steps
        var violations = 0
        for property in Self.model.properties where property.kind == .actionProperty {
            var alone: [Verdict] = []
            for index in steps.indices {
                let single = property.evaluate(sources[Int(indices[index])], steps[index].action, steps[index].state)
                // The step alone, as a batch of one: its tally is its verdict.
                let tally = Self.evaluate(property, sources: sources, indices: [indices[index]], steps: [steps[index]])
                #expect(Self.agree(applied: tally.applied == 1, violated: tally.firstViolation == 0, single),
                        "\(property.id) on \(steps[index].action): batch says applied \(tally.applied), violated \(tally.firstViolation == 0); alone \(single)")
                if single.isViolation { violations += 1 }
                alone.append(single)
            }
            let tally = Self.evaluate(property, sources: sources, indices: indices, steps: steps)
            let expectedFirst = alone.firstIndex(where: \.isViolation)
            #expect(tally.applied == alone.filter { $0 != .vacuous }.count && tally.firstViolation == expectedFirst,
                    "\(property.id): tally \(tally.applied) applied, first violation \(String(describing: tally.firstViolation)); expected \(String(describing: expectedFirst))")
        }
        #expect(violations >= ActionPropertyTests.cases.count)
    }

    /// The batch forms hand each world to a predicate by address (`inout`, to save a copy per
    /// call), so a predicate that wrote to it would change the states being explored.
    @Test("No predicate writes to the worlds a batch hands it")
    func predicatesLeaveTheirWorldsAlone() {
        // Fresh copies: arrays share their storage until written through Swift, and a write
        // through the batch's pointers is what is looked for.
        func fresh<T>(_ array: [T]) -> [T] { array.map { $0 } }
        var worlds = fresh(Self.worlds)
        for property in Self.model.properties where property.kind != .actionProperty {
            _ = Self.evaluate(property, on: worlds)
            let changed = zip(worlds, Self.worlds).filter { !rawBytesEqual($0, $1) }.count
            #expect(changed == 0, "\(property.id) changed \(changed) of the worlds it checked")
            worlds = fresh(Self.worlds)
        }
        var (sources, steps) = (fresh(Self.steps.sources), fresh(Self.steps.steps))
        let indices = Self.steps.sourceIndices
        for property in Self.model.properties where property.kind == .actionProperty {
            _ = Self.evaluate(property, sources: sources, indices: indices, steps: steps)
            let changedSources = zip(sources, Self.steps.sources).filter { !rawBytesEqual($0, $1) }.count
            let changedSuccessors = zip(steps, Self.steps.steps).filter { !rawBytesEqual($0.state, $1.state) }.count
            #expect(changedSources == 0 && changedSuccessors == 0,
                    "\(property.id) changed \(changedSources) worlds before and \(changedSuccessors) after the steps it checked")
            (sources, steps) = (fresh(Self.steps.sources), fresh(Self.steps.steps))
        }
    }

    /// The explorer fingerprints successors in place; that must be the fingerprint the rest
    /// of the tool (replay, symmetry, tests) computes from the value.
    @Test("A world's fingerprint read in place is its fingerprint")
    func fingerprintInPlace() {
        var worlds = Self.worlds.map { $0 }
        worlds.append(contentsOf: Self.steps.steps.map(\.state))
        var differ = 0
        worlds.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where World.fingerprint(at: buffer.baseAddress! + index) != buffer[index].fingerprint {
                differ += 1
            }
        }
        #expect(differ == 0)
        #expect(Set(worlds.map(\.fingerprint)).count > 1000, "the sample should hold many distinct worlds")
    }
}
