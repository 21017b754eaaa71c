// Times the Travlendar+ Reference scheduler on a real day: 8 appointments over 4 places (two
// fixed, six free to go anywhere from 07:10 to 19:00), 4 travel means, rain from 10:00. Prints each run and the median, so that a
// claim about its speed is a measurement, not a timed test.
//   swift run -c release scheduler-bench [RUNS]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TravlendarReference

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 9
guard runs >= 1 else {
    print("scheduler-bench: RUNS must be a whole number of at least 1")
    exit(2)
}

let places = (0..<4).map(PlaceID.init)
var quotes: [TravelTable.Key: TravelQuote] = [:]
for from in places {
    for to in places {
        let metres = from == to ? 0 : 400 * (abs(from.value - to.value) + 1)
        quotes[.init(from, to, .walking)] = TravelQuote(minutes: metres / 75, price: 0, metres: metres)
        quotes[.init(from, to, .ownBike)] = TravelQuote(minutes: metres / 250, price: 0, metres: metres)
        quotes[.init(from, to, .sharedBike)] = TravelQuote(minutes: metres / 250, price: 1, metres: metres)
        quotes[.init(from, to, .bus)] = TravelQuote(minutes: 3 + metres / 500, price: 2, metres: metres + 300)
    }
}
var service = CalendarService(home: places[0], region: Set(places), options: TravelTable(quotes: quotes), wakeUp: 420, now: 420, rainStartsAt: 600,
                              conditions: Conditions(rainFrom: 600, sharedBikes: Set(places)))
var ids: [AppointmentID] = []
do {
    for k in 0..<8 {
        // Two fixed, six that may go anywhere in the day: the order is the planner's to find.
        let timing: AppointmentTiming = k % 4 == 0 ? .fixed(start: 480 + 75 * k) : .flexible(earliest: 430, latestEnd: 1_140)
        ids.append(try service.createAppointment(AppointmentDraft(title: "appointment \(k + 1)", place: places[(k * 3 + 1) % 4], timing: timing, minutes: 30)))
    }
} catch {
    print("scheduler-bench: setting up the day failed: \(error)")
    exit(1)
}
let preferences = TravelPreferences(maxWalkMetres: 1_200, maxBikeMetres: 3_000, bikeInRain: false, busFrom: 420, busUntil: 1_200)
var times: [Duration] = []
var planned = 0
for run in 1...runs {
    var copy = service
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        let id = try? copy.requestSchedule(ids, preferences: preferences, ranking: [.travelTime, .price, .emissions])
        planned = id.flatMap { copy.schedules[$0]?.itinerary.count } ?? 0
    }
    times.append(elapsed)
    print("run \(run): \(elapsed), \(planned) appointments planned")
}
let median = times.sorted()[times.count / 2]
print("median of \(runs): \(median) for 8 appointments, 4 means")
