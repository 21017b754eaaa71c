/// Favourite places (seed 004 UC20).
extension CabBookingService {
    /// Saves a favourite place under a name: a new name, not within 150 m of another favourite
    /// (BR4, 11a; D24: exactly 150 m counts as the same place), at most 20 over all cities
    /// (BR1, D23), inside a service area. Distances are compared in whole metres, the GPS
    /// resolution the seed speaks of: compared as the raw great-circle value, a place the map
    /// shows 150 m away was the same place or another by the last micro-degree of latitude.
    @discardableResult
    public mutating func addFavourite(_ passenger: PassengerID, name: String, at location: Coordinate) throws(CabServiceError) -> Favourite {
        _ = try loggedIn(passenger)
        let current = favourites[passenger] ?? []
        guard !name.isEmpty else { throw .invalidField("name") }
        guard !current.contains(where: { $0.name == name }) else { throw .favouriteNameTaken(name) }
        let radius = policy.favouriteRadiusMetres
        if let near = current.first(where: {
            let metres = Int(Geo.metres($0.location, location).rounded())
            return fault == .favouriteRadiusExclusive ? metres < radius : metres <= radius
        }) {
            throw .favouriteTooClose(to: near.name)
        }
        guard current.count < policy.maximumFavourites || (fault == .favouriteLimitOffByOne && current.count == policy.maximumFavourites) else { throw .favouriteLimit(policy.maximumFavourites) }
        guard area(containing: location) != nil else { throw .outsideServiceArea(location) }
        let favourite = Favourite(id: nextFavouriteID, name: name, location: location)
        nextFavouriteID += 1
        favourites[passenger, default: []].append(favourite)
        return favourite
    }
}
