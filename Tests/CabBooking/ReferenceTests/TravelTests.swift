@testable import CabBookingReference
import Testing

@Suite("Cab booking: travel, fares, wallet, feedback, favourites (seed 004 UC12-UC15, UC20, UC23-UC24)")
struct TravelTests {
    /// Passenger 1 booked now from home, the cab arrived at minute 10 and he boarded at `boardAt`.
    static func onTrip(boardAt: Minute = 10, promo: Bool = false, wallet: Paise? = nil) throws -> (CabBookingService, PassengerID, BookingID) {
        var (service, passenger) = Fixture.service()
        if let wallet {
            try service.enrollWallet(passenger)
            if wallet > 0 { _ = try service.refill(passenger, amount: wallet, request: "r0", gateway: .approved) }
        }
        let id = try service.bookNow(passenger, pickup: Fixture.home, destination: Fixture.office, promo: promo)
        try service.advanceClock(to: boardAt)
        try service.board(id)
        return (service, passenger, id)
    }

    @Test("Waiting is free for ten minutes, then INR 50 for each started 30 minutes", arguments: [
        (10, 0), (11, 5_000), (40, 5_000), (41, 10_000), (70, 10_000), (71, 15_000),
    ])
    func waiting(_ minutes: Int, _ charge: Paise) {
        #expect(Fixture.service().0.waitingCharge(minutes: minutes) == charge)
    }

    @Test("The fare is the city's chart for the type: base, distance rounded to the paisa, waiting and toll when chosen")
    func fare() throws {
        var (service, _, id) = try Self.onTrip(boardAt: 21)
        let receipt = try service.endTravel(id, drop: Fixture.office, chargeWaiting: true, toll: 2_500)
        // 40.00 + 5.25 km × 10.00 + one waiting block (11 minutes) + 25.00 toll.
        #expect(receipt.fare == 4_000 + 5_250 + 5_000 + 2_500 && receipt.waitingCharge == 5_000 && receipt.payment == .cash)
        var unchosen = try Self.onTrip(boardAt: 21).0
        #expect(try unchosen.endTravel(id, drop: Fixture.office, chargeWaiting: false).fare == 9_250)
    }

    @Test("The promo takes 10% off the first completed travel booked with it, once")
    func promo() throws {
        var (service, passenger, id) = try Self.onTrip(promo: true)
        #expect(try service.endTravel(id, drop: Fixture.office).discount == 925)
        #expect(service.account(passenger)?.promoAvailable == false)
        let second = try service.bookNow(passenger, pickup: Fixture.office, promo: true)
        try service.advanceClock(to: service.booking(second)!.cabDueAt!)
        try service.board(second)
        #expect(try service.endTravel(second, drop: Fixture.home).discount == 0)
    }

    @Test("The wallet pays the whole fare when it holds it; otherwise cash, and the wallet is untouched")
    func payment() throws {
        var (rich, richPassenger, richTrip) = try Self.onTrip(wallet: 20_000)
        #expect(try rich.endTravel(richTrip, drop: Fixture.office).payment == .wallet)
        #expect(rich.balance(of: richPassenger) == 20_000 - 9_250)
        #expect(rich.outbox.suffix(3).map(\.channel) == [.sms, .email, .driverTab])
        var (poor, poorPassenger, poorTrip) = try Self.onTrip(wallet: 9_249)
        #expect(try poor.endTravel(poorTrip, drop: Fixture.office).payment == .cash)
        #expect(poor.balance(of: poorPassenger) == 9_249)
    }

    @Test("A travel-end message that comes twice charges once and answers the same receipt")
    func travelEndTwice() throws {
        var (service, passenger, id) = try Self.onTrip(wallet: 20_000)
        let first = try service.endTravel(id, drop: Fixture.office)
        let after = service
        let second = try service.endTravel(id, drop: Fixture.home, toll: 9_999)
        #expect(first == second && service == after && service.balance(of: passenger) == 10_750)
    }

