import Checker
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("Breadth-first explorer on models with known answers")
struct BreadthFirstExplorerTests {
    func explore<M: Model>(_ model: M, workers: Int = 1, configure: (inout ExplorationOptions) -> Void = { _ in }) throws -> ExplorationResult<M> {
        var options = ExplorationOptions()
        options.workers = workers
        configure(&options)
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    /// Runs `work` on a thread of its own and waits for it at most `seconds`; nil if it did
    /// not end (the thread is left behind, and ends with the test process).
    func finishing<T: Sendable>(within seconds: Double, _ work: @escaping @Sendable () throws -> T) throws -> T? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Thread.detachNewThread {
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return try outcome.withLock { $0 }!.get()
    }

    @Test("TwoPhase commit: TLC's distinct-state counts and depths", arguments: [(3, 288, 11), (5, 8_832, 17)])
    func twoPhaseCounts(resourceManagers: Int, distinct: Int, depth: Int) throws {
        for workers in [1, 2] {
            let result = try explore(TwoPhaseCommit(count: resourceManagers), workers: workers)
            #expect(result.distinct == distinct)
            #expect(result.depth == depth)
            #expect(result.stopReason == .exhausted)
            #expect(result.properties.first { $0.property.id == "TCConsistent" }?.status == .holds)
            #expect(result.properties.first { $0.property.id == "CommitReachable" }?.status == .satisfied)
        }
    }

    @Test("TwoPhase commit with 5 resource managers under symmetry: 314 classes")
    func twoPhaseSymmetry() throws {
        let result = try explore(TwoPhaseCommit(count: 5), workers: 2) { $0.symmetry = true }
        #expect(result.distinct == 314)
    }

    @Test("A counter has exactly limit + 1 states")
    func counterCount() throws {
        let result = try explore(Counter(limit: 40))
        #expect(result.distinct == 41)
        #expect(result.generated > 41)
        #expect(result.properties.first { $0.property.id == "NotForbidden" }?.status == .vacuous)
    }

    @Test("A planted bug comes back as the shortest trace, the same for 1 and 2 workers")
    func plantedBug() throws {
        let results = try [1, 2].map { try explore(Counter(limit: 5000, forbidden: 4001), workers: $0) }
        for result in results {
            let outcome = try #require(result.properties.first { $0.property.id == "NotForbidden" })
            #expect(outcome.status == .violated)
            let trace = try #require(outcome.counterexample?.trace)
            #expect(trace.length == 2001)
            #expect(trace.finalState.value == 4001)
        }
        #expect(results[0].properties[0].counterexample?.trace.steps.map(\.actionIndex)
                == results[1].properties[0].counterexample?.trace.steps.map(\.actionIndex))
        #expect(results[0].distinct == results[1].distinct)
    }

    @Test("An invariant is evaluated once in each distinct state, however many paths reach it")
    func invariantOncePerState() throws {
        let model = TwoPhaseCommit(count: 3)
        // The reachable states, by a plain search over whole states, and those in which
        // TCConsistent applies (some resource manager has committed).
        var seen = Set(model.initialStates), pending = model.initialStates
        while let state = pending.popLast() {
            var transitions: [Transition<TwoPhaseCommit.Action, TwoPhaseCommit.State>] = []
            model.successors(of: state, into: &transitions)
            for transition in transitions where seen.insert(transition.state).inserted { pending.append(transition.state) }
        }
        let applies = seen.filter { $0.resources.contains(.committed) }.count
        #expect(seen.count == 288)
        for workers in [1, 2] {
            let result = try explore(model, workers: workers)
            #expect(result.properties.first { $0.property.id == "TCConsistent" }?.exercised == applies)
            // Reached more often than not through more than one parent: the count would be
            // higher if each arrival were checked.
            #expect(result.generated > 2 * result.distinct)
        }
    }

    @Test("Committing early breaks consistency within a few steps")
    func brokenTwoPhase() throws {
        var model = TwoPhaseCommit(count: 3)
        model.commitsEarly = true
        let result = try explore(model, workers: 2)
        let outcome = try #require(result.properties.first { $0.property.id == "TCConsistent" })
        #expect(outcome.status == .violated)
        // RMPrepare, TMRcvPrepared, TMCommit, RMRcvCommitMsg, RMChooseToAbort: five steps.
        #expect(outcome.counterexample?.trace.length == 5)
    }

    @Test("A deadlock is a finding unless the model calls the state a legal end")
    func deadlock() throws {
        let result = try explore(Counter(limit: 3, deadlocksAtLimit: true))
        let deadlock = try #require(result.deadlock)
        #expect(deadlock.trace.finalState.value == 3)
        #expect(deadlock.trace.length == 2)
        #expect(try explore(Counter(limit: 3)).deadlock == nil)
    }

