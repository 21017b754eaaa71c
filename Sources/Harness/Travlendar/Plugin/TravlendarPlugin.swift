import Checker
import TravlendarReference
import TravlendarSpec

/// Travlendar+ (seed 003) as `verify` sees it.
public struct TravlendarPlugin: ModelPlugin {
    public typealias Spec = TravlendarModel
    public typealias Adapter = TravReferenceAdapter
    public typealias Bounds = TravScope

    public init() {}

    public var name: String { "travlendar" }
    public var summary: String {
        "Travlendar+ (seed 003): appointments and schedules, valid and optimal plans against a brute-force oracle, booking, weather, strikes and shared bikes, time at the minute"
    }

    public var scopes: [ScopeDescription] {
        [ScopeDescription("ci", "the lifecycles: 2 appointments and 2 schedules from a palette of 4 appointments, 2 profiles and 2 criteria orders; weather, strike and a shared bike; 2 hours"),
         ScopeDescription("scheduler", "every input of the small palette at depth 1: 2 sets of 3 appointments, "
                          + "16 environments, "
                          + "7 selections, 5 profiles (3 capped at the 600 m legs), 3 orders: 3,360 requests"),
         ScopeDescription("palette", "every input of the larger palette at depth 1: every 3 of 8 appointments, "
                          + "16 environments, 7 selections, 6 profiles, all 6 orders: 225,792 requests"),
         ScopeDescription("worlds", "every one of the 16 environments to start from, "
                          + "1 appointment of the small palette, 1 schedule, 2 profiles, 2 orders: 4 steps"),
         ScopeDescription("day", "seeded walks (default suite): 3 appointments of the larger palette, 2 schedules, "
                          + "every one of the 16 environments to start from, 2 profiles, 2 orders, 3 hours")]
    }

    public var defaultSuite: [SuiteEntry] {
        ["ci", "scheduler", "worlds", .walks("day", seed: 1, walks: 300, steps: 60)]
    }

    public func spec(for scope: TravScope, literal: Bool) -> TravlendarModel { TravlendarModel(scope: scope, literal: literal) }

    public func adapter(for spec: TravlendarModel, fault: String?) -> TravReferenceAdapter {
        TravReferenceAdapter(model: spec, fault: fault.map { name in
            guard let fault = CalendarFault(rawValue: name) else { preconditionFailure("travlendar has no fault '\(name)'") }
            return fault
        })
    }

    public var faults: [FaultDescription] { TravFaultCatalog.entries }
    public var actions: [ActionDescription] { TravActionKind.allCases.map { ActionDescription(name: $0.name, source: $0.source) } }
    public func catalogue(_ format: CatalogueFormat) -> String { TravCatalogueDocument.render(format, plugin: self) }

    public func reportJSON(of scope: TravScope) -> JSON {
        .object([("name", .string(scope.name)), ("appointments", .integer(scope.appointments)), ("schedules", .integer(scope.schedules)),
                 ("horizon", .integer(scope.horizon)), ("initialStates", .integer(scope.startingAppointments.count * scope.environments.count))])
    }
}
