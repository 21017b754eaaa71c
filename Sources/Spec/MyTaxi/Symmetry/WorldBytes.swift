/// A world read as bytes, at offsets worked out once: the canonical form runs on every
/// successor the explorer generates, and reading a record through `InlineArray`'s subscript
/// (even `[unchecked:]`, through a pointer) made the compiler copy the whole array to the
/// stack first, 80 bytes for one route's offer.
///
/// Indices are not checked: `Symmetry.init` requires a scope within the world's capacity,
/// and every index the forms use is below the scope's counts.
struct WorldBytes {
    let base: UnsafeRawPointer

    init(_ world: UnsafePointer<World>) { base = UnsafeRawPointer(world) }

    @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    @inline(__always) func driver(_ d: Int) -> DriverRecord {
        base.loadUnaligned(fromByteOffset: Layout.drivers &+ d &* Layout.driverStride, as: DriverRecord.self)
    }
    @inline(__always) func taxiOwners(_ t: Int) -> UInt8 { byte(Layout.taxiOwners &+ t) }
    @inline(__always) func queueDriver(_ position: Int) -> UInt8 { byte(Layout.queueDrivers &+ position) }
    @inline(__always) func queueTaxi(_ position: Int) -> UInt8 { byte(Layout.queueTaxis &+ position) }
    @inline(__always) func queueLength(_ z: Int) -> Int { Int(byte(Layout.queueLength &+ z)) }
    @inline(__always) func offeredTo(_ r: Int) -> UInt8 { byte(Layout.routes &+ r &* Layout.routeStride &+ Layout.offeredTo) }
    @inline(__always) func rideDriver(_ r: Int) -> UInt8 { byte(Layout.rides &+ r &* Layout.rideStride &+ Layout.rideDriver) }
    @inline(__always) func rideTaxi(_ r: Int) -> UInt8 { byte(Layout.rides &+ r &* Layout.rideStride &+ Layout.rideTaxi) }

    /// The offsets, as literals the optimiser folds (`MemoryLayout.offset(of:)` it does
    /// not). `Symmetry.init` and `SymmetryTests` hold them to `MemoryLayout`'s answers, so a
    /// field moved in `World` or a record stops the program rather than misreads a world.
    enum Layout {
        static let drivers = 0, driverStride = 7, driverTaxi = 4
        static let clients = 28, clientStride = 2
        static let taxiOwners = 36
        static let queueDrivers = 40, queueTaxis = 52, queueLength = 64
        static let routes = 67, routeStride = 10, offeredTo = 6, routeRide = 7, routeJoined = 8
        static let rides = 147, rideStride = 4, rideDriver = 0, rideTaxi = 1, rideRoutes = 3
        static let dispatchLine = 179

        /// Each constant next to what `MemoryLayout` says it should be.
        static var checked: [(name: String, constant: Int, actual: Int)] {
            [("drivers", drivers, MemoryLayout<World>.offset(of: \World.drivers)!),
             ("driverStride", driverStride, MemoryLayout<DriverRecord>.stride),
             ("driverTaxi", driverTaxi, MemoryLayout<DriverRecord>.offset(of: \DriverRecord.taxiRaw)!),
             ("clients", clients, MemoryLayout<World>.offset(of: \World.clients)!),
             ("clientStride", clientStride, MemoryLayout<ClientRecord>.stride),
             ("taxiOwners", taxiOwners, MemoryLayout<World>.offset(of: \World.taxiOwners)!),
             ("queueDrivers", queueDrivers, MemoryLayout<World>.offset(of: \World.queueDrivers)!),
             ("queueTaxis", queueTaxis, MemoryLayout<World>.offset(of: \World.queueTaxis)!),
             ("queueLength", queueLength, MemoryLayout<World>.offset(of: \World.queueLength)!),
             ("routes", routes, MemoryLayout<World>.offset(of: \World.routes)!),
             ("routeStride", routeStride, MemoryLayout<RouteRecord>.stride),
             ("offeredTo", offeredTo, MemoryLayout<RouteRecord>.offset(of: \RouteRecord.offeredToRaw)!),
             ("routeRide", routeRide, MemoryLayout<RouteRecord>.offset(of: \RouteRecord.rideRaw)!),
             ("routeJoined", routeJoined, MemoryLayout<RouteRecord>.offset(of: \RouteRecord.joinedRaw)!),
             ("rides", rides, MemoryLayout<World>.offset(of: \World.rides)!),
             ("rideStride", rideStride, MemoryLayout<RideRecord>.stride),
             ("rideDriver", rideDriver, MemoryLayout<RideRecord>.offset(of: \RideRecord.driverRaw)!),
             ("rideTaxi", rideTaxi, MemoryLayout<RideRecord>.offset(of: \RideRecord.taxiRaw)!),
             ("rideRoutes", rideRoutes, MemoryLayout<RideRecord>.offset(of: \RideRecord.routeMask)!),
             ("dispatchLine", dispatchLine, MemoryLayout<World>.offset(of: \World.dispatchLine)!)]
        }
    }
}
