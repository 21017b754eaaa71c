import Checker
import ModelKit
import ShuttleSpec

/// The shuttle model as `verify` sees it. Everything else (--set, traces, replay, reports,
/// the catalogue, the JSON shapes) comes from the declarations in ShuttleSpec.
public struct ShuttlePlugin: ModelPlugin {
    public init() {}

    public var name: String { "shuttle" }
    public var summary: String { "Shuttle seat holds: riders hold, confirm and cancel seats; holds lapse on a clock" }
    public var scopes: [ScopeDescription] {
        [
            ScopeDescription("ci", "3 riders, 2 seats, holds of 10 minutes, 30 minutes"),
            ScopeDescription("rush", "4 riders for 2 seats, holds of 5 minutes, 20 minutes"),
        ]
    }
    public var defaultSuite: [SuiteEntry] { ["ci", "rush"] }
    public var faults: [FaultDescription] { ShuttleFault.allCases.map(\.description) }
    public var actions: [ActionDescription] {
        zip(ShuttleAction.kinds, ["README rule 1", "README rule 2", "README rule 3", "README rule 2"]).map {
            ActionDescription(name: $0, source: $1)
        }
    }

    public func spec(for scope: ShuttleScope, literal: Bool) -> ShuttleModel { ShuttleModel(scope: scope) }

    public func adapter(for spec: ShuttleModel, fault: String?) -> ShuttleAdapter {
        ShuttleAdapter(
            spec: spec,
            fault: fault.map { name in
                guard let fault = ShuttleFault(rawValue: name) else {
                    preconditionFailure("shuttle has no fault '\(name)'")
                }
                return fault
            })
    }
}
