import Checker
import TravlendarReference
import TravlendarSpec

/// Each schedule's plan as the Reference's page lists it (`CalendarService.itinerary`), in the
/// Spec's terms (`TravlendarModel.shown`): appointment slots for ids, minutes from 07:30.
extension TravAbstraction {
    public func shown(in service: CalendarService) -> [ShownView<PlanRow>] {
        let appointmentIDs = service.appointments.keys.sorted()
        return service.schedules.keys.sorted().prefix(scope.schedules).enumerated().map { s, id in
            let title = TravlendarModel.planTitles[s]
            guard let itinerary = service.itinerary(of: id) else { return ShownView(title, []) }
            let legs = itinerary.legs.map { leg -> PlanRow in
                .leg(into: appointmentIDs.firstIndex(of: leg.appointment) ?? 254, from: leg.from.value,
                     to: leg.to.value, by: mean(leg.mode), departure: Int(minute(leg.departure)),
                     arrival: Int(minute(leg.arrival)), TravelOption(leg.minutes, cost: leg.price, metres: leg.metres))
            }
            let totals = Objective(minutes: itinerary.totalMinutes, money: itinerary.totalPrice,
                                   carbonMetres: itinerary.pollutingMetres)
            return ShownView(title, legs + [.totals(totals)])
        }
    }
}
