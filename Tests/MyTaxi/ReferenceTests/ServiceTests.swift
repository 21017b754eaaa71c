import MyTaxiReference
import Testing

/// The Reference as its users see it: typed errors a person understands, refusals that
/// change nothing, and the notifications it sends.
@Suite("The dispatch service")
struct ServiceTests {
    static let d1 = DriverID(1), d2 = DriverID(2), c1 = ClientID(1), c2 = ClientID(2)
    static let t1 = TaxiCode(1), t2 = TaxiCode(2), z1 = ZoneID(1), z2 = ZoneID(2), z3 = ZoneID(3)

    /// Two drivers with their taxis, two clients with a card each, three zones in a row.
    static func service(fault: Fault? = nil) throws -> DispatchService {
        var service = DispatchService(zones: ZoneMap(zonesInARow: 3), fault: fault)
        for (driver, taxi) in [(d1, t1), (d2, t2)] {
            try service.registerDriver(driver)
            try service.confirmEmail(of: driver)
            try service.activate(driver)
            try service.addTaxi(taxi, for: driver)
        }
        for client in [c1, c2] {
            try service.registerClient(client)
            try service.confirmEmail(of: client)
            try service.addCard(to: client)
        }
        return service
    }

    /// Runs `operation`, requires it to be refused with `reason` and a message containing
    /// `words`, and the service to be exactly as before.
    func expectRefused(_ service: DispatchService, _ reason: ServiceError.Reason, _ words: String,
                       _ operation: (inout DispatchService) throws(ServiceError) -> Void) {
        var attempt = service
        do {
            try operation(&attempt)
            Issue.record("expected a refusal containing '\(words)'")
        } catch {
            #expect(error.reason == reason)
            #expect(error.description.contains(words), "message was: \(error.description)")
        }
        #expect(attempt == service, "a refused operation changed the service")
    }

