@testable import CabBookingSpec
import Testing

@Suite("Cab booking Spec: rules at their edges")
struct CabRuleTests {
    let rules = CabRules(scope: .ci)

    func after(_ actions: [CabAction], from start: CabWorld? = nil) -> CabWorld? {
        var world = start ?? rules.initialWorld
        for action in actions { guard rules.apply(action, to: &world) else { return nil } }
        return world
    }

    @Test("A lead of 30 minutes is too soon and one of 31 is taken; 3 days is taken and one minute more is too far", arguments: [
        (30, CabMessage.tooSoon), (31, .bookingConfirmed), (120, .bookingConfirmed), (121, .tooFarAhead),
    ])
    func leads(_ lead: Int, _ message: CabMessage) throws {
        let world = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: lead)]))
        #expect(world.lastMessage == message)
        #expect((world.bookings[0].status == .scheduled) == (message == .bookingConfirmed))
    }

    @Test("Two bookings 30 minutes apart clash; 31 minutes apart do not")
    func clash() throws {
        let first = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 31)]))
        #expect(after([.advance(minutes: 1), .bookNow(passenger: 0, pickup: 0)], from: first)?.lastMessage == .clash)
        #expect(after([.bookNow(passenger: 0, pickup: 0)], from: first)?.lastMessage == .bookingConfirmed)
    }

    @Test("The third wrong password suspends for a day; the suspension lifts with the clock; the right password works again")
    func lockout() throws {
        let wrong = CabAction.login(passenger: 0, rightPassword: false)
        let suspended = try #require(after([.logout(passenger: 0), wrong, wrong, wrong]))
        #expect(suspended.passengers[0].suspendedUntil == 40 && suspended.passengers[0].failures == 0 && suspended.lastMessage == .suspended)
        #expect(after([.advance(minutes: 39), .login(passenger: 0, rightPassword: true)], from: suspended)?.passengers[0].session == false)
        let lifted = try #require(after([.advance(minutes: 40)], from: suspended))
        #expect(!lifted.passengers[0].isSuspended)
        #expect(after([.login(passenger: 0, rightPassword: true)], from: lifted)?.passengers[0].session == true)
    }

    @Test("Waiting is free for ten minutes, then INR 50 for each started half hour", arguments: [(10, 0), (11, 5_000), (40, 5_000), (41, 10_000)])
    func waiting(_ minutes: Int, _ charge: Int) {
        #expect(rules.waitingCharge(minutes: minutes) == charge)
    }

    @Test("A later booking gets the nearest free cab of its type at pickup − 20 minutes, and the cab arrives on time")
    func designation() throws {
        let booked = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 31), .advance(minutes: 10)]))
        #expect(booked.bookings[0].status == .scheduled)
        let designated = try #require(after([.advance(minutes: 1)], from: booked))
        #expect(designated.bookings[0].status == .cabArrived && designated.bookings[0].cab == 0, "the Nano at L0 is already there")
    }

    @Test("The wallet pays only a whole fare; with less, the travel is paid in cash and the wallet is untouched")
    func payment() throws {
        // The Nano at L0 is there at once; it is marked arrived when the clock next moves.
        let arrived = try #require(after([.bookNow(passenger: 0, pickup: 0), .advance(minutes: 1), .board(booking: 0)]))
        let ended = try #require(after([.endTravel(booking: 0, drop: 1, chargeWaiting: true)], from: arrived))
        #expect(ended.bookings[0].payment == .cash && ended.passengers[0].balance == 10_000 && ended.bookings[0].fare == 16_000)
        let refilled = try #require(after([.refill(passenger: 0, approved: true), .endTravel(booking: 0, drop: 1, chargeWaiting: true)], from: arrived))
        #expect(refilled.bookings[0].payment == .wallet && refilled.passengers[0].balance == 60_000 - 16_000)
        #expect(after([.repeatTravelEnd(booking: 0)], from: refilled) == refilled)
    }

    @Test("The clock's moves land one minute before, at and after each moment that matters")
    func clockMoves() throws {
        var moves: [Int] = []
        rules.clockMoves(in: rules.initialWorld) { moves.append($0) }
        #expect(moves == [10], "nothing due: the idle step")
        let booked = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 31)]))
        moves = []
        rules.clockMoves(in: booked) { moves.append($0) }
        #expect(moves == [10, 11, 12], "the notice at minute 11")
    }

    @Test("A jump of several minutes runs each job at its own minute, not at the jump's end")
    func jump() throws {
        let jumped = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 31), .advance(minutes: 12)]))
        #expect(jumped.bookings[0].status == .cabArrived && jumped.bookings[0].arrivedAt == 11 && jumped.now == 12,
                "designated at the notice, minute 11, and the Nano at L0 there at once")
    }
}

