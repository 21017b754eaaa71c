import Checker
import Testing
@testable import Spec

@Suite("Each action's guard and effect")
struct ActionTests {
    let rules = Fixture.rules
    let timing = Fixture.scope.timing

    @Test("Starting work puts the driver at the back of the zone's queue with his taxi")
    func startWorking() throws {
        let world = try #require(Fixture.run([.startWorking(d1, t1, z1), .startWorking(d2, t2, z1)]))
        #expect(world.queue(z1) == [d1, d2])
        #expect(world.queueTaxiList(z1) == [t1, t2])
        #expect(world.drivers[d2.index].status == .available)
        #expect(rules.apply(.startWorking(d2, t1, z2), to: Fixture.world()) == nil, "d2 does not own t1")
        #expect(rules.apply(.startWorking(d1, t1, z1), to: world) == nil, "d1 already works")
    }

    @Test("An unconfirmed client cannot request a ride")
    func unconfirmedClient() {
        #expect(rules.apply(.requestRide(c1, zone: z1, passengers: 1, shared: false), to: World()) == nil)
    }

    @Test("Passengers must number 1 to 4", arguments: [0, 5])
    func passengerLimits(passengers: Int) {
        #expect(rules.apply(.requestRide(c1, zone: z1, passengers: passengers, shared: false), to: Fixture.world()) == nil)
    }

    @Test("A reservation must be inside the window", arguments: [(2, false), (3, true), (4, true), (5, false)])
    func reservationWindow(lead: Int, allowed: Bool) {
        #expect(Fixture.scope.timing.minimumLeadTicks == 3 && Fixture.scope.timing.maximumLeadTicks == 4)
        let next = rules.apply(.reserveRide(c1, zone: z1, passengers: 1, shared: false, lead: lead), to: Fixture.world())
        #expect((next != nil) == allowed)
    }

    @Test("The offer goes to the head of the nearest non-empty queue")
    func offerToHead() throws {
        let world = try #require(Fixture.run([.startWorking(d1, t1, z2), .requestRide(c1, zone: z1, passengers: 1, shared: false)]))
        #expect(rules.apply(.offer(r1, d1), to: world)?.routes[r1.index].offeredTo == d1)
        #expect(rules.apply(.offer(r1, d2), to: Fixture.requested) == nil, "d2 is not the head")
    }

    @Test("Declining moves the driver to the back; three refusals take him out; five suspend him")
    func refusals() throws {
        var world = try #require(Fixture.run([.offer(r1, d1), .decline(d1)], from: Fixture.requested))
        #expect(world.queue(z1) == [d2, d1])
        #expect(world.drivers[d1.index].refusals == 1)
        world.drivers[d1.index].refusals = 2
        world.routes[r1.index].offeredTo = nil
        world.dequeue(d1); world.enqueue(d1, taxi: t1, in: z1)
        world.dequeue(d2); world.enqueue(d2, taxi: t2, in: z1)
        world = try #require(Fixture.run([.offer(r1, d1), .answerTimeout(d1)], from: world))
        #expect(world.drivers[d1.index].status == .offline)
        #expect(world.queue(z1) == [d2])
        #expect(!world.drivers[d1.index].suspended)
        world.drivers[d1.index].refusals = 4
        world = try #require(Fixture.run([.startWorking(d1, t1, z2), .stopWorking(d2), .offer(r1, d1), .decline(d1)], from: world))
        #expect(world.drivers[d1.index].suspended)
        #expect(rules.apply(.startWorking(d1, t1, z1), to: world) == nil, "a suspended driver cannot work")
    }

    @Test("Accepting makes the driver busy, takes him out of the queue and resets his refusals")
    func accept() throws {
        var world = Fixture.requested
        world.drivers[d1.index].refusals = 2
        world = try #require(Fixture.run([.offer(r1, d1), .accept(d1)], from: world))
        #expect(world.drivers[d1.index].status == .busy)
        #expect(world.drivers[d1.index].refusals == 0)
        #expect(world.queue(z1) == [d2])
        #expect(world.routes[r1.index].status == .waiting)
        #expect(world.rides[0].driver == d1)
        #expect(world.pendingRequests.isEmpty)
    }