    @Test("A refill is credited once per request, within the limit; a failed one changes nothing")
    func refill() throws {
        var (service, passenger) = Fixture.service()
        #expect(Fixture.refused(service, .walletNotEnrolled(passenger)) { s throws(CabServiceError) in
            _ = try s.refill(passenger, amount: 100, request: "a", gateway: .approved)
        })
        try service.enrollWallet(passenger)
        #expect(try service.refill(passenger, amount: 50_000, request: "a", gateway: .approved) == 50_000)
        #expect(try service.refill(passenger, amount: 50_000, request: "a", gateway: .approved) == 50_000, "a retry credits nothing")
        for (answer, error) in [(CabBookingService.GatewayAnswer.wrongPIN, CabServiceError.transactionError), (.cardBalanceTooLow, .insufficientFunds),
                                (.bankLoginFailed, .bankLoginFailed), (.bankBalanceTooLow, .insufficientFunds)] {
            #expect(Fixture.refused(service, error) { s throws(CabServiceError) in _ = try s.refill(passenger, amount: 100, request: "b", gateway: answer) })
        }
        #expect(throws: Never.self) { _ = try service.refill(passenger, amount: 950_000, request: "c", gateway: .approved) }
        #expect(Fixture.refused(service, .walletLimitExceeded(limit: 1_000_000)) { s throws(CabServiceError) in
            _ = try s.refill(passenger, amount: 1, request: "d", gateway: .approved)
        })
    }

    @Test("Feedback only on one's own completed travel, once")
    func feedback() throws {
        var (service, passenger, id) = try Self.onTrip()
        #expect(Fixture.refused(service, .feedbackNotAllowed(id)) { s throws(CabServiceError) in try s.sendFeedback(passenger, id, rating: 5) })
        try service.endTravel(id, drop: Fixture.office)
        try service.sendFeedback(passenger, id, rating: 4, comment: "on time")
        #expect(Fixture.refused(service, .feedbackAlreadyGiven(id)) { s throws(CabServiceError) in try s.sendFeedback(passenger, id, rating: 5) })
        #expect(service.previousBookings(of: passenger).map(\.id) == [id] && service.pendingBookings(of: passenger).isEmpty)
    }

    @Test("Pending bookings: the live ones, latest pickup first, whatever their ids; a cancelled one is not listed")
    func pendingLatestFirst() throws {
        var (service, passenger) = Fixture.service(firstBookingID: 999_999)
        let early = try service.bookLater(passenger, pickup: Fixture.home, at: 200)
        let late = try service.bookLater(passenger, pickup: Fixture.home, at: 400)
        let cancelled = try service.bookLater(passenger, pickup: Fixture.office, at: 600)
        try service.cancel(passenger, cancelled)
        // The second id wrapped to 100000: by id it would come first.
        #expect(late.value == 100_000)
        #expect(service.pendingBookings(of: passenger).map(\.id) == [late, early])
        #expect(service.previousBookings(of: passenger).isEmpty)
    }

    @Test("Favourites: names unique, none within 150 m of another (150 m itself counts, in whole metres), at most 20")
    func favourites() throws {
        var (service, passenger) = Fixture.service()
        let first = try service.addFavourite(passenger, name: "home", at: Fixture.home)
        #expect(Fixture.refused(service, .favouriteNameTaken("home")) { s throws(CabServiceError) in try s.addFavourite(passenger, name: "home", at: Fixture.office) })
        // The farthest point north of home that the map puts at 150 m or less (up to 150.5 m,
        // rounded to the metre), and the first it puts at 151 m.
        let steps = (1_000...2_000).map { Fixture.point(Fixture.home.latitude + $0, Fixture.home.longitude) }
        let within = try #require(steps.last { Geo.metres(Fixture.home, $0) < 150.5 })
        let beyond = try #require(steps.first { Geo.metres(Fixture.home, $0) >= 150.5 })
        #expect(Geo.metres(Fixture.home, within) > 150, "a little past 150 m is still the same place at the metre")
        #expect(Fixture.refused(service, .favouriteTooClose(to: first.name)) { s throws(CabServiceError) in try s.addFavourite(passenger, name: "gate", at: within) })
        #expect(throws: Never.self) { _ = try service.addFavourite(passenger, name: "gate", at: beyond) }
        for index in 2..<20 { _ = try service.addFavourite(passenger, name: "place \(index)", at: Fixture.point(12_900_000 + index * 10_000, 77_500_000)) }
        #expect(service.favourites(of: passenger).count == 20)
        #expect(Fixture.refused(service, .favouriteLimit(20)) { s throws(CabServiceError) in
            try s.addFavourite(passenger, name: "one more", at: Fixture.point(13_150_000, 77_700_000))
        })
    }

    @Test("The fare chart is the city's, by type; outside every area it is an error")
    func fareChart() throws {
        let (service, _) = Fixture.service()
        #expect(try service.fareChart(at: Fixture.home).map(\.0) == [.nano, .sedan])
        #expect(throws: CabServiceError.outsideServiceArea(Fixture.outside)) { _ = try service.fareChart(at: Fixture.outside) }
    }

    @Test("Acting without a session is refused and changes nothing")
    func session() throws {
        var (service, passenger) = Fixture.service()
        try service.logout(passenger)
        #expect(Fixture.refused(service, .notLoggedIn(passenger)) { s throws(CabServiceError) in try s.bookNow(passenger, pickup: Fixture.home) })
        #expect(Fixture.refused(service, .notLoggedIn(passenger)) { s throws(CabServiceError) in try s.addFavourite(passenger, name: "x", at: Fixture.home) })
    }
}
