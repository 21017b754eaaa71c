import Reference
import Spec

/// The abstraction function from the Reference's state to the Spec's `World`, and the
/// correspondence of ids it rests on: Spec entity i is Reference entity i + 1 (people count
/// from 1 on both sides); a client's k-th route in the Reference is the Spec's route slot k
/// of that client; a ride is named after the slot of the route whose offer was accepted.
public struct Abstraction: Sendable {
    public let scope: Scope
    public var minutesPerTick: Int { scope.timing.minutesPerTick }

    public init(scope: Scope) { self.scope = scope }

    // MARK: Ids, Spec to Reference

    public func client(_ id: Spec.ClientID) -> Reference.ClientID { .init(id.index + 1) }
    public func driver(_ id: Spec.DriverID) -> Reference.DriverID { .init(id.index + 1) }
    public func taxi(_ id: Spec.TaxiID) -> TaxiCode { .init(id.index + 1) }
    public func zone(_ id: Spec.ZoneID) -> Reference.ZoneID { .init(id.index + 1) }

    /// The Reference route in Spec slot `slot`, if the client has made that many.
    public func route(_ slot: Spec.RouteID, in service: DispatchService) -> Reference.RouteID? {
        let owner = scope.client(of: slot)
        let position = slot.index - owner.index * scope.routesPerClient
        let made = service.clients[client(owner)]?.routes ?? []
        return position < made.count ? made[position] : nil
    }

    // MARK: Ids, Reference to Spec

    func slot(of id: Reference.RouteID, in service: DispatchService) -> UInt8 {
        let route = service.routes[id]!
        let position = service.clients[route.client]!.routes.firstIndex(of: id)!
        precondition(position < scope.routesPerClient, "\(route.client) has more routes than the scope holds")
        return UInt8((route.client.number - 1) * scope.routesPerClient + position)
    }

    func raw(_ zone: Reference.ZoneID?) -> UInt8 { zone.map { UInt8($0.number - 1) } ?? noEntity }
    func raw(_ driver: Reference.DriverID?) -> UInt8 { driver.map { UInt8($0.number - 1) } ?? noEntity }
    func raw(_ taxi: TaxiCode?) -> UInt8 { taxi.map { UInt8($0.number - 1) } ?? noEntity }
    func ticks(_ minutes: Int) -> UInt8 { UInt8(minutes / minutesPerTick) }

    // MARK: The abstraction

    public func world(of service: DispatchService) -> World {
        var world = World()
        world.clock = ticks(service.now)
        for d in scope.driverIDs {
            guard let account = service.drivers[driver(d)] else { continue }
            world.drivers[d.index].emailConfirmed = account.emailConfirmed
            world.drivers[d.index].activated = account.activated
            world.drivers[d.index].status = switch account.status {
            case .offline: .offline
            case .available: .available
            case .busy: .busy
            }
            world.drivers[d.index].zoneRaw = raw(account.zone)
            world.drivers[d.index].taxiRaw = raw(account.taxi)
            world.drivers[d.index].refusals = UInt8(account.refusalsInARow)
            world.drivers[d.index].suspended = account.suspended
        }
        for c in scope.clientIDs {
            guard let account = service.clients[client(c)] else { continue }
            world.clients[c.index].emailConfirmed = account.emailConfirmed
            world.clients[c.index].cards = UInt8(account.cards.count)
        }
        for t in scope.taxiIDs {
            for owner in service.taxis[taxi(t)]?.owners ?? [] { world.taxiOwners[t.index] |= 1 << raw(owner) }
        }
        for z in scope.zoneIDs {
            let entries = service.queue(in: zone(z))
            for (position, entry) in entries.enumerated() {
                world.queueDrivers[z.index * World.queueSlots + position] = raw(entry.driver)
                world.queueTaxis[z.index * World.queueSlots + position] = raw(entry.taxi)
            }
            world.queueLength[z.index] = UInt8(entries.count)
        }
        for (id, route) in service.routes {
            let slot = Int(slot(of: id, in: service))
            world.routes[slot].status = switch route.state {
            case .requested: .notAllocated
            case .waiting: .waiting
            case .onBoard: .onBoard
            case .completed: .completed
            case .cancelled: .cancelled
            }
            world.routes[slot].zoneRaw = raw(route.origin)
            world.routes[slot].passengers = UInt8(route.passengers)
            world.routes[slot].isShared = route.shared
            world.routes[slot].isReserved = route.isReservation
            world.routes[slot].pickupAt = ticks(route.pickupAt)
            world.routes[slot].offeredToRaw = raw(route.offeredTo)
            world.routes[slot].rideRaw = route.ride.map { self.slot(of: service.rides[$0]!.leadRoute, in: service) } ?? noEntity
            world.routes[slot].joinedRaw = route.joinedGroupOf.map { self.slot(of: $0, in: service) } ?? noEntity
            world.routes[slot].paid = route.payment != nil
        }
        for ride in service.rides.values where ride.state != .cancelled {
            let slot = Int(slot(of: ride.leadRoute, in: service))
            world.rides[slot].driverRaw = raw(ride.driver)
            world.rides[slot].taxiRaw = raw(ride.taxi)
            world.rides[slot].acceptedAt = ticks(ride.acceptedAt)
            for member in ride.routes { world.rides[slot].routeMask |= 1 << self.slot(of: member, in: service) }
        }
        for (position, id) in service.waitingRequests.enumerated() { world.dispatchLine[position] = slot(of: id, in: service) }
        world.dispatchCount = UInt8(service.waitingRequests.count)
        return world
    }
}
