import MyTaxiReference
import Testing

/// Fare rules over many generated rides (a seeded generator, so a failure names its case).
@Suite("Fares")
struct FareTests {
    /// SplitMix64: small, seedable, the same on every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let zones = ZoneMap(zonesInARow: 60)

    @Test("Shares add up to the total, none exceeds its solo fare, no fare exceeds the maximum", arguments: [1, 2, 3, 4, 5])
    func sharedFares(seed: UInt64) {
        var random = Generator(state: seed)
        var table = FareTable()
        table.regulatedMaximumCents = 6_000  // low enough that long rides hit it
        let calculator = FareCalculator(table: table, distance: { Self.zones.distance($0, $1) })
        for _ in 0..<2_000 {
            let riders = Int.random(in: 1...4, using: &random)
            let routes = (0..<riders).map { _ in
                (origin: ZoneID(Int.random(in: 1...60, using: &random)), destination: ZoneID(Int.random(in: 1...60, using: &random)),
                 passengers: 1)
            }
            let (total, shares) = calculator.shares(for: routes)
            let solo = routes.map { calculator.soloFare(from: $0.origin, to: $0.destination, passengers: $0.passengers) }
            #expect(shares.reduce(0, +) == total, "\(routes): \(shares) do not add up to \(total)")
            #expect(zip(shares, solo).allSatisfy { $0 <= $1 }, "\(routes): \(shares) exceed \(solo)")
            #expect(total <= table.regulatedMaximumCents)
            #expect(shares.allSatisfy { $0 >= 0 })
        }
    }

    @Test("Rounding each share down loses cents: the planted fault breaks the sum")
    func faultLosesCents() {
        let routes = [(origin: ZoneID(1), destination: ZoneID(1), passengers: 3), (origin: ZoneID(1), destination: ZoneID(1), passengers: 1)]
        let distance: @Sendable (ZoneID, ZoneID) -> Int = { Self.zones.distance($0, $1) }
        let right = FareCalculator(table: FareTable(), distance: distance).shares(for: routes)
        let wrong = FareCalculator(table: FareTable(), distance: distance, fault: .fareSharesDoNotAddUp).shares(for: routes)
        #expect(right.shares == [253, 197] && right.total == 450, "the lost cent goes to the larger remainder")
        #expect(wrong.shares.reduce(0, +) == 449)
    }
}
