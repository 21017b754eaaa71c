import Checker

/// The Mobile Cab Booking application of seed 004 as a `Model`, written in the core layer:
/// a plain-data world, one successor function, properties, action kinds.
public struct CabBookingModel: Model {
    public typealias State = CabWorld
    public typealias Action = CabAction

    public let scope: CabScope
    public let rules: CabRules
    /// Check the seed's rules as written where a corrected rule replaces them by default.
    public let literal: Bool
    public let properties: [Property<CabBookingModel>]
    /// Its leads-to properties and the fairness each assumes (`CabLiveness`).
    public let liveness: Liveness<CabBookingModel>

    public init(scope: CabScope = .ci, literal: Bool = false) {
        precondition(scope.passengers <= CabWorld.passengerCapacity && scope.bookings <= CabWorld.bookingCapacity
                     && scope.cabs <= CabWorld.cabCapacity, "scope \(scope.name) exceeds the world's capacity")
        // Every time the state keeps is a byte: a pickup is at most the longest lead past the horizon.
        precondition(scope.horizon <= CabScope.maximumHorizon && scope.horizon + scope.timing.maximumLeadMinutes < Int(CabWorld.none)
                     && scope.horizon + scope.timing.dayMinutes < Int(CabWorld.none), "scope \(scope.name)'s times do not fit a byte")
        self.scope = scope
        self.literal = literal
        rules = CabRules(scope: scope)
        properties = CabCatalog.properties(scope: scope, literal: literal)
        liveness = CabLiveness.declarations(scope: scope)
    }

    public var name: String { "cabbooking" }
    public var initialStates: [CabWorld] { [rules.initialWorld] }

    public func successors(of world: CabWorld, into transitions: inout [Transition<CabAction, CabWorld>]) {
        rules.candidates(in: world) { action in
            var next = world
            if rules.apply(action, to: &next) { transitions.append(Transition(action: action, state: next)) }
        }
    }

    /// The action's guard and effect, for any action: a clock move of any length is allowed,
    /// though a search tries only the moves `CabRules.clockMoves` lists.
    public func successor(of world: CabWorld, via action: CabAction) -> CabWorld? {
        var next = world
        return rules.apply(action, to: &next) ? next : nil
    }

    public var actionKindNames: [String] { CabActionKind.allCases.map(\.name) }
    public func actionKind(of action: CabAction) -> Int { action.kind.rawValue }
    /// The clock's horizon ends every behaviour: nothing left to do then is no deadlock.
    public func isLegalEnd(_ world: CabWorld) -> Bool { Int(world.now) >= scope.horizon }
}
