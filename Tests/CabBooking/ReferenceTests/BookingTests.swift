@testable import CabBookingReference
import Testing

@Suite("Cab booking: booking now and later, ids, cancelling, tracking (seed 004 UC05-UC07, UC10-UC11, UC19)")
struct BookingTests {
    @Test("Booking now takes the free cab of the type that arrives soonest, and confirms by e-mail and SMS")
    func bookNow() throws {
        var (service, passenger) = Fixture.service()
        let id = try service.bookNow(passenger, pickup: Fixture.home, destination: Fixture.office)
        let booking = try #require(service.booking(id))
        #expect(booking.cab == CabID(1) && booking.cabDueAt == 10 && booking.status == .designated)
        #expect(service.outbox.filter { $0.booking == id }.map(\.channel) == [.email, .sms])
    }

    @Test("Booking now is refused outside the area and when no cab can come within 30 minutes")
    func bookNowRefusals() throws {
        var (service, passenger) = Fixture.service()
        #expect(Fixture.refused(service, .outsideServiceArea(Fixture.outside)) { s throws(CabServiceError) in try s.bookNow(passenger, pickup: Fixture.outside) })
        try service.chooseCabType(passenger, .sedan)
        // The only sedan is 25 minutes from the depot... and 20 from home: it can come.
        #expect(throws: Never.self) { _ = try service.bookNow(passenger, pickup: Fixture.home) }
        var slow = Fixture.service(policy: { var p = CabPolicy.standard; p.arrivalBoundMinutes = 19; return p }()).0
        try slow.chooseCabType(passenger, .sedan)
        #expect(Fixture.refused(slow, .noCabAvailable(.sedan)) { s throws(CabServiceError) in try s.bookNow(passenger, pickup: Fixture.home) })
    }

    @Test("A later booking is more than 30 minutes and at most three days ahead, at the minute", arguments: [
        (30, CabServiceError.tooSoon(minutesAhead: 30, minimum: 30)), (4_321, .tooFarAhead(minutesAhead: 4_321, maximum: 4_320)),
    ])
    func laterWindow(_ ahead: Int, _ error: CabServiceError) throws {
        let (service, passenger) = Fixture.service()
        #expect(Fixture.refused(service, error) { s throws(CabServiceError) in try s.bookLater(passenger, pickup: Fixture.home, at: ahead) })
        var accepted = service
        #expect(throws: Never.self) { _ = try accepted.bookLater(passenger, pickup: Fixture.home, at: ahead == 30 ? 31 : 4_320) }
    }

    @Test("Two live bookings of one passenger are more than 30 minutes apart, now or later")
    func clash() throws {
        var (service, passenger) = Fixture.service()
        let first = try service.bookLater(passenger, pickup: Fixture.home, at: 100)
        #expect(Fixture.refused(service, .bookingClash(with: first)) { s throws(CabServiceError) in try s.bookLater(passenger, pickup: Fixture.home, at: 130) })
        #expect(Fixture.refused(service, .bookingClash(with: first)) { s throws(CabServiceError) in try s.bookLater(passenger, pickup: Fixture.home, at: 70) })
        #expect(throws: Never.self) { _ = try service.bookLater(passenger, pickup: Fixture.home, at: 131) }
        // A booking made now counts too: 31 minutes apart is fine, 30 is a clash.
        var soon = Fixture.service().0
        let later = try soon.bookLater(passenger, pickup: Fixture.home, at: 31)
        var atOnce = soon
        #expect(throws: Never.self) { _ = try atOnce.bookNow(passenger, pickup: Fixture.home) }
        try soon.advanceClock(to: 1)
        #expect(Fixture.refused(soon, .bookingClash(with: later)) { s throws(CabServiceError) in try s.bookNow(passenger, pickup: Fixture.home) })
    }

    @Test("No more later bookings of a type around one time than cabs of the type")
    func capacity() throws {
        var (service, passenger) = Fixture.service()
        let other = try service.register(name: "Ravi", email: "ravi@example.com", mobile: "9123456780", password: "pass1234", confirmation: "pass1234")
        let third = try service.register(name: "Mei", email: "mei@example.com", mobile: "9123456781", password: "pass1234", confirmation: "pass1234")
        _ = try service.login(mobile: "9123456780", password: "pass1234")
        _ = try service.login(mobile: "9123456781", password: "pass1234")
        _ = try service.bookLater(passenger, pickup: Fixture.home, at: 200)
        _ = try service.bookLater(other, pickup: Fixture.home, at: 220)
        #expect(Fixture.refused(service, .cabUnavailableAtTime(.nano)) { s throws(CabServiceError) in try s.bookLater(third, pickup: Fixture.home, at: 230) })
    }