    @Test("The depth bound stops the search at the right level")
    func depthBound() throws {
        let result = try explore(Counter(limit: 100)) { $0.maxDepth = 3 }
        #expect(result.distinct == 7)
        #expect(result.stopReason == .depthBound)
    }

    @Test("A state budget stops the run and reports it incomplete")
    func stateBudget() throws {
        let result = try explore(TwoPhaseCommit(count: 5)) { $0.maxStates = 1000 }
        #expect(result.stopReason == .stateBudget)
        #expect(!result.isComplete)
        #expect(result.distinct <= 1000)
    }

    /// The third level holds 5,000 states, reached from ten chunks of parents; the budget
    /// stops the merge in the second of them, while later ones are still offered to it.
    @Test("A state budget reached in the middle of a level's chunks stops the merge there", arguments: [1, 2])
    func stateBudgetMidLevel(workers: Int) throws {
        let fan = Fan(width: 5_000, pauseMicroseconds: 0, tails: true)
        // The bug this guards against made the run spin forever: a deadline turns that into
        // a failure rather than a suite that never ends. The run takes about a second.
        guard let result = try finishing(within: 300, { try explore(fan, workers: workers) { $0.maxStates = 6_000 } }) else {
            Issue.record("the run did not end within 300 s")
            return
        }
        #expect(result.stopReason == .stateBudget)
        #expect(result.distinct == 6_000)
        #expect(result.actions[0].newStates == 5_999)
    }

    @Test("A memory budget stops the run mid-level, cleanly, and reports it incomplete")
    func memoryBudget() throws {
        let full = try explore(TwoPhaseCommit(count: 5))
        let result = try explore(TwoPhaseCommit(count: 5)) { $0.maxMemoryBytes = 64 << 10 }
        #expect(result.stopReason == .memoryBudget)
        #expect(!result.isComplete)
        #expect(result.distinct < full.distinct)
        #expect(ExplorationOptions().memoryBudget == ExplorationOptions.physicalMemory / 4 * 3, "by default, three quarters of the machine")
    }

    @Test("A time budget spent while a level is checked reports only the states checked")
    func timeBudgetWhileChecking() throws {
        // The level after the initial state holds 1,000 states, two chunks of 512 and 488;
        // checking the first takes half a second, so the budget runs out before the second.
        let result = try explore(Fan(width: 1000, pauseMicroseconds: 1000)) { $0.maxSeconds = 0.2 }
        #expect(result.stopReason == .timeBudget)
        #expect(result.distinct < 1001)
        #expect((result.distinct - 1) % 512 == 0, "whole chunks of 512 states are checked or none")
        #expect(result.properties.first { $0.property.id == "Slow" }?.exercised == result.distinct)
    }

    @Test("A stop request ends the run within a chunk's work, reported interrupted with what it covered", arguments: [1, 2])
    func stopRequest(workers: Int) throws {
        let full = try explore(TwoPhaseCommit(count: 5))
        let stop = StopRequest()
        let result = try explore(TwoPhaseCommit(count: 5), workers: workers) { options in
            options.stopRequest = stop
            options.progressInterval = 0
            options.progress = { progress in if progress.distinct > 1_000 { stop.raise() } }
        }
        #expect(result.stopReason == .interrupted)
        #expect(!result.isComplete)
        // Only states checked count: a level cut short counts its checked chunks, or none.
        #expect(result.distinct > 1 && result.distinct < full.distinct, "got \(result.distinct)")

        let early = StopRequest()
        early.raise()
        let before = try explore(TwoPhaseCommit(count: 5), workers: workers) { $0.stopRequest = early }
        #expect(before.stopReason == .interrupted)
        #expect(before.distinct == 1, "only the initial state, checked before the first level")
    }

    @Test("Settings that cannot be honoured are refused before exploring")
    func refusedSettings() {
        #expect(throws: ExplorationError.symmetryUnsupported(model: "counter")) {
            try explore(Counter(limit: 3)) { $0.symmetry = true }
        }
        #expect(throws: ExplorationError.invalidWorkers(0)) { try explore(Counter(limit: 3)) { $0.workers = 0 } }
        #expect(throws: ExplorationError.self) { try explore(Counter(limit: 3)) { $0.propertyIDs = ["Nope"] } }
    }

    @Test("Coverage counts every action kind that fired")
    func coverage() throws {
        let result = try explore(TwoPhaseCommit(count: 3))
        #expect(result.actions.allSatisfy { $0.fired > 0 })
        #expect(result.actions.map(\.newStates).reduce(0, +) == result.distinct - 1)
    }
}

@Suite("Progress reports")
struct ProgressTests {
    final class Collected: Sendable {
        let reports = Mutex<[ExplorationProgress]>([])
    }

    func run(interval: Double) throws -> [ExplorationProgress] {
        try reports(of: TwoPhaseCommit(count: 5), workers: 2, interval: interval).reports
    }

