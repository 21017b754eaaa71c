import Checker
import Testing
@testable import MyTaxiSpec

@Suite("Predicates hold on consistent worlds and name the culprits when they fail")
struct PredicateTests {
    static let oneQueueLiterals: Set = ["availableDriverInQueue", "driverInQueueAvailable"]

    @Test("The consistent world satisfies every invariant, literal ones too (but the one-queue literals, which need one zone)")
    func consistentWorldHolds() {
        for property in Catalog.properties(scope: BrokenWorlds.scope) where property.kind == .invariant {
            let oneZone = Self.oneQueueLiterals.contains(property.id)
            var scope = BrokenWorlds.scope
            scope.zones = 1
            let world = oneZone ? Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1)],
                from: MyTaxiModel.initialWorld(scope), scope: scope)! : BrokenWorlds.accepted
            let verdict = oneZone ? Fixture.property(property.id, scope: scope).evaluate(world) : property.evaluate(world)
            #expect(!verdict.isViolation, "\(property.id): \(verdict)")
        }
    }

    @Test("Every state property has a broken world, or a stated reason why none exists")
    func everyPropertyHasACase() {
        let covered = Set(BrokenWorlds.cases.map(\.id)).union(BrokenWorlds.unbreakable.keys)
        for property in Catalog.properties(scope: BrokenWorlds.scope) where property.kind != .actionProperty {
            #expect(covered.contains(property.id), "\(property.id) has no broken-world case")
        }
        #expect(Set(BrokenWorlds.cases.map(\.id)).count == BrokenWorlds.cases.count, "a property has two cases")
    }

    @Test("A broken world is caught with a readable witness", arguments: BrokenWorlds.cases)
    func brokenWorldIsCaught(_ testCase: BrokenWorlds.Case) {
        var world = BrokenWorlds.accepted
        testCase.breakWorld(&world)
        let verdict = Fixture.property(testCase.id, scope: BrokenWorlds.scope).evaluate(world)
        guard case .violated(let witness) = verdict else {
            Issue.record("\(testCase.id) did not fail: \(verdict)")
            return
        }
        #expect(witness.contains(testCase.expected), "witness was: \(witness)")
    }

    @Test("availableDriverInQueue, read literally, fails in any world with two zones and an offline driver")
    func literalOneQueue() {
        let verdict = Fixture.property("availableDriverInQueue").evaluate(Fixture.world())
        #expect(verdict.isViolation)
        let oneZone = Scope.sharing
        #expect(!Fixture.property("availableDriverInQueue", scope: oneZone).evaluate(Fixture.world(oneZone)).isViolation)
    }

    @Test("clientOneWaitingAndAtLeastOneCompleted speaks of two routes of one client in one ride: a world without such a pair is vacuous, not exercised")
    func pairAssertionCountsItsPairs() {
        let property = Fixture.property("clientOneWaitingAndAtLeastOneCompleted", scope: BrokenWorlds.scope)
        #expect(property.evaluate(BrokenWorlds.accepted) == .vacuous, "the accepted world's rides carry one route of each client")
        var pair = BrokenWorlds.accepted
        BrokenWorlds.cases.first { $0.id == property.id }!.breakWorld(&pair)
        #expect(property.evaluate(pair).isViolation)
    }

    @Test("Hand-counted: in ci (one client, one route) no state has two routes of one client in a ride, so the assertion is never exercised")
    func pairAssertionVacuousInCI() throws {
        var options = ExplorationOptions()
        options.maxDepth = 6
        options.workers = 2
        options.propertyIDs = ["clientOneWaitingAndAtLeastOneCompleted"]
        let result = try BreadthFirstExplorer(model: MyTaxiModel(scope: .ci), options: options).run()
        #expect(result.properties.first?.status == .vacuous)
    }

    @Test("busyDriverNoCurrentRide can never apply: its body asks one status to be two")
    func contradictoryAssertion() {
        #expect(Fixture.property("busyDriverNoCurrentRide", scope: BrokenWorlds.scope).evaluate(BrokenWorlds.accepted) == .vacuous)
    }

    @Test("The queue-fairness action property catches a driver who overtakes")
    func queueFairness() {
        let before = Fixture.requested
        var after = before
        after.dequeue(d1)
        after.enqueue(d1, taxi: t1, in: z1)
        guard case .violated = Fixture.property("QueueOrderIsFair").evaluate(before, .tick, after) else {
            Issue.record("overtaking was not caught")
            return
        }
        #expect(Fixture.property("QueueOrderIsFair").evaluate(before, .decline(driver: d1), after) == .holds)
    }
}
