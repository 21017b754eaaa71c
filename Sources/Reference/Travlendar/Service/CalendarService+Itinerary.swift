/// A plan as the user is shown it (003 §2.1.3, Fig 3.5): one row per leg, in the order they
/// are travelled, and the totals of the three criteria the user ranks.
public struct ItineraryView: Sendable, Equatable {
    public struct Leg: Sendable, Equatable {
        public let appointment: AppointmentID
        public let from: PlaceID
        public let to: PlaceID
        public let mode: TravelMode
        public let departure: MinuteOfDay
        public let arrival: MinuteOfDay
        public let minutes: Int
        public let price: Int
        public let metres: Int
    }

    public let legs: [Leg]
    public let totalMinutes: Int
    public let totalPrice: Int
    /// Metres on polluting modes (the bus): what the emissions criterion counts.
    public let pollutingMetres: Int
}

extension CalendarService {
    /// The plan of schedule `id` as its page lists it; nil for a schedule that does not exist.
    /// The first leg leaves home; each next one leaves the place of the appointment before.
    public func itinerary(of id: ScheduleID) -> ItineraryView? {
        guard let schedule = schedules[id] else { return nil }
        var place = home, legs: [ItineraryView.Leg] = []
        for visit in schedule.itinerary {
            let destination = schedule.plannedDrafts[visit.appointment]!.place
            defer { place = destination }
            guard let quote = options.quote(from: place, to: destination, by: visit.mode) else { continue }
            legs.append(ItineraryView.Leg(appointment: visit.appointment, from: place, to: destination,
                                          mode: visit.mode, departure: visit.departure,
                                          arrival: visit.departure + quote.minutes,
                                          minutes: quote.minutes, price: quote.price, metres: quote.metres))
        }
        let polluting = legs.filter { $0.mode.pollutes || fault == .walkingCountedAsPolluting && $0.mode == .walking }
        return ItineraryView(legs: legs, totalMinutes: legs.reduce(0) { $0 + $1.minutes },
                             totalPrice: legs.reduce(0) { $0 + $1.price },
                             pollutingMetres: polluting.reduce(0) { $0 + $1.metres })
    }
}
