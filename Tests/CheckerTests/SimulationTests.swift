import Checker
import Testing

@Suite("Seeded simulation and shrinking")
struct SimulationTests {
    @Test("A seed reproduces the same walks and the same finding")
    func reproducible() throws {
        let model = Counter(limit: 40, forbidden: 15)
        let first = try Simulator(model: model, seed: 99, walks: 500, maxSteps: 200).run()
        let second = try Simulator(model: model, seed: 99, walks: 500, maxSteps: 200).run()
        let a = try #require(first.finding), b = try #require(second.finding)
        #expect(a.walk == b.walk && first.steps == second.steps)
        #expect(a.original.steps.map(\.action) == b.original.steps.map(\.action))
        let other = try Simulator(model: model, seed: 100, walks: 500, maxSteps: 200).run()
        #expect(other.steps != first.steps || other.finding?.original.steps.map(\.action) != a.original.steps.map(\.action),
                "another seed takes other walks")
    }

    @Test("A walk's violation is shrunk: resets dropped, then the shortest path to the value", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func shrinks(seed: UInt64) throws {
        let model = Counter(limit: 40, forbidden: 9)
        let result = try Simulator(model: model, seed: seed, walks: 2_000, maxSteps: 300).run()
        let finding = try #require(result.finding)
        #expect(finding.propertyID == "NotForbidden")
        #expect(finding.shrunk.finalState.value == 9)
        #expect(finding.shrunk.length <= finding.original.length)
        #expect(!finding.shrunk.steps.contains { $0.action == .reset }, "a reset never helps reach 9: \(finding.shrunk.steps.map(\.action)) from \(finding.original.steps.map(\.action))")
        // 9 needs four steps of two and one of one; shrinking only drops steps and turns twos into ones.
        #expect(finding.shrunk.length <= 9, "shrunk to \(finding.shrunk.steps.map(\.action))")
    }

    @Test("The shrinker keeps every step enabled and the violation happening")
    func shrinkerKeepsViolation() throws {
        let model = Counter(limit: 10, forbidden: 4)
        let long: [Counter.Action] = [.increment(by: 2), .reset, .increment(by: 1), .increment(by: 2), .reset, .increment(by: 2), .increment(by: 2)]
        let trace = try model.replay(initialIndex: 0, actions: long)
        let shrunk = Shrinker(model: model, property: model.properties[0]).shrink(trace)
        #expect(shrunk.steps.map(\.action) == [.increment(by: 2), .increment(by: 2)])
    }

    @Test("A stop request ends the simulation between walks, and the result says it was interrupted")
    func stopRequest() throws {
        let stop = StopRequest()
        let whole = try Simulator(model: Counter(limit: 5), seed: 3, walks: 50, maxSteps: 20, stopRequest: stop).run()
        #expect(!whole.interrupted && whole.walks == 50)
        stop.raise()
        let cut = try Simulator(model: Counter(limit: 5), seed: 3, walks: 50, maxSteps: 20, stopRequest: stop).run()
        #expect(cut.interrupted && cut.walks == 0 && cut.steps == 0 && cut.finding == nil)
    }

    @Test("No violation: every walk runs, and the result says so")
    func noViolation() throws {
        let result = try Simulator(model: Counter(limit: 5), seed: 3, walks: 50, maxSteps: 20).run()
        #expect(result.finding == nil && result.walks == 50 && result.steps == 50 * 20 && result.deepest == 20)
    }

    /// Counter(limit: 1) has one enabled action in every state: from 0 an increment, from 1 a
    /// reset. Three walks of four steps take six increments and six resets, by hand.
    @Test("Walks count the steps where each property applied; one that never applied is vacuous")
    func exercisedCounts() throws {
        let result = try Simulator(model: Counter(limit: 1), seed: 5, walks: 3, maxSteps: 4).run()
        #expect(result.checked == ["NotForbidden", "StepsAreSmall"])
        #expect(result.exercised == [0, 6], "NotForbidden has no forbidden value, so it never applies; StepsAreSmall applies to the 6 increments")
        let forbidding = try Simulator(model: Counter(limit: 1, forbidden: 7), seed: 5, walks: 3, maxSteps: 4).run()
        #expect(forbidding.exercised == [3 + 12, 6], "every state of every walk: 3 initial states and 12 steps")
    }

    @Test("A reachability property is reached only by a walk that reaches its state, and that walk is its instance")
    func reachabilityByWalks() throws {
        let result = try Simulator(model: TwoPhase(count: 2), seed: 1, walks: 200, maxSteps: 30).run()
        #expect(result.checked.contains("CommitReachable"))
        let instance = try #require(result.instances["CommitReachable"])
        #expect((0..<2).allSatisfy { instance.finalState.resource($0) == .committed })
        let short = try Simulator(model: TwoPhase(count: 2), seed: 1, walks: 200, maxSteps: 1).run()
        #expect(short.instances.isEmpty, "one step commits nobody")
    }
}

