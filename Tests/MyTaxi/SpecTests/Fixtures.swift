import Checker
@testable import MyTaxiSpec

/// Hand-built worlds and small helpers for the Spec tests.
enum Fixture {
    static let scope = Scope.ci
    static var rules: Rules { Rules(scope: scope) }

    /// The onboarded initial world of a scope.
    static func world(_ scope: Scope = Fixture.scope) -> World { MyTaxiModel.initialWorld(scope) }

    /// A named scope cut to `depth`, its model, and options that search it to that depth
    /// with 2 workers.
    static func search(_ scopeName: String, literal: Bool, depth: Int, symmetry: Bool) -> (MyTaxiModel, ExplorationOptions) {
        var scope = Scope.named.first { $0.name == scopeName }!
        scope.depth = depth
        var options = ExplorationOptions()
        options.maxDepth = depth
        options.workers = 2
        options.symmetry = symmetry
        return (MyTaxiModel(scope: scope, literal: literal), options)
    }

    /// Applies actions in order, requiring each to be enabled.
    static func run(_ actions: [TaxiAction], from start: World? = nil, scope: Scope = Fixture.scope) -> World? {
        var world = start ?? Fixture.world(scope)
        let rules = Rules(scope: scope)
        for action in actions {
            guard let next = rules.apply(action, to: world) else { return nil }
            world = next
        }
        return world
    }

    /// Every world within `steps` steps of the start, by plain breadth-first search over
    /// whole worlds, level by level.
    static func reachable(by model: MyTaxiModel, within steps: Int) -> [World] {
        var level = model.initialStates
        var seen = Set(level), all = level
        for _ in 0..<steps {
            var next: [World] = []
            for world in level {
                for action in model.enabledActions(in: world) {
                    let successor = model.successor(of: world, via: action)!
                    if seen.insert(successor).inserted { next.append(successor) }
                }
            }
            all += next
            level = next
        }
        return all
    }

    static func property(_ id: String, scope: Scope = Fixture.scope) -> Property<MyTaxiModel> {
        Catalog.properties(scope: scope).first { $0.id == id }!
    }

    /// d1 works with t1 in z1, d2 with t2 in z1, and c1 has asked for a ride from z1.
    static var requested: World {
        run([.startWorking(driver: DriverID(0), taxi: TaxiID(0), zone: ZoneID(0)),
            .startWorking(driver: DriverID(1), taxi: TaxiID(1), zone: ZoneID(0)),
             .requestRide(client: ClientID(0), zone: ZoneID(0), passengers: 1, shared: false)])!
    }
}

let d1 = DriverID(0), d2 = DriverID(1), t1 = TaxiID(0), t2 = TaxiID(1), z1 = ZoneID(0), z2 = ZoneID(1)
let c1 = ClientID(0), c2 = ClientID(1), r1 = RouteID(0), r2 = RouteID(1)
