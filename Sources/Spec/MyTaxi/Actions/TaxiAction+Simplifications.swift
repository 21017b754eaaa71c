extension MyTaxiModel {
    /// Simpler variants of an action for the shrinker: one passenger rather than three, not
    /// shared, the shortest lead, cash, the first zone. Each changes one thing.
    public func simplifications(of action: TaxiAction) -> [TaxiAction] {
        let firstZone = ZoneID(0), shortest = scope.timing.minimumLeadTicks
        switch action {
        case .requestRide(let c, let z, let p, let s):
            return [p > 1 ? .requestRide(client: c, zone: z, passengers: 1, shared: s) : nil,
                    s ? .requestRide(client: c, zone: z, passengers: p, shared: false) : nil,
                    z != firstZone ? .requestRide(client: c, zone: firstZone, passengers: p,
                        shared: s) : nil].compactMap { $0 }
        case .reserveRide(let c, let z, let p, let s, let lead):
            return [p > 1 ? .reserveRide(client: c, zone: z, passengers: 1, shared: s, lead: lead) : nil,
                    s ? .reserveRide(client: c, zone: z, passengers: p, shared: false, lead: lead) : nil,
                    lead != shortest ? .reserveRide(client: c, zone: z, passengers: p, shared: s, lead: shortest) : nil,
                    z != firstZone ? .reserveRide(client: c, zone: firstZone, passengers: p, shared: s,
                        lead: lead) : nil].compactMap { $0 }
        case .joinSharedRide(let c, let owner, let p) where p > 1:
            return [.joinSharedRide(client: c, owner: owner, passengers: 1)]
        case .modifyReservation(let r, let lead) where lead != shortest:
            return [.modifyReservation(route: r, lead: shortest)]
        case .pay(let r, byCard: true):
            return [.pay(route: r, byCard: false)]
        case .startWorking(let d, let t, let z) where z != firstZone:
            return [.startWorking(driver: d, taxi: t, zone: firstZone)]
        case .complete(let d, let z) where z != firstZone:
            return [.complete(driver: d, zone: firstZone)]
        case .interrupt(let d, let z) where z != firstZone:
            return [.interrupt(driver: d, zone: firstZone)]
        default:
            return []
        }
    }
}
