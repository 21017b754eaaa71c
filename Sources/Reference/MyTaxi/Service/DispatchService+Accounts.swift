/// Registration, email confirmation, driver activation, credit cards and taxis
/// (000 PF00-PF07; 001 #18, 4.3.8).
extension DispatchService {
    public mutating func registerClient(_ id: ClientID) throws(ServiceError) {
        guard clients[id] == nil else { throw ServiceError(.alreadyDone, "\(id) is already registered") }
        clients[id] = ClientAccount(id: id)
    }

    public mutating func registerDriver(_ id: DriverID) throws(ServiceError) {
        guard drivers[id] == nil else { throw ServiceError(.alreadyDone, "\(id) is already registered") }
        drivers[id] = DriverAccount(id: id)
    }

    public mutating func confirmEmail(of id: ClientID) throws(ServiceError) {
        guard try !client(id).emailConfirmed else { throw ServiceError(.alreadyDone, "\(id) has already confirmed the email") }
        clients[id]!.emailConfirmed = true
    }

    public mutating func confirmEmail(of id: DriverID) throws(ServiceError) {
        guard try !driver(id).emailConfirmed else { throw ServiceError(.alreadyDone, "\(id) has already confirmed the email") }
        drivers[id]!.emailConfirmed = true
    }

    /// An administrator approves a driver's account; only a confirmed account has asked.
    public mutating func activate(_ id: DriverID) throws(ServiceError) {
        let account = try driver(id)
        guard account.emailConfirmed else { throw ServiceError(.notConfirmed, "\(id) has not confirmed the email, so there is no activation request") }
        guard !account.activated else { throw ServiceError(.alreadyDone, "\(id) is already activated") }
        drivers[id]!.activated = true
    }

    @discardableResult
    public mutating func addCard(to id: ClientID) throws(ServiceError) -> CardID {
        guard try client(id).emailConfirmed else { throw ServiceError(.notConfirmed, "\(id) must confirm the email before storing a card") }
        let card = CardID(nextCard)
        nextCard += 1
        clients[id]!.cards.append(card)
        return card
    }

    public mutating func deleteCard(_ card: CardID, of id: ClientID) throws(ServiceError) {
        guard let position = try client(id).cards.firstIndex(of: card) else {
            throw ServiceError(.unknownEntity, "\(id) has no \(card)")
        }
        clients[id]!.cards.remove(at: position)
    }

    /// A driver registers a taxi he drives; several drivers may share one (in shifts).
    public mutating func addTaxi(_ code: TaxiCode, for id: DriverID) throws(ServiceError) {
        guard try driver(id).activated else { throw ServiceError(.notActivated, "\(id) is not activated and cannot register taxis") }
        guard !(taxis[code]?.owners.contains(id) ?? false) else { throw ServiceError(.alreadyDone, "\(code) is already registered to \(id)") }
        taxis[code, default: Taxi(code: code)].owners.insert(id)
    }
}

/// Starting and stopping work and moving between zones (000 PF08, PF27; 002 3.2.5).
extension DispatchService {
    public mutating func startWorking(_ id: DriverID, taxi code: TaxiCode, in zone: ZoneID) throws(ServiceError) {
        let account = try driver(id)
        _ = try self.zone(zone)
        guard account.emailConfirmed else { throw ServiceError(.notConfirmed, "\(id) has not confirmed the email") }
        guard account.activated else { throw ServiceError(.notActivated, "\(id) is not activated") }
        guard !account.suspended || fault == .suspendedDriverStartsWorking else {
            let limit = policy.refusalsToSuspend
            throw ServiceError(.notAllowedNow, "\(id) is suspended after \(limit) refused calls in a row")
        }
        guard account.status == .offline else { throw ServiceError(.alreadyDone, "\(id) is already working (\(account.status.rawValue))") }
        guard taxis[code]?.owners.contains(id) ?? false else { throw ServiceError(.notAllowedNow, "\(code) is not registered to \(id)") }
        if let other = drivers.values.first(where: { $0.status != .offline && $0.taxi == code }) {
            throw ServiceError(.notAllowedNow, "\(code) is already in use by \(other.id)")
        }
        drivers[id]!.status = .available
        drivers[id]!.zone = zone
        drivers[id]!.taxi = code
        enqueue(id, taxi: code, in: zone)
    }

    /// Only an available driver stops; a busy one completes or cancels his ride first.
    public mutating func stopWorking(_ id: DriverID) throws(ServiceError) {
        let account = try driver(id)
        guard account.status == .available else {
            throw ServiceError(.notAllowedNow, account.status == .busy ? "\(id) is on a ride: complete or cancel it first" : "\(id) is not working")
        }
        if fault != .stopWorkingKeepsOffer { withdrawOffer(to: id) }
        removeFromQueues(id)
        goOffline(id)
    }

    /// PF27: a driver who enters another zone leaves one queue for the back of the other.
    public mutating func changeZone(_ id: DriverID, to zone: ZoneID) throws(ServiceError) {
        let account = try driver(id)
        _ = try self.zone(zone)
        guard account.status == .available, let taxi = account.taxi else {
            throw ServiceError(.notAllowedNow, "\(id) is \(account.status.rawValue): only an available driver changes queue")
        }
        guard account.zone != zone else { throw ServiceError(.alreadyDone, "\(id) is already in \(zone)") }
        withdrawOffer(to: id)
        removeFromQueues(id)
        drivers[id]!.zone = zone
        enqueue(id, taxi: taxi, in: zone, atFront: fault == .changeZoneJoinsFront)
    }
}