    @Test("Completing a ride needs payment and requeues the driver where the ride ended")
    func complete() throws {
        let onBoard = try #require(Fixture.run([.offer(r1, d1), .accept(d1), .pickup(d1)], from: Fixture.requested))
        #expect(rules.apply(.complete(d1, at: z2), to: onBoard) == nil, "not paid yet")
        let done = try #require(Fixture.run([.pay(r1, byCard: true), .complete(d1, at: z2)], from: onBoard))
        #expect(done.queue(z2) == [d1])
        #expect(done.routes[r1.index].status == .completed)
        #expect(rules.apply(.interrupt(d1, at: z1), to: onBoard)?.queue(z1).last == d1, "an interruption needs no payment first")
    }

    @Test("A reservation is allocated exactly at its allocation lead, and the clock waits for it")
    func allocation() throws {
        var world = try #require(Fixture.run([.reserveRide(c1, zone: z1, passengers: 1, shared: false, lead: 3)]))
        #expect(rules.apply(.allocateReservation(r1), to: world) == nil, "3 ticks ahead: not yet")
        world = try #require(rules.apply(.tick, to: world))
        #expect(rules.apply(.tick, to: world) == nil, "due for allocation: time waits")
        world = try #require(rules.apply(.allocateReservation(r1), to: world))
        #expect(world.pendingRequests == [r1])
        #expect(rules.apply(.cancelRoute(r1), to: world) == nil, "allocated: too late to cancel")
    }

    @Test("A reservation can be cancelled with exactly 10 minutes left, not after allocation")
    func cancellationDeadline() throws {
        let world = try #require(Fixture.run([.reserveRide(c1, zone: z1, passengers: 1, shared: false, lead: 3), .tick]))
        #expect(Int(world.routes[r1.index].pickupAt) - Int(world.clock) == timing.allocationLeadTicks)
        #expect(rules.apply(.cancelRoute(r1), to: world)?.routes[r1.index].status == .cancelled)
    }

    @Test("The clock does not move while an offer awaits an answer")
    func clockWaitsForOffer() throws {
        let offered = try #require(Fixture.run([.offer(r1, d1)], from: Fixture.requested))
        #expect(rules.apply(.tick, to: offered) == nil)
        #expect(rules.apply(.tick, to: Fixture.requested) != nil)
    }

    @Test("A shared ride takes joiners until pickup, at most four passengers")
    func sharing() throws {
        let scope = Scope.sharing
        let rules = Rules(scope: scope)
        let world = try #require(Fixture.run([.startWorking(d1, t1, z1), .requestRide(c1, zone: z1, passengers: 3, shared: true)], scope: scope))
        #expect(rules.apply(.joinSharedRide(c2, owner: r1, passengers: 3), to: world) == nil, "3 + 3 > 4")
        let joined = try #require(rules.apply(.joinSharedRide(c2, owner: r1, passengers: 1), to: world))
        let accepted = try #require(Fixture.run([.offer(r1, d1), .accept(d1)], from: joined, scope: scope))
        #expect(accepted.routes(of: RideID(0)) == [r1, r2])
        let onBoard = try #require(rules.apply(.pickup(d1), to: accepted))
        #expect(onBoard.routes[r2.index].status == .onBoard)
    }

    @Test("A driver who cancels before pickup sends the request back to the front of the line")
    func driverCancel() throws {
        let world = try #require(Fixture.run([.offer(r1, d1), .accept(d1), .driverCancel(d1)], from: Fixture.requested))
        #expect(world.pendingRequests == [r1])
        #expect(world.routes[r1.index].status == .notAllocated)
        #expect(world.drivers[d1.index].status == .offline)
        #expect(!world.rides[0].exists)
    }

    @Test("A fake request can be signalled only after the wait")
    func fakeRequest() throws {
        let world = try #require(Fixture.run([.offer(r1, d1), .accept(d1)], from: Fixture.requested))
        #expect(rules.apply(.signalFakeRequest(d1), to: world) == nil)
        let later = try #require(Fixture.run([.tick, .signalFakeRequest(d1)], from: world))
        #expect(later.routes[r1.index].status == .cancelled)
        #expect(later.queue(z1) == [d2, d1])
    }

    @Test("Every enabled action has a successor and listing order is stable")
    func listing() {
        let model = MyTaxiModel()
        let world = Fixture.requested
        let first = model.enabledActions(in: world)
        #expect(first == model.enabledActions(in: world))
        for action in first { #expect(model.successor(of: world, via: action) != nil) }
    }
}
