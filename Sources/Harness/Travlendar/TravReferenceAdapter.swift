import Checker
import ModelKit
import TravlendarReference
import TravlendarSpec

/// The Reference as the Checker drives it.
public struct TravSystem: Sendable, Equatable {
    public var service: CalendarService
}

/// Drives the Travlendar+ Reference with the Spec's actions.
public struct TravReferenceAdapter: ImplementationAdapter {
    public let spec: TravlendarModel
    public let abstraction: TravAbstraction
    public let fault: CalendarFault?
    var scope: TravScope { spec.scope }

    public init(model: TravlendarModel, fault: CalendarFault? = nil) {
        spec = model
        abstraction = TravAbstraction(scope: model.scope)
        self.fault = fault
    }

    /// The scope's travel options as the Reference's table.
    public static func table(for scope: TravScope) -> TravelTable {
        var quotes: [TravelTable.Key: TravelQuote] = [:]
        for from in scope.options.indices {
            for to in scope.options[from].indices {
                for mean in TravelMean.allCases {
                    guard let option = scope.option(from: from, to: to, by: mean) else { continue }
                    quotes[TravelTable.Key(PlaceID(from), PlaceID(to), TravAbstraction(scope: scope).mode(mean))] =
                        TravelQuote(minutes: option.minutes, price: option.cost, metres: option.metres)
                }
            }
        }
        return TravelTable(quotes: quotes)
    }

    /// The service as each initial state of the Spec starts: the clock at 07:30, the region's
    /// places, the environment, and the starting appointments entered in slot order.
    public func initialSystems() -> [TravSystem] { setUps().map(\.system) }

    public func setUpDivergences() -> [String?] { setUps().map(\.divergence) }

    /// Each initial state's service, and the starting appointment it refused, if one was: the
    /// appointments entered before it stay, as the service keeps them.
    func setUps() -> [(system: TravSystem, divergence: String?)] {
        let a = abstraction, table = Self.table(for: scope)
        return scope.startingAppointments.flatMap { templates in
            scope.environments.map { environment in
                var service = CalendarService(home: PlaceID(0), region: Set((0..<scope.placesInRegion).map(PlaceID.init)), options: table,
                                              wakeUp: a.clock(scope.wakeUp), now: a.clock(0), rainStartsAt: a.clock(scope.rainFrom),
                                              conditions: a.conditions(environment), fault: fault)
                for (slot, t) in templates.enumerated() {
                    do { try service.createAppointment(a.draft(t)) } catch {
                        return (TravSystem(service: service),
                                "setting up scope \(scope.name), the implementation refused starting appointment "
                                    + "\(slot + 1): \(error)")
                    }
                }
                return (TravSystem(service: service), nil)
            }
        }
    }

    public func abstraction(of system: TravSystem) -> TravWorld { abstraction.world(of: system.service) }

    /// Each schedule's plan, legs and totals, compared with the Spec's after every step.
    public func shown(in system: TravSystem) -> [ShownView<PlanRow>]? { abstraction.shown(in: system.service) }

    public func candidates(in world: TravWorld, into actions: inout [TravAction]) {
        spec.rules.candidates(in: world) { actions.append($0) }
    }

    /// The notices the user was sent, word for word, and the id counters: the abstraction
    /// shows only whether a schedule was warned, and a repeated notice or a counter a refusal
    /// advanced would otherwise be merged away with the path that reached the same
    /// abstraction first. Costs the ci scope no state: a correct service sends each notice
    /// once, where the abstraction already changes.
    public func hiddenState(of system: TravSystem) -> UInt64? {
        var hasher = StableHasher()
        let service = system.service
        hasher.combine(service.nextAppointmentID)
        hasher.combine(service.nextScheduleID)
        for notice in service.outbox {
            hasher.combine(notice.schedule.value)
            hasher.combine(notice.text)
        }
        return hasher.finalize()
    }

    /// The fields in which the implementation's state differs from the Spec's, each with
    /// both values, in the words of the trace's changes and the reports' divergence table.
    public func differences(expected: TravWorld, actual: TravWorld) -> [String] {
        let fields = TravPresentation.changes(from: expected, to: actual, scope: scope)
        guard !fields.isEmpty else { return [] }
        return ["specification→implementation: " + fields.map(\.description).joined(separator: "; ")]
    }

    public func perform(_ action: TravAction, on system: inout TravSystem) -> Outcome {
        let a = abstraction
        // Scope limits, not rules: the Spec's slots and its clock's horizon.
        switch action {
        case .createAppointment: if system.service.appointments.count >= scope.appointments { return .outOfBounds }
        case .requestSchedule: if system.service.schedules.count >= scope.schedules { return .outOfBounds }
        case .advance(let minutes): if system.service.now - a.clock(0) + minutes > scope.horizon { return .outOfBounds }
        default: break
        }
        var next = system
        do {
            switch action {
            case .createAppointment(let t): try next.service.createAppointment(a.draft(t))
            case .editAppointment(let slot, let t): try next.service.editAppointment(a.appointment(slot), a.draft(t))
            case .cancelAppointment(let slot): try next.service.cancelAppointment(a.appointment(slot))
            case .requestSchedule(let selection, let profile, let criteria):
                let ids = (0..<scope.appointments).filter { selection & (1 << $0) != 0 }.map(a.appointment)
                try next.service.requestSchedule(ids, preferences: a.preferences(profile), ranking: a.ranking(criteria))
            case .runSchedule(let s): try next.service.runSchedule(a.schedule(s))
            case .discardSchedule(let s): try next.service.discardSchedule(a.schedule(s))
            case .bookTravel(let s, let seats): try next.service.bookTickets(a.schedule(s), seatsAvailable: seats)
            case .repeatBookingConfirmation(let s): try next.service.confirmPurchase(a.schedule(s))
            case .weatherChanges: next.service.setRain(next.service.conditions.rainFrom == nil)
            case .strikeAnnounced: try next.service.announceStrike()
            case .sharedBikeMoves(let place): try next.service.moveSharedBike(at: PlaceID(place))
            case .advance(let minutes): try next.service.advanceClock(to: next.service.now + minutes)
            }
        } catch {
            return .refused(Refusal(describing: error))
        }
        system = next
        return .accepted
    }
}