@Suite("Cab booking Spec: accounts and favourites at their edges")
struct CabAccountRuleTests {
    let rules = CabRules(scope: .accounts)

    func after(_ actions: [CabAction], from start: CabWorld? = nil) -> CabWorld? {
        var world = start ?? rules.initialWorld
        for action in actions { guard rules.apply(action, to: &world) else { return nil } }
        return world
    }

    @Test("An e-mail or a mobile number taken by another passenger refuses the registration; an unconfirmed password too", arguments: [
        (CabAction.register(passenger: 1, email: 0, mobile: 1, confirmed: true), CabMessage.emailTaken),
        (.register(passenger: 1, email: 1, mobile: 0, confirmed: true), .mobileTaken),
        (.register(passenger: 1, email: 1, mobile: 1, confirmed: false), .passwordsDiffer),
        (.register(passenger: 1, email: 1, mobile: 1, confirmed: true), .registered),
    ])
    func registration(_ action: CabAction, _ message: CabMessage) throws {
        let world = try #require(after([.register(passenger: 0, email: 0, mobile: 0, confirmed: true), action]))
        #expect(world.lastMessage == message)
        #expect(world.passengers[1].registered == (message == .registered))
    }

    @Test("A wrong current password counts toward the lockout; the right one changes the password and ends the session")
    func changePassword() throws {
        let registered = try #require(after([.register(passenger: 0, email: 0, mobile: 0, confirmed: true), .login(passenger: 0, rightPassword: true)]))
        let wrong = CabAction.changePassword(passenger: 0, rightCurrent: false)
        #expect(after([wrong, wrong], from: registered)?.passengers[0].failures == 2)
        let suspended = try #require(after([wrong, wrong, wrong], from: registered))
        #expect(suspended.passengers[0].isSuspended && !suspended.passengers[0].session && suspended.lastMessage == .suspendedOnChange)
        let changed = try #require(after([.changePassword(passenger: 0, rightCurrent: true)], from: registered))
        #expect(changed.passengers[0].passwordVersion == 1 && !changed.passengers[0].session && changed.lastMessage == .passwordChanged)
    }

    @Test("A place 149 or 150 m from a favourite is the same place, one 151 m away another; the limit refuses one more",
          arguments: [
              ([0, 1], CabMessage.favouriteTooClose), ([1, 2], .favouriteTooClose), ([2, 3], .favouriteSaved),
              ([0, 2], .favouriteSaved), ([0, 2, 3], .favouriteLimit), ([0, 0], .favouriteNameTaken),
          ])
    func favourites(_ places: [Int], _ message: CabMessage) throws {
        let start = try #require(after([.register(passenger: 0, email: 0, mobile: 0, confirmed: true), .login(passenger: 0, rightPassword: true)]))
        let world = try #require(after(places.map { .addFavourite(passenger: 0, place: $0) }, from: start))
        #expect(world.lastMessage == message)
        #expect(world.passengers[0].favourites.nonzeroBitCount == min(places.count, 2) - (message == .favouriteSaved || message == .favouriteLimit ? 0 : 1))
    }
}

@Suite("Cab booking Spec: witnesses name only what exists")
struct CabWitnessTests {
    /// A booking now that took a cab while none of its type was free names the cab it took and
    /// says none was free, not a cab "c0" the scope does not have.
    @Test("bookNowPicksFastestCab with no cab of the type free")
    func noFreeCab() throws {
        let model = CabBookingModel(scope: .ci)
        let property = try #require(model.properties.first { $0.id == "bookNowPicksFastestCab" })
        var before = model.rules.initialWorld
        for c in 0..<model.scope.cabs where before.cabs[c].type == .nano { before.cabs[c].booking = 2 }
        var after = before
        after.bookings[0].status = .designated
        after.bookings[0].cab = 0
        after.lastMessage = .bookingConfirmed
        let verdict = property.evaluate(before: before, action: .bookNow(passenger: 0, pickup: 0), after: after)
        #expect(verdict == .violated(witness: "b1 got c1 though no Nano cab was free"))
    }
}
