import Checker
import Testing
@testable import MyTaxiSpec

/// Every action property on a real transition, where it holds, and on the same transition
/// with a broken successor, where it must fail naming what went wrong.
@Suite("Action properties hold on real steps and catch broken ones")
struct ActionPropertyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let before: World
        let action: TaxiAction
        let expected: String
        /// Breaks the step: usually the successor; for rules about when a step may happen, the state before.
        let breakStep: @Sendable (_ before: inout World, _ after: inout World) -> Void
        var testDescription: String { id }
    }

    static let scope = BrokenWorlds.scope

    static func run(_ actions: [TaxiAction], from world: World? = nil) -> World {
        Fixture.run(actions, from: world ?? MyTaxiModel.initialWorld(scope), scope: scope)!
    }

    /// d1 and d2 in the queue of z1, in that order; c1 asked for a ride from z1.
    static let requested = run([.startWorking(driver: d1, taxi: t1, zone: z1),
        .startWorking(driver: d2, taxi: t2, zone: z1),
    .requestRide(client: c1, zone: z1, passengers: 1, shared: false)])
    static let offered = run([.offer(route: r1, driver: d1)], from: requested)
    static let onBoardPaid = run([.accept(driver: d1), .pickup(driver: d1), .pay(route: r1, byCard: true)],
        from: offered)
    /// c1 reserved a ride 3 ticks ahead at tick 0; d1 works in z1.
    static let reserved = run([.startWorking(driver: d1, taxi: t1, zone: z1),
        .reserveRide(client: c1, zone: z1, passengers: 1, shared: false, lead: 3)])

    static let cases: [Case] = [
        Case(id: "OfferGoesToHeadOfNearestQueue", before: requested, action: .offer(route: r1, driver: d1),
             expected: "request r1 from zone z1 was offered to d2; the head of the nearest queue was d1") { _, after in
            after.routes[r1.index].offeredTo = d2
        },
        Case(id: "RefusingDriverMovesToBack", before: offered, action: .decline(driver: d1),
             expected: "driver d1 refused and is not at the back of his queue: [d1,d2]") { _, after in
            after.dequeue(d2)
            after.enqueue(d2, taxi: t2, in: z1)
        },
        Case(id: "QueueOrderIsFair", before: offered, action: .accept(driver: d1),
             expected: "the queue of zone z1 went from [d1,d2] to [d2,d1]: a driver overtook another") { _, after in
            after.enqueue(d1, taxi: t1, in: z1)
        },
        Case(id: "AcceptMakesDriverBusy", before: offered, action: .accept(driver: d1),
            expected: "driver d1 accepted") { _, after in
            after.drivers[d1.index].refusals = 1
        },
        Case(id: "FreedDriverQueuedWhereHeIs", before: onBoardPaid, action: .complete(driver: d1, zone: z2),
            expected: "driver d1") { _, after in
            after.dequeue(d1)
            after.enqueue(d1, taxi: t1, in: z1)
        },
        Case(id: "ReservationAllocatedOnTime", before: run([.tick], from: reserved),
            action: .allocateReservation(route: r1),
             expected: "reservation r1") { _, after in
            after.removeFromDispatchLine(r1)
        },
        Case(id: "ReservationChangedOnlyInTime", before: reserved, action: .modifyReservation(route: r1, lead: 4),
             expected: "reservation r1 was changed 1 ticks before pickup") { before, after in
            before.clock = 2  // one tick before pickup: past the 10-minute limit
            after.clock = 2
        },
        Case(id: "TimeWaitsForDueTimers", before: requested, action: .tick, expected: "the clock jumped from 0 to 2") { _, after in
            after.clock = 2
        },
    ]

    @Test("Every action property has a case")
    func everyActionPropertyHasACase() {
        let covered = Set(Self.cases.map(\.id))
        for property in Catalog.properties(scope: Self.scope) where property.kind == .actionProperty {
            #expect(covered.contains(property.id), "\(property.id) has no case")
        }
    }

    @Test("Holds on the real step, fails on the broken one", arguments: cases)
    func brokenStepIsCaught(_ testCase: Case) throws {
        let property = Fixture.property(testCase.id, scope: Self.scope)
        let rules = Rules(scope: Self.scope)
        let after = try #require(rules.apply(testCase.action, to: testCase.before), "\(testCase.action) is not enabled")
        #expect(property.evaluate(testCase.before, testCase.action, after) == .holds)
        var (brokenBefore, brokenAfter) = (testCase.before, after)
        testCase.breakStep(&brokenBefore, &brokenAfter)
        guard case .violated(let witness) = property.evaluate(brokenBefore, testCase.action, brokenAfter) else {
            Issue.record("\(testCase.id) did not catch the broken step")
            return
        }
        #expect(witness.contains(testCase.expected), "witness was: \(witness)")
    }

    /// A search that calls the closures (the Reference's) skips a property on the other
    /// kinds; the properties with a gate instead of kinds run on every step.
    @Test("A step property about some kinds of action names them; one with a gate names every kind")
    func actionKinds() {
        let properties = MyTaxiModel(scope: Self.scope).properties
        func kinds(_ id: String) -> UInt64? { properties.first { $0.id == id }?.actionKinds }
        #expect(kinds("AcceptMakesDriverBusy") == 1 << UInt64(ActionKind.accept.rawValue))
        #expect(kinds("FreedDriverQueuedWhereHeIs") == 1 << UInt64(ActionKind.complete.rawValue) | 1 << UInt64(ActionKind.interrupt.rawValue))
        #expect(kinds("QueueOrderIsFair") == .max)
        #expect(properties.filter { $0.kind != .actionProperty }.allSatisfy { $0.actionKinds == .max })
    }

    @Test("The show commands: reached by a world with every status, not by a plain one")
    func showEveryStatus() {
        var scope = Self.scope
        scope.drivers = 3
        scope.taxis = 3
        var world = BrokenWorlds.accepted
        BrokenWorlds.attach(BrokenWorlds.r3, to: BrokenWorlds.ride1, .onBoard, in: &world)
        world.rides[BrokenWorlds.ride2.index].driverRaw = d2.raw
        world.rides[BrokenWorlds.ride2.index].taxiRaw = t2.raw
        BrokenWorlds.attach(r2, to: BrokenWorlds.ride2, .completed, in: &world)
        world.routes[RouteID(3).index].status = .notAllocated
        let show = Fixture.property("ShowEveryStatus", scope: scope)
        #expect(show.evaluate(world) == .holds)
        #expect(show.evaluate(BrokenWorlds.accepted) == .vacuous)
        #expect(Fixture.property("show", scope: scope).evaluate(world) == .vacuous, "show needs two BUSY drivers")
    }
}
