/// The myTaxiService dispatch and booking service: accounts, taxis, zone queues, requests,
/// reservations, shared rides, offers, rides, payments and time.
///
/// A value: copying the service copies its whole state, which is what an operator's
/// snapshot and the harness both rely on. Every operation checks everything it needs before
/// it changes anything, so a refused operation (a thrown `ServiceError`) leaves the
/// service exactly as it was.
public struct DispatchService: Sendable, Equatable {
    public let policy: Policy
    public let zones: ZoneMap
    /// A bug planted on purpose (see `Fault`); nil in production.
    public let fault: Fault?

    /// Minutes since the service started.
    public internal(set) var now = 0
    public internal(set) var clients: [ClientID: ClientAccount] = [:]
    public internal(set) var drivers: [DriverID: DriverAccount] = [:]
    public internal(set) var taxis: [TaxiCode: Taxi] = [:]
    public internal(set) var routes: [RouteID: Route] = [:]
    public internal(set) var rides: [RideID: Ride] = [:]
    /// Each zone's FIFO queue of available drivers with the taxi each works with.
    public internal(set) var queues: [ZoneID: RingBuffer<QueueEntry>] = [:]
    /// Requests waiting for a driver, in order of arrival (002 3.2.3 #6).
    public internal(set) var dispatchLine = RingBuffer<RouteID>()
    /// Index: the ride each busy driver is on.
    var activeRide: [DriverID: RideID] = [:]
    public internal(set) var notifications: [Notification] = []
    var nextRoute = 1, nextRide = 1, nextCard = 1

    public struct QueueEntry: Sendable, Equatable {
        public let driver: DriverID
        public let taxi: TaxiCode
    }

    public init(policy: Policy = .standard, zones: ZoneMap, fault: Fault? = nil) {
        self.policy = policy
        self.zones = zones
        self.fault = fault
        for zone in zones.all { queues[zone] = RingBuffer() }
    }

    var fares: FareCalculator {
        let zones = self.zones
        return FareCalculator(table: policy.fares, distance: { zones.distance($0, $1) }, fault: fault)
    }

    // MARK: Reading

    /// The drivers waiting in `zone`'s queue, front first.
    public func queue(in zone: ZoneID) -> [QueueEntry] { Array(queues[zone] ?? RingBuffer()) }
    /// Requests waiting for a driver, first come first.
    public var waitingRequests: [RouteID] { Array(dispatchLine) }
    /// The call offered to `driver` right now, if any.
    public func offer(to driver: DriverID) -> RouteID? {
        routes.values.filter { $0.offeredTo == driver }.map(\.id).min()
    }
    /// The routes that joined `route`'s group before a driver accepted it, senior first.
    public func joiners(of route: RouteID) -> [RouteID] {
        Self.bySeniority(routes.values.filter { $0.joinedGroupOf == route })
    }
    public func ride(of driver: DriverID) -> RideID? { activeRide[driver] }
    /// What the route's client would pay riding alone.
    public func soloFare(of route: RouteID) -> Int {
        let route = routes[route]!
        return fares.soloFare(from: route.origin, to: route.destination, passengers: route.passengers)
    }

    /// The order in which a group's members stand in for each other. Decision: by client
    /// number, then by the client's own order of routes. The model's state does not record
    /// the order in which clients joined a group, so the rule cannot be "earliest joiner".
    func bySeniority(_ ids: [RouteID]) -> [RouteID] {
        Self.bySeniority(ids.map { routes[$0]! })
    }

    /// The same order for routes at hand. Each route's client is read once, not looked up
    /// for every comparison: a group is sorted whenever a route is joined, dispatched or
    /// changed, and the lookups in the comparisons were most of the sort's cost.
    static func bySeniority(_ members: [Route]) -> [RouteID] {
        members.map { (client: $0.client, id: $0.id) }.sorted { ($0.client, $0.id) < ($1.client, $1.id) }.map(\.id)
    }

    // MARK: Lookups that refuse with a message

    func client(_ id: ClientID) throws(ServiceError) -> ClientAccount {
        guard let client = clients[id] else { throw ServiceError(.unknownEntity, "there is no \(id)") }
        return client
    }
    func driver(_ id: DriverID) throws(ServiceError) -> DriverAccount {
        guard let driver = drivers[id] else { throw ServiceError(.unknownEntity, "there is no \(id)") }
        return driver
    }
    func route(_ id: RouteID) throws(ServiceError) -> Route {
        guard let route = routes[id] else { throw ServiceError(.unknownEntity, "there is no \(id)") }
        return route
    }
    func zone(_ id: ZoneID) throws(ServiceError) -> ZoneID {
        guard zones.contains(id) else {
            let count = zones.count
            throw ServiceError(.unknownEntity, "there is no \(id); zones are 1 to \(count)")
        }
        return id
    }

    // MARK: Queue bookkeeping

    mutating func enqueue(_ driver: DriverID, taxi: TaxiCode, in zone: ZoneID, atFront: Bool = false) {
        let entry = QueueEntry(driver: driver, taxi: taxi)
        if atFront { queues[zone]!.prepend(entry) } else { queues[zone]!.append(entry) }
    }

    mutating func removeFromQueues(_ driver: DriverID) {
        for zone in zones.all {
            if let position = queues[zone]!.firstIndex(where: { $0.driver == driver }) { queues[zone]!.remove(at: position) }
        }
    }

    mutating func removeFromLine(_ route: RouteID) {
        if let position = dispatchLine.firstIndex(where: { $0 == route }) { dispatchLine.remove(at: position) }
    }

    /// A driver free again waits at the back of the queue of the zone he is in.
    mutating func requeue(_ id: DriverID, in zone: ZoneID) {
        drivers[id]!.status = .available
        drivers[id]!.zone = zone
        activeRide[id] = nil
        if let taxi = drivers[id]!.taxi { enqueue(id, taxi: taxi, in: zone) }
    }

    mutating func goOffline(_ id: DriverID) {
        drivers[id]!.status = .offline
        drivers[id]!.zone = nil
        drivers[id]!.taxi = nil
        activeRide[id] = nil
    }

    /// An offer held by a driver who leaves is withdrawn; the request is offered again.
    mutating func withdrawOffer(to driver: DriverID) {
        for id in routes.keys where routes[id]!.offeredTo == driver { routes[id]!.offeredTo = nil }
    }
}

/// The zones of the city and the distance between them, in zones crossed.
public struct ZoneMap: Sendable, Equatable {
    public let count: Int
    public init(zonesInARow count: Int) {
        precondition(count > 0, "a city has at least one zone")
        self.count = count
    }
    public var all: [ZoneID] { (1...count).map(ZoneID.init) }
    public func contains(_ zone: ZoneID) -> Bool { (1...count).contains(zone.number) }
    /// Zones lie in a row: the distance is the number of zones crossed.
    public func distance(_ a: ZoneID, _ b: ZoneID) -> Int { abs(a.number - b.number) }
}