    /// Explores `model`, collecting every progress report made at `interval`.
    func reports<M: Model>(of model: M, workers: Int, interval: Double) throws -> (result: ExplorationResult<M>, reports: [ExplorationProgress]) {
        let collected = Collected()
        var options = ExplorationOptions()
        options.workers = workers
        options.progressInterval = interval
        options.progress = { report in collected.reports.withLock { $0.append(report) } }
        let result = try BreadthFirstExplorer(model: model, options: options).run()
        return (result, collected.reports.withLock { $0 })
    }

    @Test("Reports come no more often than the interval: every chunk at 0, never within a long interval")
    func spacing() throws {
        let frequent = try run(interval: 0)
        #expect(!frequent.isEmpty)
        #expect(zip(frequent, frequent.dropFirst()).allSatisfy { $0.distinct <= $1.distinct && $0.seconds <= $1.seconds })
        #expect(try run(interval: 1_000_000).isEmpty)
    }

    @Test("The check phase reports too: a wide level counts down its states left to check")
    func checkPhaseReports() throws {
        // One root and 1,100 successors: three chunks to check, then three to expand.
        let level = try reports(of: Fan(width: 1_100, pauseMicroseconds: 0), workers: 1, interval: 0).reports.filter { $0.depth == 1 }
        #expect(level.map(\.queue) == [588, 76, 0, 588, 76, 0])
        #expect(level.allSatisfy { $0.distinct == 1_101 })
    }

    @Test("While a level is expanded, the distinct count climbs with each chunk merged")
    func expansionCountsNewStates() throws {
        // Level 1 holds 1,100 states, each with one new successor: three chunks to expand
        // (512, 512, 76 states), each merged by the one worker before it reports.
        let (result, made) = try reports(of: Fan(width: 1_100, pauseMicroseconds: 0, tails: true), workers: 1, interval: 0)
        #expect(result.distinct == 2_201)
        // Depth 1 reports the check of level 1 (queue 588, 76, 0) before its expansion.
        let expansion = made.filter { $0.depth == 1 }.suffix(3)
        #expect(expansion.map(\.queue) == [588, 76, 0])
        #expect(expansion.map(\.distinct) == [1_613, 2_125, 2_201])
    }
}

@Suite("Footprints")
struct FootprintSkippingTests {
    @Test("A property runs only where its footprint changed, and coverage still counts every state", arguments: [1, 2])
    func skipsUnchangedFootprints(workers: Int) throws {
        var options = ExplorationOptions()
        options.workers = workers
        let skipping = Grid(size: 6)
        let result = try BreadthFirstExplorer(model: skipping, options: options).run()
        options.useFootprints = false
        let everywhere = Grid(size: 6)
        let reference = try BreadthFirstExplorer(model: everywhere, options: options).run()
        #expect(result.distinct == 36 && reference.distinct == 36)
        // Applies in the 30 states right of the first column, run there or inherited.
        #expect(result.properties.map(\.exercised) == [30, 36])
        #expect(reference.properties.map(\.exercised) == [30, 36])
        // A level's frontier runs from the bottom-right corner up the diagonal, so a state
        // off the bottom row is first reached from below, by `up`, which leaves the column
        // alone. The column changes only on the way into the bottom row's 5 states right of
        // the corner: those and the root are the only runs.
        #expect(skipping.runs.column.load(ordering: .relaxed) == 6)
        #expect(everywhere.runs.column.load(ordering: .relaxed) == 36)
        #expect(skipping.runs.anywhere.load(ordering: .relaxed) == 36)
    }

    /// Only the root runs it; every other state takes its verdict from its parent.
    @Test("A property that reads no part runs on the roots and counts on every state", arguments: [1, 2])
    func readsNothing(workers: Int) throws {
        var options = ExplorationOptions()
        options.workers = workers
        var model = Grid(size: 6)
        model.readsNothing = true
        let result = try BreadthFirstExplorer(model: model, options: options).run()
        #expect(result.properties.map(\.exercised) == [30, 36, 36])
        #expect(result.properties[2].status == .holds)
        #expect(model.runs.nothing.load(ordering: .relaxed) == 1)
    }

    @Test("A violation behind a skipped property is still found, by the same shortest trace")
    func violationsStillFound() throws {
        var options = ExplorationOptions()
        options.workers = 2
        var model = Grid(size: 6)
        model.forbiddenColumn = 3
        let result = try BreadthFirstExplorer(model: model, options: options).run()
        options.useFootprints = false
        let reference = try BreadthFirstExplorer(model: model, options: options).run()
        let trace = result.properties[0].counterexample?.trace.steps.map(\.action)
        #expect(trace == [.right, .right, .right])
        #expect(trace == reference.properties[0].counterexample?.trace.steps.map(\.action))
    }
}
