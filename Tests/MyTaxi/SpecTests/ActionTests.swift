import Checker
import Testing
@testable import MyTaxiSpec

@Suite("Each action's guard and effect")
struct ActionTests {
    let rules = Fixture.rules
    let timing = Fixture.scope.timing

    @Test("Starting work puts the driver at the back of the zone's queue with his taxi")
    func startWorking() throws {
        let world = try #require(Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1),
            .startWorking(driver: d2, taxi: t2, zone: z1)]))
        #expect(world.queue(z1) == [d1, d2])
        #expect(world.queueTaxiList(z1) == [t1, t2])
        #expect(world.drivers[d2.index].status == .available)
        #expect(rules.apply(.startWorking(driver: d2, taxi: t1, zone: z2), to: Fixture.world()) == nil,
            "d2 does not own t1")
        #expect(rules.apply(.startWorking(driver: d1, taxi: t1, zone: z1), to: world) == nil, "d1 already works")
    }

    @Test("An unconfirmed client cannot request a ride")
    func unconfirmedClient() {
        #expect(rules.apply(.requestRide(client: c1, zone: z1, passengers: 1, shared: false), to: World()) == nil)
    }

    @Test("Passengers must number 1 to 4", arguments: [0, 5])
    func passengerLimits(passengers: Int) {
        #expect(rules.apply(.requestRide(client: c1, zone: z1, passengers: passengers, shared: false),
            to: Fixture.world()) == nil)
    }

    @Test("A reservation must be inside the window", arguments: [(2, false), (3, true), (4, true), (5, false)])
    func reservationWindow(lead: Int, allowed: Bool) {
        #expect(Fixture.scope.timing.minimumLeadTicks == 3 && Fixture.scope.timing.maximumLeadTicks == 4)
        let next = rules.apply(.reserveRide(client: c1, zone: z1, passengers: 1, shared: false, lead: lead),
            to: Fixture.world())
        #expect((next != nil) == allowed)
    }

    @Test("The offer goes to the head of the nearest non-empty queue")
    func offerToHead() throws {
        let world = try #require(Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z2),
            .requestRide(client: c1, zone: z1, passengers: 1, shared: false)]))
        #expect(rules.apply(.offer(route: r1, driver: d1), to: world)?.routes[r1.index].offeredTo == d1)
        #expect(rules.apply(.offer(route: r1, driver: d2), to: Fixture.requested) == nil, "d2 is not the head")
    }

    @Test("Declining moves the driver to the back; three refusals take him out; five suspend him")
    func refusals() throws {
        var world = try #require(Fixture.run([.offer(route: r1, driver: d1), .decline(driver: d1)],
            from: Fixture.requested))
        #expect(world.queue(z1) == [d2, d1])
        #expect(world.drivers[d1.index].refusals == 1)
        world.drivers[d1.index].refusals = 2
        world.routes[r1.index].offeredTo = nil
        world.dequeue(d1); world.enqueue(d1, taxi: t1, in: z1)
        world.dequeue(d2); world.enqueue(d2, taxi: t2, in: z1)
        world = try #require(Fixture.run([.offer(route: r1, driver: d1), .answerTimeout(driver: d1)], from: world))
        #expect(world.drivers[d1.index].status == .offline)
        #expect(world.queue(z1) == [d2])
        #expect(!world.drivers[d1.index].suspended)
        world.drivers[d1.index].refusals = 4
        world = try #require(Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z2), .stopWorking(driver: d2),
            .offer(route: r1, driver: d1), .decline(driver: d1)], from: world))
        #expect(world.drivers[d1.index].suspended)
        #expect(rules.apply(.startWorking(driver: d1, taxi: t1, zone: z1), to: world) == nil,
            "a suspended driver cannot work")
    }

    @Test("Accepting makes the driver busy, takes him out of the queue and resets his refusals")
    func accept() throws {
        var world = Fixture.requested
        world.drivers[d1.index].refusals = 2
        world = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1)], from: world))
        #expect(world.drivers[d1.index].status == .busy)
        #expect(world.drivers[d1.index].refusals == 0)
        #expect(world.queue(z1) == [d2])
        #expect(world.routes[r1.index].status == .waiting)
        #expect(world.rides[0].driver == d1)
        #expect(world.pendingRequests.isEmpty)
    }

    @Test("Completing a ride needs payment and requeues the driver where the ride ended")
    func complete() throws {
        let onBoard = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1),
            .pickup(driver: d1)], from: Fixture.requested))
        #expect(rules.apply(.complete(driver: d1, zone: z2), to: onBoard) == nil, "not paid yet")
        let done = try #require(Fixture.run([.pay(route: r1, byCard: true), .complete(driver: d1, zone: z2)],
            from: onBoard))
        #expect(done.queue(z2) == [d1])
        #expect(done.routes[r1.index].status == .completed)
        #expect(rules.apply(.interrupt(driver: d1, zone: z1), to: onBoard)?.queue(z1).last == d1,
            "an interruption needs no payment first")
    }

    @Test("A reservation is allocated exactly at its allocation lead, and the clock waits for it")
    func allocation() throws {
        var world = try #require(Fixture.run([.reserveRide(client: c1, zone: z1, passengers: 1, shared: false,
            lead: 3)]))
        #expect(rules.apply(.allocateReservation(route: r1), to: world) == nil, "3 ticks ahead: not yet")
        world = try #require(rules.apply(.tick, to: world))
        #expect(rules.apply(.tick, to: world) == nil, "due for allocation: time waits")
        world = try #require(rules.apply(.allocateReservation(route: r1), to: world))
        #expect(world.pendingRequests == [r1])
        #expect(rules.apply(.cancelRoute(route: r1), to: world) == nil, "allocated: too late to cancel")
    }

    @Test("A reservation can be cancelled with exactly 10 minutes left, not after allocation")
    func cancellationDeadline() throws {
        let world = try #require(Fixture.run([.reserveRide(client: c1, zone: z1, passengers: 1, shared: false, lead: 3),
            .tick]))
        #expect(Int(world.routes[r1.index].pickupAt) - Int(world.clock) == timing.allocationLeadTicks)
        #expect(rules.apply(.cancelRoute(route: r1), to: world)?.routes[r1.index].status == .cancelled)
    }

    @Test("The clock does not move while an offer awaits an answer")
    func clockWaitsForOffer() throws {
        let offered = try #require(Fixture.run([.offer(route: r1, driver: d1)], from: Fixture.requested))
        #expect(rules.apply(.tick, to: offered) == nil)
        #expect(rules.apply(.tick, to: Fixture.requested) != nil)
    }

    @Test("A shared ride takes joiners until pickup, at most four passengers")
    func sharing() throws {
        let scope = Scope.sharing
        let rules = Rules(scope: scope)
        let world = try #require(Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1),
            .requestRide(client: c1, zone: z1, passengers: 3, shared: true)], scope: scope))
        #expect(rules.apply(.joinSharedRide(client: c2, owner: r1, passengers: 3), to: world) == nil, "3 + 3 > 4")
        let joined = try #require(rules.apply(.joinSharedRide(client: c2, owner: r1, passengers: 1), to: world))
        let accepted = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1)], from: joined,
            scope: scope))
        #expect(accepted.routes(of: RideID(0)) == [r1, r2])
        let onBoard = try #require(rules.apply(.pickup(driver: d1), to: accepted))
        #expect(onBoard.routes[r2.index].status == .onBoard)
    }

    @Test("A passenger of a shared ride is dropped off at his stop, paid first, while the others ride on; the last one ends with the ride")
    func dropOff() throws {
        let scope = Scope.sharing
        let rules = Rules(scope: scope)
        let aboard = try #require(Fixture.run([.startWorking(driver: d1, taxi: t1, zone: z1),
            .requestRide(client: c1, zone: z1, passengers: 1, shared: true),
                                               .joinSharedRide(client: c2, owner: r1, passengers: 1),
                                               .offer(route: r1, driver: d1), .accept(driver: d1),
                                               .pickup(driver: d1)], scope: scope))
        #expect(rules.apply(.dropOff(route: r2), to: aboard) == nil, "not paid")
        let paid = try #require(Fixture.run([.pay(route: r2, byCard: false)], from: aboard, scope: scope))
        let dropped = try #require(rules.apply(.dropOff(route: r2), to: paid))
        #expect(dropped.routes[r2.index].status == .completed && dropped.routes[r1.index].status == .onBoard)
        #expect(dropped.drivers[d1.index].status == .busy)
        #expect(Catalog.properties(scope: scope).filter { $0.kind == .invariant && $0.checkedByDefault && $0.evaluate(dropped).isViolation }.map(\.id) == [], "a passenger out at his stop breaks no rule")
        let last = try #require(Fixture.run([.pay(route: r1, byCard: false)], from: dropped, scope: scope))
        #expect(rules.apply(.dropOff(route: r1), to: last) == nil, "the last passenger aboard ends with the ride")
        let done = try #require(rules.apply(.complete(driver: d1, zone: z1), to: last))
        #expect(done.routes[r1.index].status == .completed && done.drivers[d1.index].status == .available)
    }

    @Test("A scope's prelude is a run from the onboarded city: showcase starts with a shared ride aboard, c1 paid")
    func prelude() throws {
        let scope = Scope.showcase
        let ran = try #require(Fixture.run(Prelude.sharedRideAboard.actions, from: MyTaxiModel.onboardedWorld(scope), scope: scope))
        #expect(MyTaxiModel.initialWorld(scope) == ran)
        #expect(ran.routes[r1.index].status == .onBoard && ran.routes[r1.index].paid && ran.routes[RouteID(2).index].status == .onBoard)
        #expect([DriverID(0), DriverID(1), DriverID(2), DriverID(3)].map { ran.drivers[$0.index].status } == [.busy, .available, .available, .offline])
        #expect(MyTaxiModel.initialWorld(.ci) == MyTaxiModel.onboardedWorld(.ci), "no prelude, no steps")
    }

    @Test("A driver who cancels before pickup sends the request back to the front of the line")
    func driverCancel() throws {
        let world = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1),
            .driverCancel(driver: d1)], from: Fixture.requested))
        #expect(world.pendingRequests == [r1])
        #expect(world.routes[r1.index].status == .notAllocated)
        #expect(world.drivers[d1.index].status == .offline)
        #expect(!world.rides[0].exists)
    }

    @Test("A fake request can be signalled only after the wait")
    func fakeRequest() throws {
        let world = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1)],
            from: Fixture.requested))
        #expect(rules.apply(.signalFakeRequest(driver: d1), to: world) == nil)
        let later = try #require(Fixture.run([.tick, .signalFakeRequest(driver: d1)], from: world))
        #expect(later.routes[r1.index].status == .cancelled)
        #expect(later.queue(z1) == [d2, d1])
    }

    @Test("Accounts: confirming, activating, cards and taxis, each once and in order")
    func accounts() throws {
        let empty = World()
        let confirmed = try #require(rules.apply(.confirmClientEmail(client: c1), to: empty))
        #expect(confirmed.clients[c1.index].emailConfirmed)
        #expect(rules.apply(.confirmClientEmail(client: c1), to: confirmed) == nil, "already confirmed")
        #expect(rules.apply(.addCard(client: c1), to: empty) == nil, "unconfirmed clients store no card")
        let carded = try #require(rules.apply(.addCard(client: c1), to: confirmed))
        #expect(carded.clients[c1.index].cards == 1)
        #expect(rules.apply(.addCard(client: c1), to: carded) == nil, "the scope allows one card")
        #expect(rules.apply(.deleteCard(client: c1), to: carded)?.clients[c1.index].cards == 0)
        #expect(rules.apply(.deleteCard(client: c1), to: confirmed) == nil, "no card to delete")
        #expect(rules.apply(.activateDriver(driver: d1), to: empty) == nil, "an unconfirmed account has not asked")
        let driver = try #require(Fixture.run([.confirmDriverEmail(driver: d1), .activateDriver(driver: d1)],
            from: empty))
        #expect(driver.drivers[d1.index].activated)
        #expect(rules.apply(.addTaxi(driver: d1, taxi: t2), to: empty) == nil, "only activated drivers register taxis")
        let owner = try #require(rules.apply(.addTaxi(driver: d1, taxi: t2), to: driver))
        #expect(owner.owns(d1, t2) && !owner.owns(d1, t1))
        #expect(rules.apply(.addTaxi(driver: d1, taxi: t2), to: owner) == nil, "already his")
    }

    @Test("Stopping work and changing zone: only while AVAILABLE; the offer held is withdrawn")
    func stopAndMove() throws {
        let offered = try #require(rules.apply(.offer(route: r1, driver: d1), to: Fixture.requested))
        let moved = try #require(rules.apply(.changeZone(driver: d1, zone: z2), to: offered))
        #expect(moved.queue(z1) == [d2] && moved.queue(z2) == [d1])
        #expect(moved.drivers[d1.index].zone == z2)
        #expect(moved.routes[r1.index].offeredTo == nil && moved.drivers[d1.index].refusals == 0, "withdrawn, not refused")
        #expect(rules.apply(.changeZone(driver: d1, zone: z1), to: offered) == nil, "already in z1")
        let stopped = try #require(rules.apply(.stopWorking(driver: d1), to: offered))
        #expect(stopped.drivers[d1.index].status == .offline && stopped.queue(z1) == [d2])
        let busy = try #require(rules.apply(.accept(driver: d1), to: offered))
        #expect(rules.apply(.stopWorking(driver: d1), to: busy) == nil && rules.apply(.changeZone(driver: d1, zone: z2),
            to: busy) == nil)
    }

    @Test("Modifying a reservation: inside the window, while changeable, to a different time")
    func modifyReservation() throws {
        let reserved = try #require(Fixture.run([.reserveRide(client: c1, zone: z1, passengers: 1, shared: false,
            lead: 3)]))
        #expect(rules.apply(.modifyReservation(route: r1, lead: 4), to: reserved)?.routes[r1.index].pickupAt == 4)
        #expect(rules.apply(.modifyReservation(route: r1, lead: 3), to: reserved) == nil, "the same time is no change")
        #expect(rules.apply(.modifyReservation(route: r1, lead: 5), to: reserved) == nil, "beyond the maximum lead")
        let due = try #require(rules.apply(.tick, to: reserved))
        #expect(rules.apply(.modifyReservation(route: r1, lead: 4), to: due) != nil, "exactly 10 minutes left")
        let allocated = try #require(rules.apply(.allocateReservation(route: r1), to: due))
        #expect(rules.apply(.modifyReservation(route: r1, lead: 4), to: allocated) == nil, "allocated")
    }

    @Test("Pickup and payment: pickup only before it happened; payment once, by card only with a card")
    func pickupAndPay() throws {
        let accepted = try #require(Fixture.run([.offer(route: r1, driver: d1), .accept(driver: d1)],
            from: Fixture.requested))
        #expect(rules.apply(.pay(route: r1, byCard: false), to: Fixture.requested) == nil,
            "nothing to pay before a ride")
        let onBoard = try #require(rules.apply(.pickup(driver: d1), to: accepted))
        #expect(onBoard.routes[r1.index].status == .onBoard)
        #expect(rules.apply(.pickup(driver: d1), to: onBoard) == nil, "already aboard")
        let paid = try #require(rules.apply(.pay(route: r1, byCard: false), to: onBoard))
        #expect(paid.routes[r1.index].paid)
        #expect(rules.apply(.pay(route: r1, byCard: true), to: paid) == nil, "paid once")
        var cardless = onBoard
        cardless.clients[c1.index].cards = 0
        #expect(rules.apply(.pay(route: r1, byCard: true), to: cardless) == nil)
        #expect(rules.apply(.pay(route: r1, byCard: false), to: cardless) != nil, "cash is always accepted")
    }

    @Test("Every action kind has a test that applies it")
    func everyKindApplied() throws {
        // A run that fires every kind once, in a scope with room for sharing and accounts.
        var scope = Scope.ci
        scope.clients = 2
        scope.routesPerClient = 2  // c1 owns r1 and r2, c2 owns r3 and r4
        scope.onboarded = false
        let r3 = RouteID(2), r4 = RouteID(3)
        let rules = Rules(scope: scope)
        let steps: [TaxiAction] = [
            .confirmClientEmail(client: c1), .confirmClientEmail(client: c2), .confirmDriverEmail(driver: d1),
            .activateDriver(driver: d1),
            .addCard(client: c1), .deleteCard(client: c1), .addCard(client: c1), .addTaxi(driver: d1, taxi: t1),
            .startWorking(driver: d1, taxi: t1, zone: z1), .changeZone(driver: d1, zone: z2), .stopWorking(driver: d1),
            .startWorking(driver: d1, taxi: t1, zone: z1),
            .reserveRide(client: c1, zone: z1, passengers: 1, shared: true, lead: 3),
            .modifyReservation(route: r1, lead: 4),
            .joinSharedRide(client: c2, owner: r1, passengers: 1), .cancelRoute(route: r3),
            .tick, .tick, .allocateReservation(route: r1), .offer(route: r1, driver: d1), .decline(driver: d1),
            .offer(route: r1, driver: d1), .answerTimeout(driver: d1),
            .offer(route: r1, driver: d1), .accept(driver: d1), .driverCancel(driver: d1),
            .startWorking(driver: d1, taxi: t1, zone: z1), .offer(route: r1, driver: d1), .accept(driver: d1),
            .tick, .signalFakeRequest(driver: d1),
            .requestRide(client: c2, zone: z1, passengers: 2, shared: false), .offer(route: r4, driver: d1),
            .accept(driver: d1), .pickup(driver: d1),
            .interrupt(driver: d1, zone: z2),
        ]
        var world = MyTaxiModel.initialWorld(scope)
        var kinds = Set<ActionKind>()
        for (number, step) in steps.enumerated() {
            world = try #require(rules.apply(step, to: world), "step \(number + 1), \(step), is not enabled")
            kinds.insert(step.kind)
        }
        // pay, complete and dropOff have tests of their own (dropOff needs two clients aboard).
        let missing = Set(ActionKind.allCases).subtracting(kinds).subtracting([.pay, .complete, .dropOff])
        #expect(missing.isEmpty, "never applied: \(missing)")
    }

    @Test("Every enabled action has a successor and listing order is stable")
    func listing() {
        let model = MyTaxiModel()
        let world = Fixture.requested
        let first = model.enabledActions(in: world)
        #expect(first == model.enabledActions(in: world))
        for action in first { #expect(model.successor(of: world, via: action) != nil) }
    }

    @Test("The listing's narrowing drops only actions whose guard fails", arguments: [Scope.ci, Scope.accounts, Scope.sharing])
    func narrowingKeepsEveryEnabledAction(scope: Scope) {
        // Every candidate the conformance probes offer, kept where its guard holds, is
        // exactly the listing, in the same order: the cheap checks before the guards only
        // skip work. States from seeded random walks, so that every kind has its chance.
        let rules = Rules(scope: scope)
        var random = SplitMix64(seed: 11)
        var checked = 0
        for _ in 0..<40 {
            var world = MyTaxiModel.initialWorld(scope)
            for _ in 0..<25 {
                var listed: [TaxiAction] = [], probed: [TaxiAction] = []
                rules.candidates(in: world, probes: false) { if rules.apply($0, to: world) != nil { listed.append($0) } }
                rules.candidates(in: world, probes: true) { if rules.apply($0, to: world) != nil { probed.append($0) } }
                #expect(listed == probed)
                checked += 1
                guard let next = listed.randomElement(using: &random) else { break }
                world = rules.apply(next, to: world)!
            }
        }
        #expect(checked > 500)
    }

    @Test("The probes listed once are, in every world, the candidates with probes listed afresh", arguments: [Scope.ci, Scope.accounts, Scope.sharing, Scope.rides])
    func probesListedOnce(scope: Scope) {
        // Seeded random walks; the long tick's probe, the one part that depends on the
        // world, must come up in some of them.
        let rules = Rules(scope: scope), probes = ProbeCandidates(rules: rules)
        var random = SplitMix64(seed: 5)
        var checked = 0, longTicks = 0
        for _ in 0..<60 {
            var world = MyTaxiModel.initialWorld(scope)
            for _ in 0..<30 {
                var fresh: [TaxiAction] = [], once: [TaxiAction] = []
                rules.candidates(in: world, probes: true) { fresh.append($0) }
                probes.forEach(in: world) { once.append($0) }
                #expect(fresh == once)
                checked += 1
                if once.contains(where: { if case .longTick = $0 { true } else { false } }) { longTicks += 1 }
                var enabled: [TaxiAction] = []
                rules.candidates(in: world, probes: false) { if rules.apply($0, to: world) != nil { enabled.append($0) } }
                guard let next = enabled.randomElement(using: &random) else { break }
                world = rules.apply(next, to: world)!
            }
        }
        #expect(checked > 500)
        #expect(longTicks > 0)
    }

    /// The model's successor written into fresh memory (the check phase's form), and the
    /// answer it gave.
    static func successor(_ model: MyTaxiModel, of world: World, via action: TaxiAction) -> (holds: Bool, slot: World) {
        withUnsafePointer(to: world) { source in
            withUnsafeTemporaryAllocation(of: World.self, capacity: 1) { buffer in
                let holds = model.successor(of: source, via: action, into: buffer.baseAddress!)
                return (holds, buffer.baseAddress!.move())
            }
        }
    }

    @Test("A rule applied in place changes nothing when its guard fails, and gives apply's successor when it holds; so does the model's successor written into a slot",
          arguments: [Scope.ci, .accounts, .sharing])
    func inPlaceMatchesApply(scope: Scope) {
        let rules = Rules(scope: scope)
        let model = MyTaxiModel(scope: scope)
        var random = SplitMix64(seed: 12)
        var refused = 0, applied = 0
        for _ in 0..<40 {
            var world = MyTaxiModel.initialWorld(scope)
            for _ in 0..<25 {
                var enabled: [TaxiAction] = []
                // The probes include actions whose guard fails, and values outside the windows.
                rules.candidates(in: world, probes: true) { action in
                    var inPlace = world
                    let holds = rules.apply(action, inPlace: &inPlace)
                    let written = Self.successor(model, of: world, via: action)
                    #expect(written.holds == holds && rawBytesEqual(written.slot, inPlace), "\(action): the slot and the rule in place disagree")
                    if let next = rules.apply(action, to: world) {
                        #expect(holds && rawBytesEqual(inPlace, next), "\(action): in place and apply disagree")
                        enabled.append(action)
                        applied += 1
                    } else {
                        #expect(!holds && rawBytesEqual(inPlace, world), "\(action) was refused but changed the world in place")
                        refused += 1
                    }
                }
                guard let next = enabled.randomElement(using: &random) else { break }
                world = rules.apply(next, to: world)!
            }
        }
        #expect(refused > 1000 && applied > 500)
    }
}
