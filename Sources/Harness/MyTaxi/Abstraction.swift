import Checker
import MyTaxiReference
import MyTaxiSpec

/// The abstraction function from the Reference's state to the Spec's `World`, and the
/// correspondence of ids it rests on: Spec entity i is Reference entity i + 1 (people count
/// from 1 on both sides); a client's k-th route in the Reference is the Spec's route slot k
/// of that client; a ride is named after the slot of the route whose offer was accepted.
public struct Abstraction: Sendable {
    public let scope: Scope
    public var minutesPerTick: Int { scope.timing.minutesPerTick }

    public init(scope: Scope) { self.scope = scope }

    // MARK: Ids, Spec to Reference

    public func client(_ id: MyTaxiSpec.ClientID) -> MyTaxiReference.ClientID { .init(id.index + 1) }
    public func driver(_ id: MyTaxiSpec.DriverID) -> MyTaxiReference.DriverID { .init(id.index + 1) }
    public func taxi(_ id: MyTaxiSpec.TaxiID) -> TaxiCode { .init(id.index + 1) }
    public func zone(_ id: MyTaxiSpec.ZoneID) -> MyTaxiReference.ZoneID { .init(id.index + 1) }

    /// Where client `c` asks to go from `origin`: the zone `c + 1` after it, round the city.
    public func destination(of c: MyTaxiSpec.ClientID, from origin: MyTaxiSpec.ZoneID) -> MyTaxiReference.ZoneID {
        .init((origin.index + c.index + 1) % scope.zones + 1)
    }

    /// The Reference route in Spec slot `slot`, if the client has made that many.
    public func route(_ slot: MyTaxiSpec.RouteID, in service: DispatchService) -> MyTaxiReference.RouteID? {
        let owner = scope.client(of: slot)
        let position = slot.index - owner.index * scope.routesPerClient
        let made = service.clients[client(owner)]?.routes ?? []
        return position < made.count ? made[position] : nil
    }

    // MARK: Ids, Reference to Spec

    /// The Spec's slot for route `id` (`route` is `service.routes[id]`), or nil if a world of
    /// the scope has none for it: a client's routes past the scope's `routesPerClient`, or a
    /// client the Reference does not know (`overflow(of:)` names them).
    func slot(of id: MyTaxiReference.RouteID, _ route: Route, in service: DispatchService) -> UInt8? {
        guard route.client.number >= 1, route.client.number <= scope.clients,
              let position = service.clients[route.client]?.routes.firstIndex(of: id), position < scope.routesPerClient else { return nil }
        return UInt8((route.client.number - 1) * scope.routesPerClient + position)
    }

    /// Entity `number` (counted from 1) as an index of a world's records, if the scope has
    /// room for `count` of them.
    func index(of number: Int, below count: Int) -> Int? {
        number >= 1 && number <= count ? number - 1 : nil
    }

    func raw(_ zone: MyTaxiReference.ZoneID?) -> UInt8 { zone.map { UInt8($0.number - 1) } ?? noEntity }
    func raw(_ driver: MyTaxiReference.DriverID?) -> UInt8 { driver.map { UInt8($0.number - 1) } ?? noEntity }
    func raw(_ taxi: TaxiCode?) -> UInt8 { taxi.map { UInt8($0.number - 1) } ?? noEntity }
    func ticks(_ minutes: Int) -> UInt8 { UInt8(minutes / minutesPerTick) }

    // MARK: The abstraction

