import Checker
import Testing
@testable import MyTaxiSpec

/// For every state property: a consistent world where it holds, broken in one place, and
/// the words its witness must contain. The worlds live in `BrokenWorlds.scope`: the CI
/// scope with two clients of two routes each, so c1 owns r1 and r2, c2 owns r3 and r4.
enum BrokenWorlds {
    static let scope: Scope = {
        var scope = Scope.ci
        scope.clients = 2
        scope.routesPerClient = 2
        return scope
    }()

    static let r3 = RouteID(2)
    static let ride1 = RideID(0), ride2 = RideID(1), ride3 = RideID(2)

    /// d1 works in z1 with t1, d2 with t2; c1 asked for a ride (r1) from z1 and d1 accepted:
    /// d1 BUSY with ride1, d2 AVAILABLE alone in the queue of z1.
    static let accepted: World = {
        let start = MyTaxiModel.initialWorld(scope)
        return Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1),
            .startWorking(driver: d2, taxi: t2, zone: z1),
                            .requestRide(client: c1, zone: z1, passengers: 1, shared: false),
                            .offer(route: r1, driver: d1), .accept(driver: d1)],
                           from: start, scope: scope)!
    }()

    /// Puts `route` into `ride` with `status`.
    static func attach(_ route: RouteID, to ride: RideID, _ status: RouteStatus, shared: Bool = true, in world: inout World) {
        world.routes[route.index].status = status
        world.routes[route.index].ride = ride
        world.routes[route.index].passengers = 1
        world.routes[route.index].isShared = shared
        world.routes[route.index].zoneRaw = z1.raw
        world.rides[ride.index].routeMask |= 1 << route.raw
    }

    /// A second ride in slot `ride` for `driver` in `taxi`, carrying r3 with `status`.
    static func secondRide(_ ride: RideID, driver: DriverID, taxi: TaxiID, _ status: RouteStatus, in world: inout World) {
        world.rides[ride.index].driverRaw = driver.raw
        world.rides[ride.index].taxiRaw = taxi.raw
        attach(r3, to: ride, status, shared: false, in: &world)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let expected: String
        let breakWorld: @Sendable (inout World) -> Void
        var testDescription: String { id }
    }

    /// Properties with no broken world, and why.
    static let unbreakable: [String: String] = [
        "zone_queue_relation": "holds by construction: zone z's queue is stored at index z",
        "busyDriverNoCurrentRide": "cannot fail: it asks one status to be two (PredicateTests.contradictoryAssertion)",
        "show": "a reachability property: reached or not (PredicateTests.showEveryStatus)",
        "ShowEveryStatus": "a reachability property: reached or not (PredicateTests.showEveryStatus)",
    ]

    static let cases: [Case] = [
        // seed facts
        Case(id: "activeClientIsConfirmed", expected: "client c1 has not confirmed the email but has 1 card(s) and routes [r1]") { $0.clients[c1.index].emailConfirmed = false },
        Case(id: "activeTaxiDriverIsConfirmed", expected: "driver d1 has not confirmed the email but is BUSY with taxis [t1] and rides [ride1]") { $0.drivers[d1.index].emailConfirmed = false },
        Case(id: "offlineDriverNotInQueue", expected: "driver d2 is OFFLINE and still in the queue of zone z1") { $0.drivers[d2.index].status = .offline },
        Case(id: "busyDriverNotInQueue", expected: "driver d1 is BUSY and still in the queue of zone z1") { $0.enqueue(d1, taxi: t1, in: z1) },
        Case(id: "busyDriverHasACurrentRide", expected: "driver d1 is BUSY and route r3 of his ride3 is COMPLETED") {
            secondRide(ride3, driver: d1, taxi: t1, .completed, in: &$0)
        },
        Case(id: "busyDriverOneRide", expected: "driver d1 is BUSY but has no ride") { $0.rides[0] = RideRecord() },
        Case(id: "availableDriverInQueue", expected: "driver d1 is BUSY: the implication holds for 2 of 2 queues, not exactly one") { _ in },
        Case(id: "driverInQueueAvailable", expected: "driver d1 is BUSY: the implication holds for 2 of 2 queues, not exactly one") { _ in },
        Case(id: "notAllocatedRouteNoRide", expected: "route r1 is NOT_ALLOCATED but belongs to ride1") { $0.routes[r1.index].status = .notAllocated },
        Case(id: "allocatedRouteRide", expected: "route r1 is WAITING and belongs to 0 rides") { $0.rides[ride1.index].routeMask = 0 },
        Case(id: "busyDuringRide", expected: "route r1 of ride1 is WAITING but its driver d1 is AVAILABLE") { $0.drivers[d1.index].status = .available },
        Case(id: "isSharedConsistency", expected: "ride1 carries routes [r1,r3] but route r1 did not ask to share") { attach(r3, to: ride1, .waiting, in: &$0) },
        Case(id: "sharedRideWithOneCompleted", expected: "ride1: route r3 is COMPLETED while route r1 is WAITING") {
            $0.routes[r1.index].isShared = true
            attach(r3, to: ride1, .completed, in: &$0)
        },
        Case(id: "workingNoSameTaxi", expected: "ride1 and ride3 both use taxi t1") { secondRide(ride3, driver: d1, taxi: t1, .completed, in: &$0) },
        Case(id: "taxiUsedOnlyByOneDriver", expected: "taxi t1 serves ride1 and is also in the queue of zone z1") { $0.queueTaxis[0] = t1.raw },
        Case(id: "driverUsesOnlyHisTaxis", expected: "ride1 is driven by d1 in taxi t2, which is not his") { $0.rides[ride1.index].taxiRaw = t2.raw },
        Case(id: "routeConsistency", expected: "ride1 lists route r1 but the route's ride is none") { $0.routes[r1.index].ride = nil },
        Case(id: "clientOneCurrentRoute", expected: "client c1 has 2 current routes [r1,r2]") {
            $0.rides[ride2.index].driverRaw = d2.raw
            $0.rides[ride2.index].taxiRaw = t2.raw
            attach(r2, to: ride2, .onBoard, in: &$0)
        },
        Case(id: "driverOneCurrentRide", expected: "driver d1 has 2 current rides [ride1,ride3]") { secondRide(ride3, driver: d1, taxi: t1, .waiting, in: &$0) },
        Case(id: "driver_queue_relation", expected: "driver d2 is in the queues of zones [z1,z2]") { $0.enqueue(d2, taxi: t2, in: z2) },
        Case(id: "taxi_queue_relation", expected: "taxi t2 is in the queues of zones [z1,z2]") { $0.enqueue(d1, taxi: t2, in: z2) },
        Case(id: "taxi_driver_queue_relation", expected: "taxi t1 is in the queue of zone z1 without any of its owners") { $0.queueTaxis[0] = t1.raw },
        Case(id: "aTaxiPerDriver", expected: "the queue of zone z1 holds 2 drivers but 1 taxis") { $0.enqueue(d1, taxi: t2, in: z1) },
        // seed assertions
        Case(id: "noConfirmedClientWithSomeCCOrRoute", expected: "client c1 has not confirmed the email but has 1 card(s) and routes [r1]") { $0.clients[c1.index].emailConfirmed = false },
        Case(id: "noConfirmedDriverNotOFFLINEOrWithSomeRide", expected: "unconfirmed driver d1 is BUSY with rides [ride1]") { $0.drivers[d1.index].emailConfirmed = false },
        Case(id: "busyDriverInQueue", expected: "driver d1 is BUSY and in the queue of zone z1") { $0.enqueue(d1, taxi: t1, in: z1) },
        Case(id: "allocatedRouteNotAllocate", expected: "route r1 is WAITING but has no ride") { $0.routes[r1.index].ride = nil },
        Case(id: "driverNoTaxiAndAvailableOrRide", expected: "driver d1 is BUSY but owns no taxi") { $0.taxiOwners[t1.index] = 0 },
        Case(id: "sameClientmoreRouteInSameRide", expected: "ride1 carries two routes of one client: [c1,c1]") { attach(r2, to: ride1, .waiting, in: &$0) },
        Case(id: "notAllocatedRouteAllocated", expected: "route r1 is NOT_ALLOCATED but names ride1") { $0.routes[r1.index].status = .notAllocated },
        Case(id: "clientOneWaitingAndAtLeastOneCompleted", expected: "ride1 carries WAITING route r1 and COMPLETED route r2 of client c1") { attach(r2, to: ride1, .completed, in: &$0) },
        Case(id: "moreThanOneRidePerDriverOneOfThemNotCompleted", expected: "driver d1 has rides [ride1,ride3] and ride1 is still in progress") {
            secondRide(ride3, driver: d1, taxi: t1, .completed, in: &$0)
        },
        Case(id: "notSharedRideShared", expected: "ride1 carries routes [r1,r3] but route r1 did not ask to share") { attach(r3, to: ride1, .waiting, in: &$0) },
        // corrected
        Case(id: "BusyDriverHasCurrentRide", expected: "driver d1 is BUSY with 0 rides in progress") { $0.routes[r1.index].status = .completed },
        Case(id: "AvailableDriverInOneQueue", expected: "driver d2 is AVAILABLE and in 0 queues") { $0.dequeue(d2) },
        Case(id: "QueuedDriverIsAvailable", expected: "driver d1 is in the queue of zone z1 but is BUSY") { $0.enqueue(d1, taxi: t1, in: z1) },
        Case(id: "TaxiInOneCurrentRide", expected: "ride1 and ride3 are both in progress in taxi t1") { secondRide(ride3, driver: d2, taxi: t1, .waiting, in: &$0) },
        Case(id: "BusyDriverRideHasNoStaleRoute", expected: "driver d1 is BUSY and route r3 of his ride1 in progress is COMPLETED with nobody left aboard") {
            attach(r3, to: ride1, .completed, in: &$0)
        },
        // rules
        Case(id: "AtMostFourPassengers", expected: "ride1 carries 5 passengers") { $0.routes[r1.index].passengers = 5 },
        Case(id: "NoRequestLost", expected: "route r1 is WAITING but its ride has driver d1, who is AVAILABLE") { $0.drivers[d1.index].status = .available },
        Case(id: "ReservationNotOverdue", expected: "reservation r3 is 1 ticks ahead and not allocated (window 2...4)") {
            $0.routes[r3.index].status = .notAllocated
            $0.routes[r3.index].isReserved = true
            $0.routes[r3.index].passengers = 1
            $0.routes[r3.index].pickupAt = 1
        },
        Case(id: "OffersGoToQueueHeads", expected: "request r1 is offered to driver d1, who is BUSY, not at the head of a queue") { $0.routes[r1.index].offeredTo = d1 },
        Case(id: "SuspendedDriverIsOffline", expected: "driver d2 refused 5 calls in a row, is AVAILABLE and not suspended") { $0.drivers[d2.index].refusals = 5 },
        Case(id: "OneTaxiPerWorkingDriver", expected: "drivers d1 and d2 both work with taxi t1") {
            $0.drivers[d2.index].taxi = t1
            $0.taxiOwners[t1.index] |= 1 << d2.raw
        },
        Case(id: "CancelledRouteDetached", expected: "route r1 is CANCELLED but still attached to ride1") { $0.routes[r1.index].status = .cancelled },
    ]
}
