// RideCheck's myTaxiService model for the Alloy Analyzer 6, written from the catalogue in
// Invariants/mytaxi.md. It is one snapshot of the world that Sources/Spec explores over time.
//
// How it is organised:
// - The default property set (what `verify check` checks) are the facts: the seed facts the
//   catalogue keeps, the corrected properties and the state rules of the seeds' prose.
// - Every seed-literal fact of seed 000 section 3.8.1 is a predicate under its Alloy name,
//   every seed assertion an assertion under its Alloy name, and `show` a predicate, so that
//   an Alloy user can check the literal set against the corrected one (commands at the end).
// - Action properties (OfferGoesToHeadOfNearestQueue and the other seven) relate two states
//   and are not here; Sources/Spec/Properties/ActionRules.swift states them.
//
// Tests/SpecTests/AlloyModelTests.swift fails when a state property of the catalogue is
// missing here, when a name here is not in the catalogue, or when a property sits under
// the wrong keyword (fact, pred, assert). Helpers are functions (`fun`), never predicates.
//
// Time is in the catalogue's compressed ticks of 5 minutes: the allocation lead (10 min) is
// 2 ticks and the longest reservation lead 4 (Sources/Spec/State/Scope.swift explains why
// the order of the thresholds, not their size, is what the search needs).

module mytaxi

open util/boolean

// ---------------------------------------------------------------- signatures

abstract sig User {
    emailConfirmed: one Bool
}

sig Client extends User {}

sig CreditCard {
    owner: some Client
}

sig TaxiDriver extends User {
    status: one TaxiDriverStatus,
    // what a running system adds to the seed's picture
    workingTaxi: lone Taxi,
    refusals: one Int,
    suspended: one Bool
}

abstract sig TaxiDriverStatus {}
one sig AVAILABLE, BUSY, OFFLINE extends TaxiDriverStatus {}

sig Zone {
    queue: one TaxiQueue
}

sig TaxiQueue {
    zone: one Zone,
    drivers: set TaxiDriver,
    taxis: set Taxi,
    // the FIFO order of `drivers`, front first
    order: seq TaxiDriver
}{
    order.elems = drivers
    not order.hasDups
}

sig Ride {
    driver: one TaxiDriver,
    taxi: one Taxi,
    routes: some Route
}

sig Route {
    client: one Client,
    ride: lone Ride,
    isShared: one Bool,
    isReserved: one Bool,
    status: one RouteStatus,
    // what a running system adds
    passengers: one Int,
    pickupAt: one Int,
    offeredTo: lone TaxiDriver,
    joined: lone Route
}

// CANCELLED is outside the seed's universe: a withdrawn route.
abstract sig RouteStatus {}
one sig NOT_ALLOCATED, WAITING, ON_BOARD, COMPLETED, CANCELLED extends RouteStatus {}

sig Taxi {
    drivers: some TaxiDriver
}

// The dispatcher's line of requests waiting for a driver, in order of arrival, and the clock.
one sig Dispatcher {
    line: seq Route,
    now: one Int
}{
    not line.hasDups
}

// ---------------------------------------------------------------- helpers

fun allocationLead: Int { 2 }
fun maximumLead: Int { 4 }
fun current: set RouteStatus { WAITING + ON_BOARD }
fun pending: set Route { Dispatcher.line.elems }
fun ridesOf[d: TaxiDriver]: set Ride { driver.d }
fun inProgress: set Ride { { r: Ride | some rt: r.routes | rt.status in current } }
fun heads: set TaxiDriver { { d: TaxiDriver | some q: TaxiQueue | d = q.order.first } }

// ---------------------------------------------------------------- seed facts the default set keeps

fact activeClientIsConfirmed {
    all c: Client | c.emailConfirmed = False implies
        ((no cc: CreditCard | cc.owner = c) and (no rt: Route | rt.client = c))
}

fact activeTaxiDriverIsConfirmed {
    all d: TaxiDriver | d.emailConfirmed = False implies
        ((no t: Taxi | d in t.drivers) and (no r: Ride | r.driver = d) and d.status = OFFLINE)
}

fact offlineDriverNotInQueue {
    all d: TaxiDriver, q: TaxiQueue | d.status = OFFLINE implies d not in q.drivers
}

fact busyDriverNotInQueue {
    all d: TaxiDriver, q: TaxiQueue | d.status = BUSY implies d not in q.drivers
}

