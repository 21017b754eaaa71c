import Checker
import MyTaxiReference
import MyTaxiSpec

/// Drives the Reference with the Spec's actions: the adapter that conformance checking and
/// exploring the Reference alone both use.
public struct ReferenceAdapter: ImplementationAdapter {
    public let spec: MyTaxiModel
    public let fault: Fault?
    public let abstraction: Abstraction
    let probes: ProbeCandidates
    var scope: Scope { spec.scope }

    public init(model: MyTaxiModel, fault: Fault? = nil) {
        self.spec = model
        self.fault = fault
        self.abstraction = Abstraction(scope: model.scope)
        probes = ProbeCandidates(rules: model.rules)
    }

    /// The Reference's policy for the scope's time profile: the same windows in minutes.
    public static func policy(for timing: Timing) -> Policy {
        var policy = Policy.standard
        policy.allocationLeadMinutes = timing.allocationLeadTicks * timing.minutesPerTick
        policy.minimumReservationLeadMinutes = timing.minimumLeadTicks * timing.minutesPerTick
        policy.maximumReservationLeadMinutes = timing.maximumLeadTicks * timing.minutesPerTick
        policy.fakeRequestWaitMinutes = timing.fakeWaitTicks * timing.minutesPerTick
        return policy
    }

    /// Everyone in the scope registered; when the scope is onboarded, confirmed and
    /// activated, with driver i's taxi i and a card per client, as the Spec starts; then the
    /// scope's prelude. A step the Reference refuses ends the set-up there (`setUp`).
    public func initialSystems() -> [DispatchService] { [setUp().service] }

    public func setUpDivergences() -> [String?] { [setUp().divergence] }

    /// The Reference set up for the scope, and the first step of it that went wrong: the
    /// onboarding refused, a prelude step refused, or a prelude step ending elsewhere than
    /// the Spec's. Each prelude state is compared, not only the last: a step that goes wrong
    /// and a later one that hides it would otherwise pass.
    func setUp() -> (service: DispatchService, divergence: String?) {
        var service = DispatchService(policy: Self.policy(for: scope.timing), zones: ZoneMap(zonesInARow: scope.zones), fault: fault)
        do {
            for d in scope.driverIDs {
                try service.registerDriver(abstraction.driver(d))
                guard scope.onboarded else { continue }
                try service.confirmEmail(of: abstraction.driver(d))
                try service.activate(abstraction.driver(d))
                try service.addTaxi(abstraction.taxi(TaxiID(d.index)), for: abstraction.driver(d))
            }
            for c in scope.clientIDs {
                try service.registerClient(abstraction.client(c))
                guard scope.onboarded else { continue }
                try service.confirmEmail(of: abstraction.client(c))
                if scope.maxCards > 0 { try service.addCard(to: abstraction.client(c)) }
            }
        } catch {
            return (service, "setting up scope \(scope.name), the implementation refused to onboard its people: "
                        + "\(error)")
        }
        let worlds = MyTaxiModel.preludeWorlds(scope)
        for (step, action) in scope.prelude.actions.enumerated() {
            let place = "prelude step \(step + 1) of scope \(scope.name), \(action)"
            do { try drive(action, &service) } catch {
                return (service, "\(place): the specification takes it, but the implementation refused it: \(error)")
            }
            let fields = differences(expected: worlds[step + 1], actual: abstraction(of: service))
            if !fields.isEmpty {
                let difference = fields.joined(separator: "; ")
                return (service, "\(place): the implementation differs from the specification: \(difference)")
            }
        }
        return (service, nil)
    }

    public func abstraction(of system: DispatchService) -> World { abstraction.world(of: system) }

    /// Each client's lists of rides and the taxis he was told of, compared with the Spec's on every step.
    public func shown(in system: DispatchService) -> [ShownView<ClientRow>]? { abstraction.shown(in: system) }

    // No hidden state declared (`hiddenState`): keyed by its route, ride and card numbers and
    // the notifications sent, the searches of the Reference grow from 183,372 to 339,048 states
    // in ci, 10,004 to 87,495 in refusals and 178,556 to 527,225 in rides, for numbers that a
    // request and its cancellation advance on every path. The city walks, which merge nothing,
    // follow that state instead.

    /// The Spec's candidates with probes, less the requests of a client whose every route
    /// slot is taken in `state`: each taken slot is a route the Reference lists for him at
    /// that position (`Abstraction.slot(of:_:in:)`), so he has at least as many routes as
    /// the scope allows and `perform` would call the request out of bounds, which both
    /// implementation models pass over. Why: in the ci scope, a client with a route (most
    /// states) drew some ninety such candidates a state, each a dictionary lookup in
    /// `isOutOfBounds`.
    public func candidates(in state: World, into actions: inout [TaxiAction]) {
        // One bit per client (the scope has at most `Capacity.clients`).
        var full: UInt8 = 0
        for c in scope.clientIDs where scope.routes(of: c).allSatisfy({ state.routes[$0.index].status != .unused }) { full |= 1 << c.index }
        probes.forEach(in: state) { action in
            switch action {
            case .requestRide(let c, _, _, _), .reserveRide(let c, _, _, _, _), .joinSharedRide(let c, _, _):
                if full & (1 << c.index) != 0 { return }
            default:
                break
            }
            actions.append(action)
        }
    }

    public func differences(expected: World, actual: World) -> [String] {
        let fields = expected.changes(to: actual, scope: scope)
        return fields.isEmpty ? [] : ["specification→implementation: " + fields.joined(separator: "; ")]
    }