    @Test("A reservation handed to the dispatcher (10 minutes before pickup) can no longer be changed or cancelled, and nothing changes")
    func lateChange() throws {
        var service = try Self.service()
        let route = try service.reserveRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 1, shared: false, pickupAt: 130)
        // The clock stops at the dispatch time (minute 120), the reservation goes to the dispatcher, then 4 minutes more.
        try service.advanceClock(byMinutes: 120)
        try service.allocateReservation(route)
        try service.advanceClock(byMinutes: 4)
        expectRefused(service, .notAllowedNow, "reservation \(route.number) is already being dispatched") { service throws(ServiceError) in
            try service.cancelRoute(route)
        }
        expectRefused(service, .notAllowedNow, "is already being dispatched") { service throws(ServiceError) in try service.modifyReservation(route, pickupAt: 300) }
    }

    @Test("The clock may stop at a reservation's dispatch time but not pass it: a move past it is refused, however long, and changes nothing")
    func clockStopsAtDispatchTime() throws {
        var service = try Self.service()
        let route = try service.reserveRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 1, shared: false, pickupAt: 130)
        expectRefused(service, .timersDue, "\(route) falls due for dispatch at minute 120, before this move of 121 minutes ends") { service throws(ServiceError) in
            try service.advanceClock(byMinutes: 121)
        }
        try service.advanceClock(byMinutes: 116)
        expectRefused(service, .timersDue, "before this move of 5 minutes ends") { service throws(ServiceError) in try service.advanceClock(byMinutes: 5) }
        try service.advanceClock(byMinutes: 4)
        expectRefused(service, .timersDue, "is due for dispatch first") { service throws(ServiceError) in try service.advanceClock(byMinutes: 1) }
    }

    @Test("Bad calls name the problem", arguments: [
        ("unknown driver", ServiceError.Reason.unknownEntity, "there is no driver 9"),
        ("unknown zone", .unknownEntity, "there is no zone 7; zones are 1 to 3"),
        ("too many passengers", .capacity, "5 more passengers do not fit: 0 of 4 seats are taken"),
        ("no passengers", .capacity, "a ride needs at least 1 passenger, not 0"),
        ("reservation too soon", .outsideWindow, "a pickup 60 minutes ahead is outside the reservation window of 120 to 2880 minutes"),
        ("accept without offer", .nothingToDo, "driver 1 has no call to accept"),
        ("taxi of another", .notAllowedNow, "taxi 2 is not registered to driver 1"),
    ])
    func badCalls(name: String, reason: ServiceError.Reason, words: String) throws {
        let service = try Self.service()
        expectRefused(service, reason, words) { service throws(ServiceError) in
            switch name {
            case "unknown driver": try service.stopWorking(DriverID(9))
            case "unknown zone": try service.startWorking(Self.d1, taxi: Self.t1, in: ZoneID(7))
            case "too many passengers": try service.requestRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 5, shared: false)
            case "no passengers": try service.requestRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 0, shared: false)
            case "reservation too soon": try service.reserveRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 1, shared: false, pickupAt: 60)
            case "accept without offer": try service.accept(Self.d1)
            default: try service.startWorking(Self.d1, taxi: Self.t2, in: Self.z1)
            }
        }
    }

    @Test("The offer tells the driver pickup, destination and passengers; acceptance tells the client taxi, wait and fare")
    func notifications() throws {
        var service = try Self.service()
        try service.startWorking(Self.d1, taxi: Self.t1, in: Self.z3)
        let route = try service.requestRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 2, shared: false)
        let offer = try service.dispatchNext()
        #expect(offer == .init(route: route, driver: Self.d1), "the only driver, two zones away, is the nearest")
        #expect(service.notifications.last == .offer(driver: Self.d1, route: route, pickup: Self.z1, destination: Self.z2, passengers: 2))
        try service.accept(Self.d1)
        // base 350 + 1 zone × 180 + 1 extra passenger × 50; the taxi is 2 zones away, 4 minutes each
        #expect(service.notifications.last == .confirmation(client: Self.c1, route: route, taxi: Self.t1, waitingMinutes: 8, fareCents: 580))
        #expect(service.queue(in: Self.z3).isEmpty)
    }

    @Test("A refused request with a stray route is what the planted fault does, and the service alone would not")
    func halfAppliedFault() throws {
        let faulty = try Self.service(fault: .refusedRequestLeavesRoute)
        var attempt = faulty
        #expect(throws: ServiceError.self) { try attempt.requestRide(for: Self.c1, from: Self.z1, to: Self.z1, passengers: 0, shared: false) }
        #expect(attempt != faulty, "the fault leaves a route behind")
        expectRefused(try Self.service(), .capacity, "at least 1 passenger") { service throws(ServiceError) in
            try service.requestRide(for: Self.c1, from: Self.z1, to: Self.z1, passengers: 0, shared: false)
        }
    }

    @Test("A refusal's words, put together only when read, are the words interpolated")
    func refusalWords() {
        let driver = DriverID(3), minutes = 6, status = "offline"
        let error = ServiceError(.notAllowedNow, "\(driver) is \(status)\(minutes) minutes; \(minutes)")
        #expect(error.description == "driver 3 is offline6 minutes; 6")
        #expect(ServiceError(.nothingToDo, "no request is waiting").description == "no request is waiting")
        #expect(ServiceError(.nothingToDo, "\(driver)").description == "driver 3")
        #expect(error == ServiceError(.notAllowedNow, "driver 3 is offline6 minutes; 6"))
        #expect(error != ServiceError(.capacity, "driver 3 is offline6 minutes; 6"))
        #expect(error != ServiceError(.notAllowedNow, "\(driver) is \(status)"))
    }

    // The words are put together when read, from what the refusal captured: the state of
    // the service when it refused, whatever became of the service after.
    @Test("A refusal read later says what was so when it was made")
    func refusalWordsKeepTheirMoment() throws {
        var service = try Self.service()
        try service.startWorking(Self.d1, taxi: Self.t1, in: Self.z1)
        var refusal: ServiceError?
        do { try service.startWorking(Self.d1, taxi: Self.t1, in: Self.z2) } catch { refusal = error }
        try service.stopWorking(Self.d1)
        #expect(refusal?.description == "driver 1 is already working (AVAILABLE)")
        var early: ServiceError?
        do { _ = try service.reserveRide(for: Self.c1, from: Self.z1, to: Self.z1, passengers: 1, shared: false, pickupAt: service.now + 1) } catch { early = error }
        for _ in 0..<3 { try service.advanceClock(byMinutes: 5) }
        #expect(early?.description.hasPrefix("a pickup 1 minutes ahead is outside the reservation window of ") == true,
                "message was: \(early?.description ?? "none")")
    }

    // Decision (`bySeniority`): a group's members stand in for each other by client number,
    // whatever order they joined in.
    @Test("Joiners are listed by seniority, not in the order they joined")
    func joinersBySeniority() throws {
        var service = try Self.service()
        let c3 = ClientID(3), c4 = ClientID(4)
        for client in [c3, c4] {
            try service.registerClient(client)
            try service.confirmEmail(of: client)
        }
        let lead = try service.requestRide(for: Self.c1, from: Self.z1, to: Self.z2, passengers: 1, shared: true)
        let fourth = try service.joinSharedRide(lead, for: c4, to: Self.z2, passengers: 1)
        let second = try service.joinSharedRide(lead, for: Self.c2, to: Self.z2, passengers: 1)
        let third = try service.joinSharedRide(lead, for: c3, to: Self.z2, passengers: 1)
        #expect(service.joiners(of: lead) == [second, third, fourth])
        #expect(service.joiners(of: second).isEmpty)
    }

    @Test("The queue is a ring: FIFO at both ends, removal from the middle, equality by content")
    func ringBuffer() {
        var ring = RingBuffer<Int>()
        for value in 1...6 { ring.append(value) }
        ring.prepend(0)
        #expect(Array(ring) == [0, 1, 2, 3, 4, 5, 6])
        #expect(ring.remove(at: 3) == 3)
        ring.replace(at: 0, with: 9)
        #expect(Array(ring) == [9, 1, 2, 4, 5, 6])
        var other = RingBuffer<Int>()
        for value in [9, 1, 2, 4, 5, 6] { other.append(value) }
        #expect(ring == other)
        other.replace(at: 5, with: 7)
        #expect(ring != other)
        other.remove(at: 5)
        #expect(ring != other && other != ring)
        #expect(RingBuffer<Int>() == RingBuffer<Int>())
    }
}
