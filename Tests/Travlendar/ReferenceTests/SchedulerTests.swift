import TravlendarReference
import Testing

/// A small city: home, an office 600 m away, a gym; walking, bike, bus and shared bike.
struct City {
    static let home = PlaceID(0), office = PlaceID(1), gym = PlaceID(2), faraway = PlaceID(9)

    static let table: TravelTable = {
        var quotes: [TravelTable.Key: TravelQuote] = [:]
        func leg(_ a: PlaceID, _ b: PlaceID, walk: (Int, Int), bike: (Int, Int), bus: (Int, Int)) {
            for (from, to) in [(a, b), (b, a)] {
                quotes[.init(from, to, .walking)] = TravelQuote(minutes: walk.0, price: 0, metres: walk.1)
                quotes[.init(from, to, .ownBike)] = TravelQuote(minutes: bike.0, price: 0, metres: bike.1)
                quotes[.init(from, to, .sharedBike)] = TravelQuote(minutes: bike.0, price: 1, metres: bike.1)
                quotes[.init(from, to, .bus)] = TravelQuote(minutes: bus.0, price: 2, metres: bus.1)
            }
        }
        leg(home, office, walk: (8, 600), bike: (3, 600), bus: (5, 1_200))
        leg(home, gym, walk: (20, 1_500), bike: (6, 1_500), bus: (7, 2_000))
        leg(office, gym, walk: (9, 700), bike: (3, 700), bus: (4, 900))
        for place in [home, office, gym] { leg(place, place, walk: (0, 0), bike: (0, 0), bus: (0, 0)) }
        return TravelTable(quotes: quotes)
    }()

    static let preferences = TravelPreferences(maxWalkMetres: 600, maxBikeMetres: 2_000, bikeInRain: false, busFrom: 450, busUntil: 510)

    static func service(_ conditions: Conditions = Conditions(), fault: CalendarFault? = nil) -> CalendarService {
        CalendarService(home: home, region: [home, office, gym], options: table, wakeUp: 450, now: 450, rainStartsAt: 490, conditions: conditions, fault: fault)
    }

    static let meeting = AppointmentDraft(title: "meeting", place: office, timing: .fixed(start: 480), minutes: 15)
    static let gymSession = AppointmentDraft(title: "gym", place: gym, timing: .flexible(earliest: 490, latestEnd: 540), minutes: 20, repeatsDaily: true)
}

@Suite("Travlendar+ Reference: the scheduler")
struct SchedulerTests {
    @Test("The meeting by bike, then the gym by bus in the rain; the same request gets the same plan every time")
    func plan() throws {
        var service = City.service(Conditions(rainFrom: 490))
        let meeting = try service.createAppointment(City.meeting), gym = try service.createAppointment(City.gymSession)
        let id = try service.requestSchedule([gym, meeting], preferences: City.preferences, ranking: [.travelTime, .price, .emissions])
        let schedule = try #require(service.schedules[id])
        #expect(schedule.state == .saved)
        #expect(schedule.itinerary.map(\.mode) == [.ownBike, .bus])
        #expect(schedule.itinerary.map(\.start) == [480, 499], "the bus leaves at the meeting's end, 495, and arrives at 499")
        let again = try service.requestSchedule([meeting, gym], preferences: City.preferences, ranking: [.travelTime, .price, .emissions])
        #expect(service.schedules[again]?.itinerary == schedule.itinerary)
    }

