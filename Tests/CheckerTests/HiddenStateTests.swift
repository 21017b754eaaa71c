import Checker
import Testing

/// The counter as an implementation that also counts its resets and the messages it sent
/// about them, which its abstraction (the value) does not show. The buggy one counts a reset
/// from 1 twice: it leads back to the value 0 of the start, so a search that keeps one
/// implementation state per abstraction merges it away with the start and never reads it.
struct ResetCountingCounter: ImplementationAdapter {
    struct System: Sendable, Equatable {
        var value = 0, resets = 0, told = 0
    }
    struct Refused: Error {}

    let spec = Counter(limit: 4)
    var countsTwiceFromOne = false
    var keysHiddenState = false

    func initialSystems() -> [System] { [System()] }

    func perform(_ action: Counter.Action, on system: inout System) -> Outcome {
        switch action {
        case .increment(let step):
            guard system.value + step <= spec.limit else { return .refused(Refusal(Refused())) }
            system.value += step
        case .reset:
            guard system.value > 0 else { return .refused(Refusal(Refused())) }
            system.resets += countsTwiceFromOne && system.value == 1 ? 2 : 1
            system.told += 1
            system.value = 0
        }
        return .accepted
    }

    func abstraction(of system: System) -> Counter.State { Counter.State(value: system.value) }
    func candidates(in state: Counter.State, into actions: inout [Counter.Action]) {
        actions += [.increment(by: 1), .increment(by: 2), .reset]
    }
    func differences(expected: Counter.State, actual: Counter.State) -> [String] { [] }

    func hiddenState(of system: System) -> UInt64? {
        guard keysHiddenState else { return nil }
        var hasher = StableHasher()
        hasher.combine(system.resets)
        hasher.combine(system.told)
        return hasher.finalize()
    }

    var systemProperties: [SystemProperty<System>] {
        [SystemProperty(id: "ResetsCountedOnce", statement: "Every reset is counted once, as the user was told.",
                        source: "test") { system in
            system.resets == system.told
                ? .holds : .violated(witness: "\(system.resets) resets counted, \(system.told) told")
        }]
    }
}

@Suite("Hidden implementation state the abstraction does not show")
struct HiddenStateTests {
    @Test("Keyed by its abstraction alone, a search merges the bad count away; keyed by hidden state, it finds it")
    func hiddenBugIsFollowed() throws {
        let merged = try searchFourDeep(ImplementationModel(adapter: ResetCountingCounter(countsTwiceFromOne: true)))
        #expect(try outcome(merged, "ResetsCountedOnce").status == .holds)

        let adapter = ResetCountingCounter(countsTwiceFromOne: true, keysHiddenState: true)
        let keyed = try searchFourDeep(ImplementationModel(adapter: adapter))
        let found = try outcome(keyed, "ResetsCountedOnce")
        #expect(found.status == .violated)
        #expect(found.counterexample?.trace.steps.map(\.action) == [.increment(by: 1), .reset])
        #expect(found.counterexample?.witness == "2 resets counted, 1 told")
    }

    @Test("The conformance search keys the pairs the same way, and the split is the price in states")
    func conformanceKeysHiddenState() throws {
        let plain = try searchFourDeep(ConformanceModel(adapter: ResetCountingCounter()))
        let keyed = try searchFourDeep(ConformanceModel(adapter: ResetCountingCounter(keysHiddenState: true)))
        #expect(plain.distinct == 5)
        #expect(keyed.distinct > plain.distinct)
        #expect(!plain.hasFinding && !keyed.hasFinding)
    }

    @Test("Seeded walks follow each path without merging: they find the bad count with no key at all")
    func walksFollowHiddenState() throws {
        let simulator = Simulator(model: ImplementationModel(adapter: ResetCountingCounter(countsTwiceFromOne: true)),
                                  seed: 1, walks: 50, maxSteps: 6)
        let finding = try #require(try simulator.run().finding)
        #expect(finding.propertyID == "ResetsCountedOnce")
        #expect(finding.shrunk.steps.map(\.action) == [.increment(by: 1), .reset])
    }
}
