/// What a client sees of his rides (000 PF20): the pending ones and those done.
extension DispatchService {
    /// The client's rides not yet concluded (waiting for a taxi, one on its way, on board),
    /// latest pickup first.
    public func pendingRides(of client: ClientID) -> [Route] {
        latestFirst(of: client) { $0.state.isOpen || fault == .pendingListsCancelledRide && $0.state == .cancelled }
    }

    /// The client's completed rides, latest pickup first.
    public func ridesDone(by client: ClientID) -> [Route] {
        latestFirst(of: client) { $0.state == .completed }
    }

    /// Latest pickup first; of two picked up at one minute, the one made later.
    private func latestFirst(of client: ClientID, where include: (Route) -> Bool) -> [Route] {
        let made = clients[client]?.routes ?? []
        return made.enumerated().compactMap { order, id in routes[id].flatMap { include($0) ? (order, $0) : nil } }
            .sorted { ($0.1.pickupAt, $0.0) > ($1.1.pickupAt, $1.0) }
            .map(\.1)
    }
}
