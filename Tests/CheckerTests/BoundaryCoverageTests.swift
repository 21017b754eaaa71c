import Checker
import Testing

/// The counter's one threshold: an increment may take the value up to the limit.
extension Counter: CoverageDeclaring {
    var boundaries: [Boundary<Counter>] {
        [Boundary("limit", "An increment may reach the limit.", source: "test", unit: "",
                  threshold: limit) { state, action in
            guard case .increment(let step) = action else { return [] }
            return [state.value + step]
        }]
    }
}

/// Its situations: the parity of the value an increment starts from, by the step; and a reset
/// with three units to give back, or more.
extension Counter {
    var situations: [Situation<Counter>] {
        [.environment("parityAndStep", "An increment from an even or odd value, by one or two.", source: "test",
                      dimensions: [["even", "odd"], ["by 1", "by 2"]]) { state, action in
            guard case .increment(let step) = action else { return nil }
            return [state.value % 2, step - 1]
         },
         .contention("resetFromThree", "A reset gives back every unit.", source: "test", actors: "units",
                     needs: 3) { state, action in
            action == .reset ? state.value : nil
         }]
    }
}

@Suite("Boundary coverage")
struct BoundaryCoverageTests {
    /// Counted by hand for a limit of 4, on the enabled increments of states 0 to 3 (4 offers
    /// none): 3 is offered from 1 and 2, 4 from 2 and 3, and 5 never; with the near misses an
    /// implementation is offered (every increment, enabled or not), 5 from 3 and 4 as well.
    @Test("A search counts each offered action that the rule compares at a value, per value", arguments: [false, true])
    func searched(nearMisses: Bool) throws {
        var options = ExplorationOptions()
        options.workers = 2
        let everyIncrement: @Sendable (Counter.State, inout [Counter.Action]) -> Void = { _, actions in
            actions += [.increment(by: 1), .increment(by: 2)]
        }
        let offered = nearMisses ? everyIncrement : nil
        let coverage = try Counter(limit: 4).coverage(options: options, offered: offered)
        #expect(coverage.boundaries.map(\.id) == ["limit"])
        #expect(coverage.boundaries.first?.values == [3, 4, 5])
        #expect(coverage.boundaries.first?.counts == (nearMisses ? [2, 2, 2] : [2, 2, 0]))
    }

    /// A walk counts the steps it takes, again each time it comes back to a state.
    @Test("Walks count what they take, the same for the same seed")
    func walked() throws {
        let coverage = try Counter(limit: 4).coverage(seed: 1, walks: 20, steps: 10)
        let counts = try #require(coverage.boundaries.first?.counts)
        #expect(counts[0] > 0 && counts[1] > 0 && counts[2] == 0)
        #expect(coverage == (try Counter(limit: 4).coverage(seed: 1, walks: 20, steps: 10)))
    }

    /// A walk compares the implementation on the step it takes only, but offers it every
    /// forbidden action of each state it visits: an allowed action not taken is not counted,
    /// a forbidden one is. From 0 with a limit of 2, both increments are allowed and one step
    /// takes one of them; with a limit of 1, the increment by two (to 2) is forbidden.
    @Test("Walks count an allowed action only where it is taken, a forbidden one wherever it is offered")
    func walkedJudgedOnly() throws {
        let everyIncrement: @Sendable (Counter.State, inout [Counter.Action]) -> Void = { _, actions in
            actions += [.increment(by: 1), .increment(by: 2)]
        }
        let both = try Counter(limit: 2).coverage(seed: 1, walks: 1, steps: 1, offered: everyIncrement)
        let counts = try #require(both.boundaries.first?.counts)
        #expect(counts.reduce(0, +) == 1 && counts[2] == 0)
        let forbidden = try Counter(limit: 1).coverage(seed: 1, walks: 1, steps: 1, offered: everyIncrement)
        #expect(forbidden.boundaries.first?.counts == [0, 1, 1])
    }

    /// By hand, for a limit of 4: increments from 0 and 2 (even) by one and by two, from 1 and
    /// 3 (odd) by one, from 1 only by two; resets from 3 (three units) and 4 (one more).
    @Test("Each combination and each count of competitors is counted where the action is offered")
    func situations() throws {
        var options = ExplorationOptions()
        options.workers = 2
        let coverage = try Counter(limit: 4).coverage(options: options)
        #expect(coverage.situations.map(\.id) == ["parityAndStep", "resetFromThree"])
        #expect(coverage.situations.map(\.kind) == [.environment, .contention])
        #expect(coverage.situations[0].cases == ["even, by 1", "even, by 2", "odd, by 1", "odd, by 2"])
        #expect(coverage.situations[0].counts == [2, 2, 2, 1])
        #expect(coverage.situations[1].cases == ["3 units", "4 units or more"])
        #expect(coverage.situations[1].counts == [1, 1])
    }

    @Test("The probe is coverage only: it has no property, and the search is the model's")
    func probeApart() throws {
        var options = ExplorationOptions()
        options.workers = 1
        let probe = CoverageProbe(Counter(limit: 4))
        #expect(probe.properties.isEmpty)
        let searched = try BreadthFirstExplorer(model: probe, options: options).run()
        let plain = try BreadthFirstExplorer(model: Counter(limit: 4), options: options).run()
        #expect(searched.distinct == plain.distinct && searched.generated == plain.generated)
    }
}
