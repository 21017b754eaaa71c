import Checker

/// Travlendar+ (seed 003) as a `Model`, in the core layer: a plain-data world, one successor
/// function, properties, action kinds. Its schedule request runs a brute-force oracle: the
/// Spec says what a right plan is; the Reference must find it faster.
public struct TravlendarModel: Model {
    public typealias State = TravWorld
    public typealias Action = TravAction

    public let scope: TravScope
    public let rules: TravRules
    public let literal: Bool
    public let properties: [Property<TravlendarModel>]
    public let liveness: Liveness<TravlendarModel>

    public init(scope: TravScope = .ci, literal: Bool = false) {
        precondition(scope.appointments <= TravWorld.appointmentCapacity && scope.schedules <= TravWorld.scheduleCapacity,
                     "scope \(scope.name) exceeds the world's capacity")
        precondition(scope.horizon < 200 && scope.templates.allSatisfy { $0.latestEnd < 255 }, "scope \(scope.name)'s times do not fit a byte")
        self.scope = scope
        self.literal = literal
        rules = TravRules(scope: scope)
        properties = TravCatalog.properties(scope: scope, literal: literal)
        liveness = TravLiveness.declarations(scope: scope, rules: rules)
    }

    public var name: String { "travlendar" }
    public var initialStates: [TravWorld] { rules.initialWorlds }

    public func successors(of world: TravWorld, into transitions: inout [Transition<TravAction, TravWorld>]) {
        rules.candidates(in: world) { action in
            var next = world
            if rules.apply(action, to: &next) { transitions.append(Transition(action: action, state: next)) }
        }
    }

    /// Any action's guard and effect; a clock move of any length is allowed, though a search
    /// tries only the moves `TravRules.clockMoves` lists.
    public func successor(of world: TravWorld, via action: TravAction) -> TravWorld? {
        var next = world
        return rules.apply(action, to: &next) ? next : nil
    }

    public var actionKindNames: [String] { TravActionKind.allCases.map(\.name) }
    public func actionKind(of action: TravAction) -> Int { action.kind.rawValue }
    /// The horizon ends a behaviour, and a scheduler scope asks one question: no deadlock either way.
    public func isLegalEnd(_ world: TravWorld) -> Bool { !scope.lifecycle || Int(world.now) >= scope.horizon }
}
