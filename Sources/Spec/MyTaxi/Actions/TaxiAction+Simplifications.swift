extension MyTaxiModel {
    /// Simpler variants of an action for the shrinker: one passenger rather than three, not
    /// shared, the shortest lead, cash, the first zone. Each changes one thing.
    public func simplifications(of action: TaxiAction) -> [TaxiAction] {
        let firstZone = ZoneID(0), shortest = scope.timing.minimumLeadTicks
        switch action {
        case .requestRide(let c, let z, let p, let s):
            return [p > 1 ? .requestRide(c, zone: z, passengers: 1, shared: s) : nil,
                    s ? .requestRide(c, zone: z, passengers: p, shared: false) : nil,
                    z != firstZone ? .requestRide(c, zone: firstZone, passengers: p, shared: s) : nil].compactMap { $0 }
        case .reserveRide(let c, let z, let p, let s, let lead):
            return [p > 1 ? .reserveRide(c, zone: z, passengers: 1, shared: s, lead: lead) : nil,
                    s ? .reserveRide(c, zone: z, passengers: p, shared: false, lead: lead) : nil,
                    lead != shortest ? .reserveRide(c, zone: z, passengers: p, shared: s, lead: shortest) : nil,
                    z != firstZone ? .reserveRide(c, zone: firstZone, passengers: p, shared: s, lead: lead) : nil].compactMap { $0 }
        case .joinSharedRide(let c, let owner, let p) where p > 1:
            return [.joinSharedRide(c, owner: owner, passengers: 1)]
        case .modifyReservation(let r, let lead) where lead != shortest:
            return [.modifyReservation(r, lead: shortest)]
        case .pay(let r, true):
            return [.pay(r, byCard: false)]
        case .startWorking(let d, let t, let z) where z != firstZone:
            return [.startWorking(d, t, firstZone)]
        case .complete(let d, let z) where z != firstZone:
            return [.complete(d, at: firstZone)]
        case .interrupt(let d, let z) where z != firstZone:
            return [.interrupt(d, at: firstZone)]
        default:
            return []
        }
    }
}
