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

    @Test("A lead of 30 minutes is too soon and one of 40 is taken; 3 days is taken and one tick more is too far", arguments: [
        (3, CabMessage.tooSoon), (4, .bookingConfirmed), (12, .bookingConfirmed), (13, .tooFarAhead),
    ])
    func leads(_ lead: Int, _ message: CabMessage) throws {
        let world = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: lead)]))
        #expect(world.lastMessage == message)
        #expect((world.bookings[0].status == .scheduled) == (message == .bookingConfirmed))
    }

    @Test("Two bookings 30 minutes apart clash; 40 minutes apart do not")
    func clash() throws {
        let first = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 4)]))
        #expect(after([.tick, .bookNow(passenger: 0, pickup: 0)], from: first)?.lastMessage == .clash)
        #expect(after([.bookNow(passenger: 0, pickup: 0)], from: first)?.lastMessage == .bookingConfirmed)
    }

    @Test("The third wrong password suspends for a day; the suspension lifts with the clock; the right password works again")
    func lockout() throws {
        let wrong = CabAction.login(passenger: 0, rightPassword: false)
        let suspended = try #require(after([.logout(passenger: 0), wrong, wrong, wrong]))
        #expect(suspended.passengers[0].suspendedUntil == 4 && suspended.passengers[0].failures == 0 && suspended.lastMessage == .suspended)
        #expect(after([.login(passenger: 0, rightPassword: true)], from: suspended)?.passengers[0].session == false)
        let lifted = try #require(after([.tick, .tick, .tick, .tick], from: suspended))
        #expect(!lifted.passengers[0].isSuspended)
        #expect(after([.login(passenger: 0, rightPassword: true)], from: lifted)?.passengers[0].session == true)
    }

    @Test("Waiting is free for ten minutes, then INR 50 for each started half hour", arguments: [(10, 0), (20, 5_000), (40, 5_000), (50, 10_000)])
    func waiting(_ minutes: Int, _ charge: Int) {
        #expect(rules.waitingCharge(minutes: minutes) == charge)
    }

    @Test("A later booking gets the nearest free cab of its type at pickup − 20 minutes, and the cab arrives on time")
    func designation() throws {
        let booked = try #require(after([.bookLater(passenger: 0, pickup: 0, lead: 4), .tick]))
        #expect(booked.bookings[0].status == .scheduled)
        let designated = try #require(after([.tick], from: booked))
        #expect(designated.bookings[0].status == .cabArrived && designated.bookings[0].cab == 0, "the Nano at L0 is already there")
    }

    @Test("The wallet pays only a whole fare; with less, the travel is paid in cash and the wallet is untouched")
    func payment() throws {
        // The Nano at L0 is there at once; it is marked arrived at the next tick.
        let arrived = try #require(after([.bookNow(passenger: 0, pickup: 0), .tick, .board(booking: 0)]))
        let ended = try #require(after([.endTravel(booking: 0, drop: 1, chargeWaiting: true)], from: arrived))
        #expect(ended.bookings[0].payment == .cash && ended.passengers[0].balance == 10_000 && ended.bookings[0].fare == 16_000)
        let refilled = try #require(after([.refill(passenger: 0, approved: true), .endTravel(booking: 0, drop: 1, chargeWaiting: true)], from: arrived))
        #expect(refilled.bookings[0].payment == .wallet && refilled.passengers[0].balance == 60_000 - 16_000)
        #expect(after([.repeatTravelEnd(booking: 0)], from: refilled) == refilled)
    }
}
