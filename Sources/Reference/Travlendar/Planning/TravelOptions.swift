/// What it costs to go from one place to another by one mode.
public struct TravelQuote: Sendable, Equatable {
    public let minutes: Int
    public let price: Int
    public let metres: Int
    public init(minutes: Int, price: Int, metres: Int) {
        self.minutes = minutes
        self.price = price
        self.metres = metres
    }
}

/// Where the planner gets its travel options: the harness plugs in a table; production would
/// plug in a routing API.
public protocol TravelOptionProvider: Sendable {
    func quote(from: PlaceID, to: PlaceID, by mode: TravelMode) -> TravelQuote?
}

/// Travel options from a fixed table.
public struct TravelTable: TravelOptionProvider, Equatable {
    public var quotes: [Key: TravelQuote]

    public struct Key: Hashable, Sendable {
        public let from: PlaceID, to: PlaceID, mode: TravelMode
        public init(_ from: PlaceID, _ to: PlaceID, _ mode: TravelMode) {
            self.from = from
            self.to = to
            self.mode = mode
        }
    }

    public init(quotes: [Key: TravelQuote]) { self.quotes = quotes }

    public func quote(from: PlaceID, to: PlaceID, by mode: TravelMode) -> TravelQuote? { quotes[Key(from, to, mode)] }
}