    @Test("The plan's page: a leg into each appointment from the place before; totals of time, price and bus metres")
    func itineraryPage() throws {
        for fault in [nil, CalendarFault.walkingCountedAsPolluting] {
            var service = City.service(Conditions(rainFrom: 490), fault: fault)
            let meeting = try service.createAppointment(City.meeting)
            let gym = try service.createAppointment(City.gymSession)
            let id = try service.requestSchedule([gym, meeting], preferences: City.preferences,
                                                 ranking: [.travelTime, .price, .emissions])
            let page = try #require(service.itinerary(of: id))
            #expect(page.legs.map(\.from) == [City.home, City.office] && page.legs.map(\.to) == [City.office, City.gym])
            #expect(page.legs.map(\.departure) == [450, 495] && page.legs.map(\.arrival) == [453, 499])
            #expect(page.totalMinutes == 7 && page.totalPrice == 2 && page.pollutingMetres == 900,
                    "no walk in it: the fault changes nothing")
        }
        // Without a bike of his own, the cheapest way to the meeting is on foot.
        var walked = City.service(Conditions(ownsBike: false))
        let meeting = try walked.createAppointment(City.meeting)
        let id = try walked.requestSchedule([meeting], preferences: City.preferences,
                                            ranking: [.price, .emissions, .travelTime])
        #expect(walked.itinerary(of: id)?.pollutingMetres == 0)
        var faulty = City.service(Conditions(ownsBike: false), fault: .walkingCountedAsPolluting)
        let again = try faulty.createAppointment(City.meeting)
        let wrong = try faulty.requestSchedule([again], preferences: City.preferences,
                                               ranking: [.price, .emissions, .travelTime])
        let page = faulty.itinerary(of: wrong)
        #expect(page?.legs.map(\.mode) == [.walking] && page?.pollutingMetres == 600)
        #expect(walked.itinerary(of: ScheduleID(9)) == nil)
    }

    @Test("No valid plan: the request is kept as discarded, with a warning, and the appointments stay unscheduled")
    func discarded() throws {
        var service = City.service()
        let meeting = try service.createAppointment(City.meeting)
        let dentist = try service.createAppointment(AppointmentDraft(title: "dentist", place: City.gym, timing: .fixed(start: 490), minutes: 15))
        let id = try service.requestSchedule([meeting, dentist], preferences: City.preferences, ranking: [.price, .travelTime, .emissions])
        #expect(service.schedules[id]?.state == .discarded(.noValidPlan))
        #expect(service.outbox.last?.kind == .noValidSchedule)
        #expect(service.appointments[meeting]?.state == .unscheduled)
    }

    @Test("A day of 8 appointments with 4 means is planned (the benchmark times it: scripts/bench-scheduler)")
    func day() throws {
        var service = City.service(Conditions(sharedBikes: [City.home, City.office, City.gym]))
        var ids: [AppointmentID] = []
        for k in 0..<8 {
            let place = [City.office, City.gym, City.home][k % 3]
            ids.append(try service.createAppointment(AppointmentDraft(title: "a\(k)", place: place, timing: .flexible(earliest: 460 + 30 * k, latestEnd: 480 + 30 * k + 10), minutes: 15)))
        }
        let id = try service.requestSchedule(ids, preferences: City.preferences, ranking: [.travelTime, .price, .emissions])
        #expect(service.schedules[id]?.state == .saved)
        #expect(service.schedules[id]?.itinerary.count == 8)
    }
}

@Suite("Travlendar+ Reference: the service's rules")
struct CalendarServiceTests {
    @Test("A refused operation throws a typed error and changes nothing", arguments: [
        "outside", "closed", "nothing", "notSaved", "notRunning", "strikeTwice",
    ])
    func refusals(_ what: String) throws {
        var service = City.service(Conditions(strike: true))
        let meeting = try service.createAppointment(City.meeting)
        try service.cancelAppointment(meeting)
        let before = service
        do {
            switch what {
            case "outside": try service.createAppointment(AppointmentDraft(title: "x", place: City.faraway, timing: .fixed(start: 500), minutes: 10))
            case "closed": try service.editAppointment(meeting, City.meeting)
            case "nothing": try service.requestSchedule([], preferences: City.preferences, ranking: [.price])
            case "notSaved": try service.runSchedule(ScheduleID(7))
            case "notRunning": try service.bookTickets(ScheduleID(7), seatsAvailable: true)
            default: try service.announceStrike()
            }
            Issue.record("\(what) was accepted")
        } catch {
            #expect(!error.description.isEmpty)
        }
        #expect(service == before)
    }

    @Test("Editing an appointment discards every live schedule holding it, saved or running")
    func editDiscards() throws {
        var service = City.service()
        let meeting = try service.createAppointment(City.meeting)
        let first = try service.requestSchedule([meeting], preferences: City.preferences, ranking: [.travelTime])
        let second = try service.requestSchedule([meeting], preferences: City.preferences, ranking: [.price])
        try service.runSchedule(first)
        try service.editAppointment(meeting, City.meeting)
        #expect(service.schedules[first]?.state == .discarded(.appointmentChanged))
        #expect(service.schedules[second]?.state == .discarded(.appointmentChanged))
        #expect(service.appointments[meeting]?.state == .unscheduled)
    }

    @Test("A clock jump fulfils each appointment at its own minute; a daily one comes back for tomorrow; the schedule is archived")
    func fulfilment() throws {
        var service = City.service()
        let meeting = try service.createAppointment(City.meeting), gym = try service.createAppointment(City.gymSession)
        let id = try service.requestSchedule([meeting, gym], preferences: City.preferences, ranking: [.travelTime])
        try service.runSchedule(id)
        try service.advanceClock(to: 494)
        #expect(service.appointments[meeting]?.state == .scheduled, "the meeting ends at 495")
        try service.advanceClock(to: 600)
        #expect(service.appointments[meeting]?.state == .archived)
        #expect(service.appointments[gym].map { ($0.state, $0.day) } ?? (.cancelled, 0) == (.unscheduled, 1))
        #expect(service.schedules[id]?.state == .archived)
    }

    @Test("Tickets are charged once: a confirmation that comes again charges nothing; no seats charge nothing")
    func booking() throws {
        var service = City.service(Conditions(ownsBike: false))
        let meeting = try service.createAppointment(City.meeting)
        let id = try service.requestSchedule([meeting], preferences: City.preferences, ranking: [.travelTime])
        try service.runSchedule(id)
        try service.bookTickets(id, seatsAvailable: false)
        #expect(service.schedules[id]?.payments == 0 && service.schedules[id]?.tickets == .failed)
        try service.bookTickets(id, seatsAvailable: true)
        try service.confirmPurchase(id)
        #expect(service.schedules[id]?.payments == 1)
    }
}