fact busyDriverOneRide {
    no d: TaxiDriver | d.status = BUSY and (no r: Ride | r.driver = d)
}

fact notAllocatedRouteNoRide {
    all rt: Route | no r: Ride | rt in r.routes and rt.status = NOT_ALLOCATED
}

fact allocatedRouteRide {
    all rt: Route | rt.status in WAITING + ON_BOARD + COMPLETED implies (one r: Ride | rt in r.routes)
}

fact busyDuringRide {
    all d: TaxiDriver, r: Ride, rt: Route |
        (r.driver = d and rt in r.routes and rt.status != COMPLETED) implies d.status = BUSY
}

fact isSharedConsistency {
    no r: Ride | some disj rt1, rt2: Route | rt1 in r.routes and rt2 in r.routes and rt1.isShared = False
}

fact sharedRideWithOneCompleted {
    all disj rt1, rt2: Route | no r: Ride |
        rt1 in r.routes and rt2 in r.routes and rt1.status = COMPLETED and rt2.status = WAITING
}

fact taxiUsedOnlyByOneDriver {
    all r: Ride, rt: Route, q: TaxiQueue | no t: Taxi |
        t in q.taxis and r.taxi = t and rt in r.routes and rt.status in current
}

fact driverUsesOnlyHisTaxis {
    all r: Ride | no t: Taxi | r.taxi = t and r.driver not in t.drivers
    all q: TaxiQueue | no d: TaxiDriver | d in q.drivers and (no t: Taxi | t in q.taxis and d in t.drivers)
}

fact routeConsistency {
    all disj r1, r2: Ride | no rt: Route | rt in r1.routes and rt in r2.routes
    all r: Ride, rt: Route | rt in r.routes <=> rt.ride = r
    all r: Ride | all disj rt1, rt2: Route | no c: Client |
        rt1 in r.routes and rt2 in r.routes and rt1.client = c and rt2.client = c
}

fact clientOneCurrentRoute {
    all disj rt1, rt2: Route | no c: Client |
        rt1.client = c and rt2.client = c and rt1.status in current and rt2.status in current
}

fact driverOneCurrentRide {
    all disj r1, r2: Ride | all rt1, rt2: Route | no d: TaxiDriver |
        rt1 in r1.routes and rt2 in r2.routes and r1.driver = d and r2.driver = d
        and rt1.status in current and rt2.status in current
}

fact zone_queue_relation {
    all z: Zone, q: TaxiQueue | z.queue = q iff q.zone = z
}

fact driver_queue_relation {
    all disj q1, q2: TaxiQueue | no d: TaxiDriver | d in q1.drivers and d in q2.drivers
}

fact taxi_queue_relation {
    all disj q1, q2: TaxiQueue | no t: Taxi | t in q1.taxis and t in q2.taxis
}

fact taxi_driver_queue_relation {
    all q: TaxiQueue | no t: Taxi | t in q.taxis and (no d: TaxiDriver | d in q.drivers and d in t.drivers)
}

// The seed writes this one inside sig TaxiQueue ("A taxi per driver"); here it has a name.
fact aTaxiPerDriver {
    all q: TaxiQueue | #q.drivers = #q.taxis
}

// ---------------------------------------------------------------- corrected properties

// corrects busyDriverHasACurrentRide: the rides in progress, not the finished ones
fact BusyDriverHasCurrentRide {
    all d: TaxiDriver | d.status = BUSY implies one (ridesOf[d] & inProgress)
}

// corrects availableDriverInQueue: the implication outside the quantifier
fact AvailableDriverInOneQueue {
    all d: TaxiDriver | d.status = AVAILABLE implies one q: TaxiQueue | d in q.drivers
}

// corrects driverInQueueAvailable
fact QueuedDriverIsAvailable {
    all d: TaxiDriver | (some q: TaxiQueue | d in q.drivers) implies d.status = AVAILABLE
}

// corrects workingNoSameTaxi: a taxi serves one ride at a time, and many over a day
fact TaxiInOneCurrentRide {
    all disj r1, r2: inProgress | r1.taxi != r2.taxi
}

