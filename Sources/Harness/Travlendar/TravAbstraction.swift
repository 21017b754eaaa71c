import Checker
import TravlendarReference
import TravlendarSpec

/// The correspondence between the Reference's values and the Spec's: appointment slot a is the
/// (a + 1)th appointment created, schedule slot s the (s + 1)th schedule requested (ids are
/// sequential and never reused), place i is place i, a Spec minute is a minute after 07:30, and
/// templates, profiles and criteria orders are found by value in the scope's palettes. A value
/// the Spec has no name for maps to an impossible one, so conformance reports it.
public struct TravAbstraction: Sendable {
    public let scope: TravScope
    public static let dayStart: MinuteOfDay = 450

    public init(scope: TravScope) { self.scope = scope }

    public func clock(_ minute: Int) -> MinuteOfDay { Self.dayStart + minute }
    func minute(_ clock: MinuteOfDay) -> UInt8 { UInt8(clamping: max(0, min(254, clock - Self.dayStart))) }

    public func appointment(_ a: Int) -> AppointmentID { AppointmentID(a + 1) }
    public func schedule(_ s: Int) -> ScheduleID { ScheduleID(s + 1) }

    public func mode(_ mean: TravelMean) -> TravelMode {
        switch mean {
        case .walk: .walking
        case .bike: .ownBike
        case .bus: .bus
        case .sharedBike: .sharedBike
        }
    }

    func mean(_ mode: TravelMode) -> TravelMean {
        switch mode {
        case .walking: .walk
        case .ownBike: .bike
        case .bus: .bus
        case .sharedBike: .sharedBike
        }
    }

    /// What the user types for template t.
    public func draft(_ t: Int) -> AppointmentDraft {
        let template = scope.templates[t]
        let timing: AppointmentTiming = template.fixedStart.map { .fixed(start: clock($0)) }
            ?? .flexible(earliest: clock(template.earliest), latestEnd: clock(template.latestEnd))
        return AppointmentDraft(title: template.name, place: PlaceID(template.location), timing: timing, minutes: template.duration,
                                repeatsDaily: template.recurrent, excludedMode: template.deactivated.map(mode))
    }

    public func preferences(_ p: Int) -> TravelPreferences {
        let profile = scope.profiles[p]
        return TravelPreferences(maxWalkMetres: profile.walkMaxMetres, maxBikeMetres: profile.bikeMaxMetres, bikeInRain: profile.bikeInRain,
                                 busFrom: clock(profile.busFrom), busUntil: clock(profile.busUntil))
    }

    public func ranking(_ c: Int) -> [TravlendarReference.Criterion] {
        scope.criteriaOrders[c].map { criterion in
            switch criterion {
            case .time: .travelTime
            case .money: .price
            case .carbon: .emissions
            }
        }
    }

    public func conditions(_ environment: TravEnvironment) -> Conditions {
        Conditions(rainFrom: environment.rain ? clock(scope.rainFrom) : nil, strike: environment.strike,
                   sharedBikes: Set((0..<8).filter { environment.sharedBikes & (1 << $0) != 0 }.map(PlaceID.init)), ownsBike: environment.hasBike)
    }

    func environment(_ conditions: Conditions) -> TravEnvironment {
        TravEnvironment(rain: conditions.rainFrom != nil, strike: conditions.strike,
                        sharedBikes: conditions.sharedBikes.reduce(UInt8(0)) { $0 | UInt8(1 << min($1.value, 7)) }, hasBike: conditions.ownsBike)
    }

    /// The world the service stands for.
    public func world(of service: CalendarService) -> TravWorld {
        var world = TravWorld()
        let appointmentIDs = service.appointments.keys.sorted(), scheduleIDs = service.schedules.keys.sorted()
        for (a, id) in appointmentIDs.prefix(scope.appointments).enumerated() {
            let record = service.appointments[id]!
            world.appointments[a].status = switch record.state {
            case .unscheduled: .unscheduled
            case .scheduled: .scheduled
            case .archived: .archived
            case .cancelled: .cancelled
            }
            world.appointments[a].template = UInt8(clamping: scope.templates.indices.first { draft($0) == record.draft } ?? 255)
            world.appointments[a].day = UInt8(clamping: record.day)
            world.appointments[a].occurrences = UInt8(clamping: record.occurrencesDone)
        }
        func slot(_ id: AppointmentID) -> Int? { appointmentIDs.firstIndex(of: id) }
        for (s, id) in scheduleIDs.prefix(scope.schedules).enumerated() {
            let schedule = service.schedules[id]!
            var record = ScheduleRecord()
            switch schedule.state {
            case .saved: record.status = .saved
            case .running: record.status = .running
            case .archived: record.status = .archived
            case .discarded(let cause):
                record.status = .discarded
                record.reason = switch cause {
                case .noValidPlan: .infeasible
                case .appointmentChanged: .edited
                case .replaced: .superseded
                case .byUser: .user
                }
            }
            for member in schedule.members {
                guard let a = slot(member) else { continue }
                record.selection |= 1 << a
                record.plan[a].template = UInt8(clamping: schedule.plannedDrafts[member].flatMap { planned in scope.templates.indices.first { draft($0) == planned } } ?? 255)
            }
            for member in schedule.done { if let a = slot(member) { record.fulfilled |= 1 << a } }
            record.profile = UInt8(clamping: scope.profiles.indices.first { preferences($0) == schedule.preferences } ?? 255)
            record.criteria = UInt8(clamping: scope.criteriaOrders.indices.first { ranking($0) == schedule.ranking } ?? 255)
            record.readyAt = minute(schedule.leaveFrom)
            let environment = environment(schedule.conditions)
            record.rain = environment.rain
            record.strike = environment.strike
            record.sharedBikes = environment.sharedBikes
            record.hasBike = environment.hasBike
            record.booking = switch schedule.tickets {
            case .notBooked: .none
            case .booked: .booked
            case .failed: .failed
            }
            record.charges = UInt8(clamping: schedule.payments)
            record.stale = schedule.needsReview
            record.warned = service.outbox.contains { $0.kind == .noValidSchedule && $0.schedule == id }
            for visit in schedule.itinerary {
                guard let a = slot(visit.appointment) else { continue }
                record.plan[a].start = minute(visit.start)
                record.plan[a].mean = mean(visit.mode)
                record.plan[a].departure = minute(visit.departure)
            }
            world.schedules[s] = record
        }
        world.now = minute(service.now)
        let environment = environment(service.conditions)
        world.rain = environment.rain
        world.strike = environment.strike
        world.sharedBikes = environment.sharedBikes
        world.hasBike = environment.hasBike
        return world
    }
}
