/// Reading an action back from its name and parameters, as trace files write them
/// (`accept` with `driver: d1`). The inverse of `kind.name` and `parameters`.
public struct ActionParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}

extension TaxiAction {
    public init(name: String, parameters: [String: String], scope: Scope) throws(ActionParseError) {
        guard let kind = ActionKind.allCases.first(where: { $0.name == name }) else {
            throw ActionParseError(description: "unknown action '\(name)'; actions are \(ActionKind.allCases.map(\.name).joined(separator: ", "))")
        }
        let reader = ParameterReader(action: name, values: parameters, scope: scope)
        switch kind {
        case .confirmClientEmail: self = .confirmClientEmail(try reader.client())
        case .confirmDriverEmail: self = .confirmDriverEmail(try reader.driver())
        case .activateDriver: self = .activateDriver(try reader.driver())
        case .addCard: self = .addCard(try reader.client())
        case .deleteCard: self = .deleteCard(try reader.client())
        case .addTaxi: self = .addTaxi(try reader.driver(), try reader.taxi())
        case .startWorking: self = .startWorking(try reader.driver(), try reader.taxi(), try reader.zone())
        case .stopWorking: self = .stopWorking(try reader.driver())
        case .changeZone: self = .changeZone(try reader.driver(), try reader.zone())
        case .requestRide:
            self = .requestRide(try reader.client(), zone: try reader.zone(), passengers: try reader.passengers(), shared: try reader.bool("shared"))
        case .reserveRide:
            self = .reserveRide(try reader.client(), zone: try reader.zone(), passengers: try reader.passengers(),
                                shared: try reader.bool("shared"), lead: try reader.lead())
        case .joinSharedRide:
            self = .joinSharedRide(try reader.client(), owner: try reader.route("owner"), passengers: try reader.passengers())
        case .modifyReservation: self = .modifyReservation(try reader.route(), lead: try reader.lead())
        case .cancelRoute: self = .cancelRoute(try reader.route())
        case .offer: self = .offer(try reader.route(), try reader.driver())
        case .accept: self = .accept(try reader.driver())
        case .decline: self = .decline(try reader.driver())
        case .answerTimeout: self = .answerTimeout(try reader.driver())
        case .allocateReservation: self = .allocateReservation(try reader.route())
        case .driverCancel: self = .driverCancel(try reader.driver())
        case .signalFakeRequest: self = .signalFakeRequest(try reader.driver())
        case .pickup: self = .pickup(try reader.driver())
        case .pay: self = .pay(try reader.route(), byCard: try reader.bool("byCard"))
        case .dropOff: self = .dropOff(try reader.route())
        case .complete: self = .complete(try reader.driver(), at: try reader.zone())
        case .interrupt: self = .interrupt(try reader.driver(), at: try reader.zone())
        case .tick:
            if let text = parameters["minutes"] {
                guard let minutes = Int(text), minutes > scope.timing.minutesPerTick else {
                    throw ActionParseError(description: "tick: minutes '\(text)' is not a whole number above a tick (\(scope.timing.minutesPerTick))")
                }
                self = .longTick(minutes: minutes)
            } else {
                self = .tick
            }
        }
        let expected = Set(self.parameters.map(\.name))
        if let extra = parameters.keys.sorted().first(where: { !expected.contains($0) }) {
            throw ActionParseError(description: "\(name) has no parameter '\(extra)'")
        }
    }
}

/// Reads typed parameters, naming the action, the parameter and the valid values on error.
struct ParameterReader {
    let action: String
    let values: [String: String]
    let scope: Scope

    func text(_ name: String) throws(ActionParseError) -> String {
        guard let value = values[name] else { throw ActionParseError(description: "\(action) needs a parameter '\(name)'") }
        return value
    }

    func entity<ID: EntityID>(_ name: String, count: Int, as: ID.Type) throws(ActionParseError) -> ID {
        let value = try text(name)
        guard value.hasPrefix(ID.prefix), let number = Int(value.dropFirst(ID.prefix.count)), (1...count).contains(number) else {
            throw ActionParseError(description: "\(action): \(name) '\(value)' is not one of \(ID.prefix)1...\(ID.prefix)\(count) in scope \(scope.name)")
        }
        return ID(number - 1)
    }

    func driver() throws(ActionParseError) -> DriverID { try entity("driver", count: scope.drivers, as: DriverID.self) }
    func client() throws(ActionParseError) -> ClientID { try entity("client", count: scope.clients, as: ClientID.self) }
    func taxi() throws(ActionParseError) -> TaxiID { try entity("taxi", count: scope.taxis, as: TaxiID.self) }
    func zone() throws(ActionParseError) -> ZoneID { try entity("zone", count: scope.zones, as: ZoneID.self) }
    func route(_ name: String = "route") throws(ActionParseError) -> RouteID { try entity(name, count: scope.routes, as: RouteID.self) }

    /// A whole number in `range`: the values a check of the scope can try, the probes one
    /// outside each of the seeds' limits included.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ActionParseError) -> Int {
        let value = try text(name)
        guard let number = Int(value) else {
            throw ActionParseError(description: "\(action): \(name) '\(value)' is not a whole number")
        }
        guard range.contains(number) else {
            throw ActionParseError(description: "\(action): \(name) \(number) is out of range; in scope \(scope.name) it is \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// 0 to one past a taxi's seats: the seeds' 1 to 4 and the probes beside them.
    func passengers() throws(ActionParseError) -> Int { try integer("passengers", in: 0...(Capacity.maxPassengersPerTaxi + 1)) }

    /// A reservation's lead in ticks, the window's edges and one tick outside each.
    func lead() throws(ActionParseError) -> Int {
        try integer("lead", in: (scope.timing.minimumLeadTicks - 1)...(scope.timing.maximumLeadTicks + 1))
    }

    func bool(_ name: String) throws(ActionParseError) -> Bool {
        switch try text(name) {
        case "true": return true
        case "false": return false
        case let value: throw ActionParseError(description: "\(action): \(name) '\(value)' is not true or false")
        }
    }
}
