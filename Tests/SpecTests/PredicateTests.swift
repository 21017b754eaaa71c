import Checker
import Testing
@testable import Spec

@Suite("Predicates hold on consistent worlds and name the culprits when they fail")
struct PredicateTests {
    /// A world broken on purpose, the property that must catch it, and words the witness must contain.
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let expected: String
        let breakWorld: @Sendable (inout World) -> Void
        var testDescription: String { id }
    }

    static let accepted: World = Fixture.run([.offer(r1, d1), .accept(d1)], from: Fixture.requested)!

    static let cases: [Case] = [
        Case(id: "busyDriverNotInQueue", expected: "driver d1 is BUSY and still in the queue of zone z1") { world in
            world.enqueue(d1, taxi: t1, in: z1)
        },
        Case(id: "offlineDriverNotInQueue", expected: "driver d2 is OFFLINE and still in the queue of zone z1") { world in
            world.drivers[d2.index].status = .offline
        },
        Case(id: "busyDriverOneRide", expected: "driver d1 is BUSY but has no ride") { world in
            world.rides[0] = RideRecord()
        },
        Case(id: "notAllocatedRouteAllocated", expected: "route r1 is NOT_ALLOCATED but names ride1") { world in
            world.routes[r1.index].status = .notAllocated
        },
        Case(id: "routeConsistency", expected: "ride1 lists route r1 but the route's ride is none") { world in
            world.routes[r1.index].ride = nil
        },
        Case(id: "aTaxiPerDriver", expected: "the queue of zone z1 holds 2 drivers but 1 taxis") { world in
            world.enqueue(d1, taxi: t2, in: z1)
        },
        Case(id: "CancelledRouteDetached", expected: "route r1 is CANCELLED but still attached to ride1") { world in
            world.routes[r1.index].status = .cancelled
        },
        Case(id: "QueuedDriverIsAvailable", expected: "driver d1 is in the queue of zone z1 but is BUSY") { world in
            world.enqueue(d1, taxi: t1, in: z1)
        },
        Case(id: "OneTaxiPerWorkingDriver", expected: "drivers d1 and d2 both work with taxi t1") { world in
            world.drivers[d2.index].taxi = t1
            world.taxiOwners[t1.index] |= 1 << d2.raw
        },
        Case(id: "SuspendedDriverIsOffline", expected: "driver d2 refused 5 calls in a row") { world in
            world.drivers[d2.index].refusals = 5
        },
        Case(id: "NoRequestLost", expected: "route r1 is WAITING but its ride has driver d1, who is AVAILABLE") { world in
            world.drivers[d1.index].status = .available
        },
        Case(id: "AtMostFourPassengers", expected: "ride1 carries 5 passengers") { world in
            world.routes[r1.index].passengers = 5
        },
    ]

    @Test("The consistent world satisfies every default invariant")
    func consistentWorldHolds() {
        for property in Catalog.properties(scope: Fixture.scope) where property.checkedByDefault && property.kind == .invariant {
            #expect(!property.evaluate(PredicateTests.accepted).isViolation, "\(property.id)")
        }
    }

    @Test("A broken world is caught with a readable witness", arguments: cases)
    func brokenWorldIsCaught(_ testCase: Case) {
        var world = PredicateTests.accepted
        testCase.breakWorld(&world)
        let verdict = Fixture.property(testCase.id).evaluate(world)
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

    @Test("busyDriverNoCurrentRide can never apply: its body asks one status to be two")
    func contradictoryAssertion() {
        #expect(Fixture.property("busyDriverNoCurrentRide").evaluate(PredicateTests.accepted) == .vacuous)
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
        #expect(Fixture.property("QueueOrderIsFair").evaluate(before, .decline(d1), after) == .holds)
    }
}
