import ModelKit

/// Every operation of the seeds as an action with explicit parameters. The guard and effect
/// of each live in `Rules` (one file per group); `ActionKind` carries the source citations.
public enum TaxiAction: Hashable, Sendable, Codable {
    case confirmClientEmail(client: ClientID)
    case confirmDriverEmail(driver: DriverID)
    case activateDriver(driver: DriverID)
    case addCard(client: ClientID)
    case deleteCard(client: ClientID)
    case addTaxi(driver: DriverID, taxi: TaxiID)
    case startWorking(driver: DriverID, taxi: TaxiID, zone: ZoneID)
    case stopWorking(driver: DriverID)
    case changeZone(driver: DriverID, zone: ZoneID)
    case requestRide(client: ClientID, zone: ZoneID, passengers: Int, shared: Bool)
    case reserveRide(client: ClientID, zone: ZoneID, passengers: Int, shared: Bool, lead: Int)
    case joinSharedRide(client: ClientID, owner: RouteID, passengers: Int)
    case modifyReservation(route: RouteID, lead: Int)
    case cancelRoute(route: RouteID)
    case offer(route: RouteID, driver: DriverID)
    case accept(driver: DriverID)
    case decline(driver: DriverID)
    case answerTimeout(driver: DriverID)
    case allocateReservation(route: RouteID)
    case driverCancel(driver: DriverID)
    case signalFakeRequest(driver: DriverID)
    case pickup(driver: DriverID)
    case pay(route: RouteID, byCard: Bool)
    case dropOff(route: RouteID)
    case complete(driver: DriverID, zone: ZoneID)
    case interrupt(driver: DriverID, zone: ZoneID)
    case tick
    /// A conformance probe of time at the minute: the clock moved `minutes`, past the next tick,
    /// when a reservation falls due at that tick. The Spec never allows it (time waits for due
    /// timers, and its ticks could not say where the clock would stop): only the Reference is
    /// asked, as a near miss it must refuse. Written "tick(minutes: N)".
    case longTick(minutes: Int)

    // Inlinable: the explorer asks it of every transition, and the body is one shift of
    // the enum's tag, less than the call cost.
    @inlinable
    public var kind: ActionKind {
        switch self {
        case .confirmClientEmail: return .confirmClientEmail
        case .confirmDriverEmail: return .confirmDriverEmail
        case .activateDriver: return .activateDriver
        case .addCard: return .addCard
        case .deleteCard: return .deleteCard
        case .addTaxi: return .addTaxi
        case .startWorking: return .startWorking
        case .stopWorking: return .stopWorking
        case .changeZone: return .changeZone
        case .requestRide: return .requestRide
        case .reserveRide: return .reserveRide
        case .joinSharedRide: return .joinSharedRide
        case .modifyReservation: return .modifyReservation
        case .cancelRoute: return .cancelRoute
        case .offer: return .offer
        case .accept: return .accept
        case .decline: return .decline
        case .answerTimeout: return .answerTimeout
        case .allocateReservation: return .allocateReservation
        case .driverCancel: return .driverCancel
        case .signalFakeRequest: return .signalFakeRequest
        case .pickup: return .pickup
        case .pay: return .pay
        case .dropOff: return .dropOff
        case .complete: return .complete
        case .interrupt: return .interrupt
        case .tick, .longTick: return .tick
        }
    }
}

extension TaxiAction: CustomStringConvertible {
    public var description: String {
        let (name, parameters) = spelled
        let list = parameters.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        return list.isEmpty ? name : "\(name)(\(list))"
    }
}

/// The kinds of action, in the fixed order in which enabled actions are listed.
public enum ActionKind: Int, Sendable, CaseIterable {
    case confirmClientEmail, confirmDriverEmail, activateDriver, addCard, deleteCard, addTaxi
    case startWorking, stopWorking, changeZone
    case requestRide, reserveRide, joinSharedRide, modifyReservation, cancelRoute
    case offer, accept, decline, answerTimeout, allocateReservation
    case driverCancel, signalFakeRequest, pickup, pay, dropOff, complete, interrupt
    case tick

    public var name: String { String(describing: self) }

    /// Where the operation comes from in the seeds.
    public var source: String {
        switch self {
        case .confirmClientEmail, .confirmDriverEmail: return "000 PF00, PF01, UC01 steps 5-7"
        case .activateDriver: return "001 #18 (#19), use case 4.3.8"
        case .addCard: return "000 PF05"
        case .deleteCard: return "000 PF06"
        case .addTaxi: return "000 PF07"
        case .startWorking: return "000 PF08, 1.2; 002 3.2.5"
        case .stopWorking: return "000 PF08; 002 3.2.5"
        case .changeZone: return "000 PF27; 002 3.2.5 #4"
        case .requestRide: return "000 PF09, UC04; 002 3.2.3"
        case .reserveRide: return "000 PF10 R3, UC05; 002 3.2.6 #7"
        case .joinSharedRide: return "000 PF09, PF10, UC06; 002 3.2.7"
        case .modifyReservation: return "000 PF21, UC10"
        case .cancelRoute: return "000 PF22, UC09; 001 4.3.6"
        case .offer: return "000 PF12, PF13, UC04 steps 4-5; 002 3.2.3 #4-6"
        case .accept: return "000 PF14, UC04 6.i; 002 3.2.5"
        case .decline: return "000 UC04 6.ii, 2.5; 002 3.2.5"
        case .answerTimeout: return "000 2.5 (30 s); 002 3.2.4 (1 min); 001 4.3.4"
        case .allocateReservation: return "000 2.5, Part II; 002 3.2.6 #8"
        case .driverCancel: return "000 PF23; 001 #11, 4.3.7"
        case .signalFakeRequest: return "001 #13, 4.3.5"
        case .pickup: return "001 #14; 002 3.2.3 #15-16"
        case .pay: return "000 PF18, UC07"
        case .dropOff: return "000 PF13 (a shared ride's stops, each with its destination), PF19 R3"
        case .complete: return "000 PF19, UC08; 002 3.2.3 #18"
        case .interrupt: return "000 PF24, UC08 exception a"
        case .tick: return "model: time passing"
        }
    }
}