// corrects the assertion busyDriverNoCurrentRide, reading its `and` as `or`; a route
// COMPLETED beside one still ON_BOARD is a passenger dropped off at his stop
fact BusyDriverRideHasNoStaleRoute {
    all d: TaxiDriver, r: ridesOf[d] & inProgress | d.status = BUSY implies {
        r.routes.status in current + COMPLETED
        COMPLETED in r.routes.status implies ON_BOARD in r.routes.status
    }
}

// ---------------------------------------------------------------- rules the seeds state in words

fact AtMostFourPassengers {
    all r: inProgress | (sum rt: r.routes | rt.passengers) <= 4
    all o: Route | (o.status = NOT_ALLOCATED and no o.joined) implies
        o.passengers.plus[sum j: joined.o | j.passengers] <= 4
}

fact NoRequestLost {
    all rt: Route | rt.status = NOT_ALLOCATED implies {
        some rt.joined implies (rt.joined.status = NOT_ALLOCATED and no rt.joined.joined and rt not in pending)
        (no rt.joined and rt.isReserved = True and rt not in pending) implies rt.pickupAt.minus[Dispatcher.now] >= allocationLead
        (no rt.joined and (rt.isReserved = False or rt.pickupAt.minus[Dispatcher.now] < allocationLead)) implies rt in pending
    }
    all rt: Route | rt.status in current implies rt.ride.driver.status = BUSY
    all rt: Route | rt.status in COMPLETED + CANCELLED implies (rt not in pending and no rt.offeredTo)
    all rt: pending | rt.status = NOT_ALLOCATED and no rt.joined
}

fact ReservationNotOverdue {
    all rt: Route | (rt.isReserved = True and rt.status = NOT_ALLOCATED and no rt.joined and rt not in pending) implies
        (rt.pickupAt.minus[Dispatcher.now] >= allocationLead and rt.pickupAt.minus[Dispatcher.now] <= maximumLead)
}

fact OffersGoToQueueHeads {
    all rt: Route | some rt.offeredTo implies
        (rt.offeredTo.status = AVAILABLE and rt.offeredTo.suspended = False and rt.offeredTo in heads and rt in pending)
    all d: TaxiDriver | lone offeredTo.d
}

fact SuspendedDriverIsOffline {
    all d: TaxiDriver | (d.suspended = True or d.refusals >= 5) implies (d.suspended = True and d.status = OFFLINE)
}

fact OneTaxiPerWorkingDriver {
    all d: TaxiDriver | d.status != OFFLINE implies (one d.workingTaxi and d in d.workingTaxi.drivers)
    all disj d1, d2: TaxiDriver | (d1.status != OFFLINE and d2.status != OFFLINE) implies d1.workingTaxi != d2.workingTaxi
}

fact CancelledRouteDetached {
    all rt: Route | rt.status = CANCELLED implies (no rt.ride and no routes.rt and no rt.offeredTo)
}

// ---------------------------------------------------------------- seed-literal facts, as predicates

// Literal: quantifies over all of a busy driver's rides, past ones included.
pred busyDriverHasACurrentRide {
    all d: TaxiDriver, r: Ride, rt: Route |
        (d.status = BUSY and r.driver = d and rt in r.routes) implies rt.status in current
}

// Literal: `one q` around the implication demands a single queue in the world.
pred availableDriverInQueue {
    all d: TaxiDriver | one q: TaxiQueue | d.status = AVAILABLE implies d in q.drivers
}

pred driverInQueueAvailable {
    all d: TaxiDriver | one q: TaxiQueue | d in q.drivers implies d.status = AVAILABLE
}

// Literal: any two rides of the whole history must differ in taxi once anyone works.
pred workingNoSameTaxi {
    all d: TaxiDriver | d.status in BUSY + AVAILABLE implies (no disj r1, r2: Ride | r1.taxi = r2.taxi)
}

// ---------------------------------------------------------------- seed assertions

assert noConfirmedClientWithSomeCCOrRoute {
    no c: Client | c.emailConfirmed = False and ((some cc: CreditCard | cc.owner = c) or (some rt: Route | rt.client = c))
}

assert noConfirmedDriverNotOFFLINEOrWithSomeRide {
    no d: TaxiDriver | d.emailConfirmed = False and (d.status = AVAILABLE or d.status = BUSY or (some r: Ride | r.driver = d))
}

assert busyDriverInQueue {
    no d: TaxiDriver | d.status = BUSY and (one q: TaxiQueue | d in q.drivers)
}