    /// The Reference's drivers, clients and taxis are read by walking their dictionaries,
    /// keeping those whose numbers the scope has (`index(of:below:)`), rather than by
    /// looking each of the scope's ids up: a lookup hashes its key (SipHash), about 200
    /// instructions, and the abstraction runs on every state of a search of the Reference.
    public func world(of service: DispatchService) -> World {
        var world = World()
        world.clock = ticks(service.now)
        for (id, account) in service.drivers {
            guard let d = index(of: id.number, below: scope.drivers) else { continue }
            world.drivers[d].emailConfirmed = account.emailConfirmed
            world.drivers[d].activated = account.activated
            world.drivers[d].status = switch account.status {
            case .offline: .offline
            case .available: .available
            case .busy: .busy
            }
            world.drivers[d].zoneRaw = raw(account.zone)
            world.drivers[d].taxiRaw = raw(account.taxi)
            world.drivers[d].refusals = UInt8(account.refusalsInARow)
            world.drivers[d].suspended = account.suspended
        }
        for (id, account) in service.clients {
            guard let c = index(of: id.number, below: scope.clients) else { continue }
            world.clients[c].emailConfirmed = account.emailConfirmed
            world.clients[c].cards = UInt8(account.cards.count)
        }
        for (code, taxi) in service.taxis {
            guard let t = index(of: code.number, below: scope.taxis) else { continue }
            for owner in taxi.owners { world.taxiOwners[t] |= 1 << raw(owner) }
        }
        // What does not fit a world (`overflow(of:)`) is left out, so that the rest can be
        // checked; `ReferenceFitsTheWorld` reports what was.
        // The queues and the dispatch line are walked where they lie: `queue(in:)` and
        // `waitingRequests` hash the zone and copy into a new array, a quarter of the
        // abstraction's time.
        for (zone, queue) in service.queues {
            guard let z = index(of: zone.number, below: scope.zones) else { continue }
            var length = 0
            for entry in queue {
                guard length < World.queueSlots else { break }
                world.queueDrivers[z * World.queueSlots + length] = raw(entry.driver)
                world.queueTaxis[z * World.queueSlots + length] = raw(entry.taxi)
                length += 1
            }
            world.queueLength[z] = UInt8(length)
        }
        // Each route's slot, found once: a slot is asked of a route for itself, for its ride's
        // lead and its group's lead, and each time it took two dictionary lookups.
        var slots = SlotTable<MyTaxiReference.RouteID>(capacity: service.routes.count)
        for (id, route) in service.routes {
            if let slot = slot(of: id, route, in: service) { slots.append(id, slot) }
        }
        var rideLeads = SlotTable<MyTaxiReference.RideID>(capacity: service.rides.count)
        for (id, ride) in service.rides {
            if let slot = slots[ride.leadRoute] { rideLeads.append(id, slot) }
        }
        for (id, route) in service.routes {
            guard let slot = slots[id].map(Int.init) else { continue }
            world.routes[slot].status = status(route.state)
            world.routes[slot].zoneRaw = raw(route.origin)
            world.routes[slot].passengers = UInt8(route.passengers)
            world.routes[slot].isShared = route.shared
            world.routes[slot].isReserved = route.isReservation
            world.routes[slot].pickupAt = ticks(route.pickupAt)
            world.routes[slot].offeredToRaw = raw(route.offeredTo)
            world.routes[slot].rideRaw = route.ride.flatMap { rideLeads[$0] } ?? noEntity
            world.routes[slot].joinedRaw = route.joinedGroupOf.flatMap { slots[$0] } ?? noEntity
            world.routes[slot].paid = route.payment != nil
        }
        for ride in service.rides.values where ride.state != .cancelled {
            guard let slot = slots[ride.leadRoute].map(Int.init) else { continue }
            world.rides[slot].driverRaw = raw(ride.driver)
            world.rides[slot].taxiRaw = raw(ride.taxi)
            world.rides[slot].acceptedAt = ticks(ride.acceptedAt)
            for member in ride.routes {
                if let bit = slots[member] { world.rides[slot].routeMask |= 1 << bit }
            }
        }
        var waiting = 0
        for route in service.dispatchLine {
            guard waiting < Capacity.routes else { break }
            guard let slot = slots[route] else { continue }
            world.dispatchLine[waiting] = slot
            waiting += 1
        }
        world.dispatchCount = UInt8(waiting)
        return world
    }

    /// What of `service`'s state a world of the scope has no room for, in words, or nil
    /// when all of it fits: more entries in a zone's queue than `World.queueSlots`, more
    /// requests waiting than the dispatch line's `Capacity.routes` slots, more routes for a
    /// client than the scope's `routesPerClient`.
    ///
    /// A correct Reference never gets there: it queues a driver once, a request waits once,
    /// and the adapter asks for no more routes than the scope holds. One that queues a
    /// driver twice can (`acceptLeavesDriverQueued`: `verify simulate` with 4 drivers in 3
    /// zones stopped on a trap when the abstraction wrote past the last zone's queue
    /// slots). `world(of:)` shows what fits, so the other properties are still checked, and
    /// `ReferenceFitsTheWorld` reports this.
    public func overflow(of service: DispatchService) -> String? {
        var excess: [String] = []
        // Checked on every state the Reference reaches: the queues are read one by one, in
        // zone order, only when one is too long.
        if service.queues.values.contains(where: { $0.count > World.queueSlots }) {
            for z in scope.zoneIDs {
                let entries = service.queue(in: zone(z))
                guard entries.count > World.queueSlots else { continue }
                excess.append("the queue of \(zone(z)) holds \(entries.count) entries (\(entries.map { "\($0.driver)" }.joined(separator: ", "))) where a world has \(World.queueSlots) slots")
            }
        }
        let waiting = service.dispatchLine.count
        if waiting > Capacity.routes { excess.append("\(waiting) requests wait for a driver where a world's line has \(Capacity.routes) slots") }
        // Checked on every state the Reference reaches: the clients are sorted, for the
        // message, only when one has too many routes.
        var clients: [(number: Int, excess: String)] = []
        for (id, account) in service.clients {
            if (id.number < 1 || id.number > scope.clients) && !account.routes.isEmpty {
                clients.append((id.number, "\(id), outside the scope's \(scope.clients) clients, has \(account.routes.count) routes"))
            } else if account.routes.count > scope.routesPerClient {
                clients.append((id.number, "\(id) has \(account.routes.count) routes where the scope has \(scope.routesPerClient) a client"))
            }
        }
        excess += clients.sorted { $0.number < $1.number }.map(\.excess)
        return excess.isEmpty ? nil : excess.joined(separator: "; ")
    }

