import Checker
import MyTaxiHarness
import MyTaxiReference
import MyTaxiSpec
import Testing

/// The abstraction from the Reference's state to a world is total: a Reference that holds
/// more than a world has room for (a driver queued twice, more routes than the scope) is
/// shown as far as it fits, and `ReferenceFitsTheWorld` says what was left out, where the
/// abstraction used to write past the world's arrays and stop the program.
@Suite("The abstraction of the Reference's state")
struct AbstractionTests {
    static let driver = MyTaxiReference.DriverID(1), taxi = TaxiCode(1), client = MyTaxiReference.ClientID(1)
    static let zone1 = MyTaxiReference.ZoneID(1), zone2 = MyTaxiReference.ZoneID(2)

    /// Two zones, one driver and one client, the client allowed `routes` routes.
    static func scope(routes: Int) throws -> Scope {
        try Scope.ci.setting([("drivers", 1), ("taxis", 1), ("clients", 1), ("routes", routes)])
    }

    /// The driver, working in zone 2 (the scope's last), after `rides` rides from zone 2 to
    /// zone 2 with the planted fault `acceptLeavesDriverQueued`: accepting leaves him queued
    /// and finishing queues him again, so zone 2's queue holds him `rides + 1` times.
    static func service(afterRides rides: Int) throws -> DispatchService {
        var service = DispatchService(zones: ZoneMap(zonesInARow: 2), fault: .acceptLeavesDriverQueued)
        try service.registerDriver(driver)
        try service.confirmEmail(of: driver)
        try service.activate(driver)
        try service.addTaxi(taxi, for: driver)
        try service.registerClient(client)
        try service.confirmEmail(of: client)
        try service.startWorking(driver, taxi: taxi, in: zone2)
        for _ in 0..<rides {
            let route = try service.requestRide(for: client, from: zone2, to: zone2, passengers: 1, shared: false)
            _ = try service.dispatchNext()
            try service.accept(driver)
            try service.confirmPickup(driver)
            try service.pay(route, by: .cash)
            try service.completeRide(driver, at: zone2)
        }
        return service
    }

    @Test("A queue longer than a world's slots is shown as far as it fits, and ReferenceFitsTheWorld names it",
          arguments: [2, 3, 4, 6])
    func overfullQueue(rides: Int) throws {
        let service = try Self.service(afterRides: rides)
        let entries = rides + 1
        #expect(service.queue(in: Self.zone2).count == entries)
        let abstraction = Abstraction(scope: try Self.scope(routes: 8))
        let world = abstraction.world(of: service)
        #expect(world.queue(ZoneID(1)).count == min(entries, World.queueSlots))
        #expect(world.queue(ZoneID(1)).allSatisfy { $0 == DriverID(0) })
        // Nothing spills into the slots of the zone beyond, outside the scope.
        #expect((2 * World.queueSlots..<3 * World.queueSlots).allSatisfy { world.queueDrivers[$0] == noEntity })
        let verdict = abstraction.fitsTheWorld.check(service)
        if entries > World.queueSlots {
            #expect(verdict == .violated(witness: "the queue of zone 2 holds \(entries) entries (\(Array(repeating: "driver 1", count: entries).joined(separator: ", "))) where a world has 4 slots; the abstraction shows what fits"))
        } else {
            #expect(verdict == .holds)
        }
    }

    @Test("A client with more routes than the scope allows: the routes that fit are shown, the rest named")
    func routesPastTheScope() throws {
        let service = try Self.service(afterRides: 3)
        let abstraction = Abstraction(scope: try Self.scope(routes: 2))
        let world = abstraction.world(of: service)
        #expect((0..<2).allSatisfy { world.routes[$0].status == .completed })
        #expect((2..<Capacity.routes).allSatisfy { world.routes[$0].status == .unused })
        #expect(abstraction.overflow(of: service) == "client 1 has 3 routes where the scope has 2 a client")
    }

    @Test("Drivers, taxis and clients past the scope's numbers are left out; those within are shown")
    func entitiesPastTheScope() throws {
        var service = DispatchService(zones: ZoneMap(zonesInARow: 2))
        for number in 1...2 {
            let driver = MyTaxiReference.DriverID(number), client = MyTaxiReference.ClientID(number)
            try service.registerDriver(driver)
            try service.confirmEmail(of: driver)
            try service.activate(driver)
            try service.addTaxi(TaxiCode(number), for: driver)
            try service.registerClient(client)
            try service.confirmEmail(of: client)
            try service.addCard(to: client)
        }
        // Room for two of each in a world, one in the scope: the second must not show.
        let world = Abstraction(scope: try Self.scope(routes: 1)).world(of: service)
        #expect(world.drivers[0].emailConfirmed && world.drivers[0].activated)
        #expect(!world.drivers[1].emailConfirmed && !world.drivers[1].activated)
        #expect(world.taxiOwners[0] == 1 && world.taxiOwners[1] == 0)
        #expect(world.clients[0].emailConfirmed && world.clients[0].cards == 1)
        #expect(!world.clients[1].emailConfirmed && world.clients[1].cards == 0)
    }

    @Test("The Reference's own properties hold the abstraction to the world's capacity first, then the fares")
    func listedWithTheReference() {
        let adapter = ReferenceAdapter(model: MyTaxiModel())
        #expect(adapter.systemProperties.map(\.id) == ["ReferenceFitsTheWorld", "FareSharesAddUp", "FareShareNotAboveSolo", "FareWithinRegulatedMaximum"])
        #expect(ImplementationModel(adapter: adapter).properties.contains { $0.id == "ReferenceFitsTheWorld" })
    }
}
