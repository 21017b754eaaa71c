@testable import CabBookingReference

/// A small city: two pickup points and a point outside the service area; two Nanos and a
/// Sedan; known legs, so that every ETA and distance is exact.
enum Fixture {
    static func point(_ latitude: Int, _ longitude: Int) -> Coordinate { Coordinate(latitudeMicro: latitude, longitudeMicro: longitude) }
    static let home = point(12_970_000, 77_590_000), office = point(12_980_000, 77_600_000), outside = point(13_500_000, 78_000_000)
    static let depot = point(12_960_000, 77_580_000)
    static let city = ServiceArea(city: "Bengaluru", southWest: point(12_800_000, 77_400_000), northEast: point(13_200_000, 77_800_000),
                                  fares: [.nano: Fare(base: 4_000, perKilometre: 1_000), .sedan: Fare(base: 8_000, perKilometre: 1_600)])
    static let router = Router(speedKmh: 30, legs: [
        .init(depot, home): (10, 2_000), .init(office, home): (20, 4_000), .init(home, office): (15, 5_250),
        .init(depot, office): (25, 5_000), .init(office, depot): (25, 5_000), .init(home, depot): (10, 2_000),
    ])

    /// The service with passenger 1 registered and logged in, and the fleet.
    static func service(firstBookingID: Int = 100_000, policy: CabPolicy = .standard) -> (CabBookingService, PassengerID) {
        var service = CabBookingService(policy: policy, areas: [city], router: router, firstBookingID: firstBookingID)
        service.addCab(CabID(1), type: .nano, at: depot)
        service.addCab(CabID(2), type: .nano, at: office)
        service.addCab(CabID(3), type: .sedan, at: office)
        let passenger = try! service.register(name: "Asha", email: "asha@example.com", mobile: "9876543210", password: "abcd1234", confirmation: "abcd1234")
        _ = try! service.login(mobile: "9876543210", password: "abcd1234")
        return (service, passenger)
    }

    /// `body` throws `expected` and leaves the service exactly as it was.
    static func refused(_ service: CabBookingService, _ expected: CabServiceError,
                        _ body: (inout CabBookingService) throws(CabServiceError) -> Void) -> Bool {
        var copy = service
        do { try body(&copy) } catch { return error == expected && copy == service }
        return false
    }
}