    public func perform(_ action: TaxiAction, on service: inout DispatchService) -> Outcome {
        if isOutOfBounds(action, service) { return .outOfBounds }
        do {
            try drive(action, &service)
            return .accepted
        } catch {
            return .refused(Refusal(describing: error))
        }
    }

    /// Scope limits, not rules: the Spec's state has room for so many routes per client
    /// and cards, and its clock stops at the horizon. The Reference knows no such limits.
    func isOutOfBounds(_ action: TaxiAction, _ service: DispatchService) -> Bool {
        switch action {
        case .requestRide(let c, _, _, _), .reserveRide(let c, _, _, _, _), .joinSharedRide(let c, _, _):
            return (service.clients[abstraction.client(c)]?.routes.count ?? 0) >= scope.routesPerClient
        case .addCard(let c):
            return (service.clients[abstraction.client(c)]?.cards.count ?? 0) >= scope.maxCards
        case .tick, .longTick:
            return service.now / abstraction.minutesPerTick >= scope.horizon
        default:
            return false
        }
    }

    /// A route slot the client has not used yet has no Reference route to name: refused as
    /// the Reference refuses a route it does not know.
    func route(_ slot: MyTaxiSpec.RouteID, _ service: DispatchService) throws(ServiceError) -> MyTaxiReference.RouteID {
        guard let id = abstraction.route(slot, in: service) else { throw ServiceError(.unknownEntity, "route slot \(slot) has no route yet") }
        return id
    }

    /// Every refusal is a `ServiceError`, the Reference's own or one the adapter makes in
    /// its words, thrown typed: kept in the refusal as it is (`Refusal(describing:)`), not
    /// boxed on the heap as an `any Error` would be. The abstraction is read where it lies:
    /// a local copy of it (and of its scope) cost a copy of some 200 bytes per candidate.
    func drive(_ action: TaxiAction, _ service: inout DispatchService) throws(ServiceError) {
        let minutes = abstraction.minutesPerTick
        switch action {
        case .confirmClientEmail(let c): try service.confirmEmail(of: abstraction.client(c))
        case .confirmDriverEmail(let d): try service.confirmEmail(of: abstraction.driver(d))
        case .activateDriver(let d): try service.activate(abstraction.driver(d))
        case .addCard(let c): try service.addCard(to: abstraction.client(c))
        case .deleteCard(let c):
            // The Spec counts cards; the Reference names them: delete the newest.
            try service.deleteCard(service.clients[abstraction.client(c)]?.cards.last ?? CardID(0), of: abstraction.client(c))
        case .addTaxi(let d, let t): try service.addTaxi(abstraction.taxi(t), for: abstraction.driver(d))
        case .startWorking(let d, let t, let z): try service.startWorking(abstraction.driver(d), taxi: abstraction.taxi(t), in: abstraction.zone(z))
        case .stopWorking(let d): try service.stopWorking(abstraction.driver(d))
        case .changeZone(let d, let z): try service.changeZone(abstraction.driver(d), to: abstraction.zone(z))
        // The Spec has no destinations (where a ride ends is the zone `complete` names): each
        // client travels to the zone after his pickup zone, counted from his own number, so
        // that fares cross zones and the shares of a shared ride differ.
        case .requestRide(let c, let z, let p, let shared):
            try service.requestRide(for: abstraction.client(c), from: abstraction.zone(z),
                                    to: abstraction.destination(of: c, from: z), passengers: p, shared: shared)
        case .reserveRide(let c, let z, let p, let shared, let lead):
            try service.reserveRide(for: abstraction.client(c), from: abstraction.zone(z),
                                    to: abstraction.destination(of: c, from: z), passengers: p, shared: shared,
                                    pickupAt: service.now + lead * minutes)
        case .joinSharedRide(let c, let owner, let p):
            let target = try route(owner, service)
            try service.joinSharedRide(target, for: abstraction.client(c), to: service.routes[target]!.destination, passengers: p)
        case .modifyReservation(let r, let lead): try service.modifyReservation(route(r, service), pickupAt: service.now + lead * minutes)
        case .cancelRoute(let r): try service.cancelRoute(route(r, service))
        case .offer(let r, let d):
            // The dispatcher chooses by itself; the step conforms when it chooses as the Spec.
            let before = service
            let offer = try service.dispatchNext()
            let expected = (try? route(r, service), abstraction.driver(d))
            if offer.route != expected.0 || offer.driver != expected.1 {
                service = before
                throw ServiceError(.notAllowedNow, "the dispatcher offers \(offer.route) to \(offer.driver) instead")
            }
        case .accept(let d): try service.accept(abstraction.driver(d))
        case .decline(let d): try service.decline(abstraction.driver(d))
        case .answerTimeout(let d): try service.answerTimedOut(abstraction.driver(d))
        case .allocateReservation(let r): try service.allocateReservation(route(r, service))
        case .driverCancel(let d): try service.driverCancel(abstraction.driver(d))
        case .signalFakeRequest(let d): try service.reportFakeRequest(abstraction.driver(d))
        case .pickup(let d): try service.confirmPickup(abstraction.driver(d))
        case .pay(let r, let byCard): try service.pay(route(r, service), by: byCard ? .card : .cash)
        case .dropOff(let r): try service.dropOff(route(r, service))
        case .complete(let d, let z): try service.completeRide(abstraction.driver(d), at: abstraction.zone(z))
        case .interrupt(let d, let z): try service.interruptRide(abstraction.driver(d), at: abstraction.zone(z))
        case .tick: try service.advanceClock(byMinutes: minutes)
        case .longTick(let minutes): try service.advanceClock(byMinutes: minutes)
        }
    }
}