assert allocatedRouteNotAllocate {
    no rt: Route | rt.status in WAITING + ON_BOARD + COMPLETED and (no r: Ride | r = rt.ride)
}

assert driverNoTaxiAndAvailableOrRide {
    all d: TaxiDriver | (d.status = AVAILABLE or d.status = BUSY or (some r: Ride | r.driver = d))
        implies (some t: Taxi | d in t.drivers)
}

assert sameClientmoreRouteInSameRide {
    all r: Ride | all disj rt1, rt2: Route | no c: Client |
        rt1 in r.routes and rt2 in r.routes and rt1.client = c and rt2.client = c
}

assert notAllocatedRouteAllocated {
    no rt: Route | rt.status = NOT_ALLOCATED and (one r: Ride | r = rt.ride)
}

assert clientOneWaitingAndAtLeastOneCompleted {
    all r: Ride | all disj rt1, rt2: Route | no c: Client |
        rt1 in r.routes and rt2 in r.routes and rt1.client = c and rt2.client = c
        and rt1.status = WAITING and rt2.status = COMPLETED
}

// Literal: fails on a driver's second ride (the first is COMPLETED, the second WAITING).
assert moreThanOneRidePerDriverOneOfThemNotCompleted {
    all disj r1, r2: Ride | all rt1, rt2: Route | no d: TaxiDriver |
        rt1 in r1.routes and rt2 in r2.routes and r1.driver = d and r2.driver = d and rt1.status in current
}

// Literal: one status cannot equal two values, so this can never fail (vacuous).
assert busyDriverNoCurrentRide {
    no d: TaxiDriver | some r: Ride, rt: Route |
        d.status = BUSY and r.driver = d and rt in r.routes and rt.status = NOT_ALLOCATED and rt.status = COMPLETED
}

assert notSharedRideShared {
    all r: Ride | all disj rt1, rt2: Route | (rt1 in r.routes and rt2 in r.routes) implies rt1.isShared = True
}

// ---------------------------------------------------------------- the seed's show, and ours

pred show {
    some r: Ride | some disj rt1, rt2: Route | rt1 in r.routes and rt2 in r.routes
    some status.NOT_ALLOCATED
    some status.WAITING
    some status.ON_BOARD
    some status.COMPLETED
    #status.AVAILABLE > 1
    #status.BUSY > 1
    some status.OFFLINE
}

// show needs 5 drivers; RideCheck's state holds 4, so it asks for one of each status.
pred ShowEveryStatus {
    some r: Ride | some disj rt1, rt2: Route | rt1 in r.routes and rt2 in r.routes
    some status.NOT_ALLOCATED
    some status.WAITING
    some status.ON_BOARD
    some status.COMPLETED
    some status.AVAILABLE
    some status.BUSY
    some status.OFFLINE
}

// ---------------------------------------------------------------- commands

check noConfirmedClientWithSomeCCOrRoute for 6 but 5 Int
check noConfirmedDriverNotOFFLINEOrWithSomeRide for 6 but 5 Int
check busyDriverInQueue for 6 but 5 Int
check allocatedRouteNotAllocate for 6 but 5 Int
check driverNoTaxiAndAvailableOrRide for 6 but 5 Int
check sameClientmoreRouteInSameRide for 6 but 5 Int
check notAllocatedRouteAllocated for 6 but 5 Int
check clientOneWaitingAndAtLeastOneCompleted for 6 but 5 Int
check notSharedRideShared for 6 but 5 Int
// the two literal assertions: the first has a counterexample (a driver's second ride),
// the second holds because it cannot fail
check moreThanOneRidePerDriverOneOfThemNotCompleted for 6 but 5 Int
check busyDriverNoCurrentRide for 6 but 5 Int
// the literal facts against the corrected model: each has a counterexample
check { busyDriverHasACurrentRide } for 6 but 5 Int
check { availableDriverInQueue } for 6 but 5 Int
check { driverInQueueAvailable } for 6 but 5 Int
check { workingNoSameTaxi } for 6 but 5 Int
run show for 7 but 5 Int
run ShowEveryStatus for 6 but 5 Int
// a shared ride with one passenger dropped off and another still aboard: an instance now;
// with the fact read as `r.routes.status in current` (as before dropOff) there was none
run { some r: inProgress | COMPLETED in r.routes.status } for 6 but 5 Int