    /// The system property that holds the Reference to what a world can show (`overflow(of:)`).
    public var fitsTheWorld: SystemProperty<DispatchService> {
        SystemProperty(id: "ReferenceFitsTheWorld",
                       statement: "The Reference's state fits a world of the scope: at most \(World.queueSlots) entries in a zone's queue, at most \(Capacity.routes) requests waiting, no more routes for a client than the scope allows.",
                       source: "model: the abstraction function (Harness); 000 3.8 (TaxiQueue)") { [self] service in
            if let excess = overflow(of: service) { return .violated(witness: excess + "; the abstraction shows what fits") }
            return .holds
        }
    }
}

/// Slots of a world by the Reference's ids, for the few a service holds: looked up by
/// walking them, which for a handful of entries is cheaper than hashing the id. An id not
/// listed has no slot.
struct SlotTable<ID: Equatable> {
    private var entries: [(id: ID, slot: UInt8)] = []

    init(capacity: Int) { entries.reserveCapacity(capacity) }

    mutating func append(_ id: ID, _ slot: UInt8) { entries.append((id, slot)) }

    subscript(id: ID) -> UInt8? { entries.first { $0.id == id }?.slot }
}

extension Abstraction {
    /// Each client's pending rides and those done as the Reference lists them (000 PF20), and
    /// the taxi its last confirmation told him of for each ride he waits for or rides in
    /// (PF17), in the Spec's terms (`MyTaxiModel.shown`): route slots for ids, ticks for minutes.
    public func shown(in service: DispatchService) -> [ShownView<ClientRow>] {
        (0..<scope.clients).flatMap { c -> [ShownView<ClientRow>] in
            let id = client(MyTaxiSpec.ClientID(c))
            func name(_ route: Route) -> ShownName<MyTaxiSpec.RouteID> {
                let slot = slot(of: route.id, route, in: service)
                return slot.map { .slot(MyTaxiSpec.RouteID(raw: $0)) } ?? .unmapped("\(route.id)")
            }
            func rows(_ list: [Route]) -> [ClientRow] {
                list.map { route in
                    .ride(RideRow(name(route), zone: MyTaxiSpec.ZoneID(raw: raw(route.origin)),
                                  passengers: route.passengers, shared: route.shared, reserved: route.isReservation,
                                  at: Int(ticks(route.pickupAt)), status(route.state)))
                }
            }
            let made = (service.clients[id]?.routes ?? []).prefix(scope.routesPerClient)
            let told = made.compactMap { routeID -> ClientRow? in
                guard let route = service.routes[routeID], route.state == .waiting || route.state == .onBoard else {
                    return nil
                }
                return .taxiTold(name(route), taxi: taxiTold(route: routeID, in: service))
            }
            return [ShownView(MyTaxiModel.pendingTitles[c], rows(service.pendingRides(of: id))),
                    ShownView(MyTaxiModel.doneTitles[c], rows(service.ridesDone(by: id))),
                    ShownView(MyTaxiModel.toldTitles[c], told)]
        }
    }

    /// The taxi of the last confirmation the service sent for `route`, as the Spec's taxi.
    func taxiTold(route: MyTaxiReference.RouteID, in service: DispatchService) -> MyTaxiSpec.TaxiID? {
        for notice in service.notifications.reversed() {
            if case .confirmation(_, route, let taxi, _, _) = notice { return MyTaxiSpec.TaxiID(raw: raw(taxi)) }
        }
        return nil
    }

    func status(_ state: RouteState) -> RouteStatus {
        switch state {
        case .requested: .notAllocated
        case .waiting: .waiting
        case .onBoard: .onBoard
        case .completed: .completed
        case .cancelled: .cancelled
        }
    }
}