    @Test("A later booking gets its cab 20 minutes before pickup, even when the clock jumps past it")
    func designationOnAJump() throws {
        var (service, passenger) = Fixture.service()
        let id = try service.bookLater(passenger, pickup: Fixture.home, at: 60)
        try service.advanceClock(to: 39)
        #expect(service.booking(id)?.status == .scheduled)
        #expect(throws: CabServiceError.trackingNotOpen(id)) { _ = try service.track(passenger, id) }
        var jumped = service
        try jumped.advanceClock(to: 45)
        #expect(jumped.booking(id)?.cabDueAt == 50, "designated at minute 40, cab 1 ten minutes away")
        #expect(jumped.outbox.last?.kind == .cabDetails)
        try service.advanceClock(to: 40)
        #expect(try service.track(passenger, id).dueAt == 50)
        try service.advanceClock(to: 500)
        #expect(service.booking(id)?.status == .cabArrived && service.booking(id)?.arrivedAt == 50)
    }

    @Test("A later booking no cab of its type can serve at its notice is unserved, and the passenger told")
    func unserved() throws {
        var (service, passenger) = Fixture.service()
        try service.chooseCabType(passenger, .sedan)
        let later = try service.bookLater(passenger, pickup: Fixture.home, at: 100)
        var other = service
        let second = try other.register(name: "Ravi", email: "ravi@example.com", mobile: "9123456780", password: "pass1234", confirmation: "pass1234")
        _ = try other.login(mobile: "9123456780", password: "pass1234")
        try other.chooseCabType(second, .sedan)
        _ = try other.bookNow(second, pickup: Fixture.office)
        try other.advanceClock(to: 80)
        #expect(other.booking(later)?.status == .unserved && other.outbox.last?.kind == .bookingUnserved)
    }

    @Test("Booking ids have six digits, wrap from 999999 to 100000, and are never issued again after a cancellation")
    func ids() throws {
        var (service, passenger) = Fixture.service(firstBookingID: 999_999)
        let first = try service.bookLater(passenger, pickup: Fixture.home, at: 100)
        try service.cancel(passenger, first)
        let second = try service.bookLater(passenger, pickup: Fixture.home, at: 200)
        #expect(first == BookingID(999_999) && second == BookingID(100_000))
        var generator = BookingIdGenerator(first: 100_000)
        var seen = Set<BookingID>()
        for _ in 0..<1_000 { #expect(seen.insert(try generator.issue()).inserted) }
        #expect(service.bookingIDs.issued == [first, second])
    }

    @Test("Only the passenger's own booking, before he boards, can be cancelled; its cab is freed and a notice sent")
    func cancel() throws {
        var (service, passenger) = Fixture.service()
        let id = try service.bookNow(passenger, pickup: Fixture.home)
        let other = try service.register(name: "Ravi", email: "ravi@example.com", mobile: "9123456780", password: "pass1234", confirmation: "pass1234")
        _ = try service.login(mobile: "9123456780", password: "pass1234")
        #expect(Fixture.refused(service, .notYourBooking(id)) { s throws(CabServiceError) in try s.cancel(other, id) })
        var boarded = service
        try boarded.advanceClock(to: 10)
        try boarded.board(id)
        #expect(Fixture.refused(boarded, .notCancellable(id, .onTrip)) { s throws(CabServiceError) in try s.cancel(passenger, id) })
        try service.cancel(passenger, id)
        #expect(service.cab(CabID(1))?.booking == nil && service.booking(id)?.status == .cancelled)
        #expect(service.outbox.last?.kind == .cancelled && service.outbox.last?.recipient == "asha@example.com")
        #expect(service.pendingBookings(of: passenger).isEmpty)
    }

    @Test("The clock never goes back")
    func clock() throws {
        var (service, _) = Fixture.service()
        try service.advanceClock(to: 10)
        #expect(Fixture.refused(service, .clockWentBack(now: 10, asked: 9)) { s throws(CabServiceError) in try s.advanceClock(to: 9) })
    }
}
