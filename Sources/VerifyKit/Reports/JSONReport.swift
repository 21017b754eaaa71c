import Checker
import Spec

/// The machine-readable summary of `verify check --format json`.
enum JSONReport {
    static func render(_ report: CheckReport) -> String {
        let result = report.result
        let properties: [JSON] = result.properties.map { outcome in
            let status: String
            switch outcome.status {
            case .holds, .satisfied: status = outcome.status == .holds ? "holds" : "satisfied"
            case .vacuous, .unsatisfied: status = outcome.status == .vacuous ? "vacuous" : "unsatisfied"
            case .violated: status = "violated"
            }
            return .object([
                ("id", .string(outcome.property.id)),
                ("kind", .string(outcome.property.kind.rawValue)),
                ("group", .string(outcome.property.group)),
                ("status", .string(status)),
                ("exercised", .integer(outcome.exercised)),
                ("traceLength", outcome.counterexample.map { .integer($0.trace.length) } ?? .null),
                ("witness", outcome.status == .violated ? .string(outcome.counterexample!.witness) : .null),
                ("trace", .null),
            ])
        }
        let scope = report.scope
        return JSON.object([
            ("result", .string(report.verdict)),
            ("model", .string(result.modelName)),
            ("target", .string(report.target)),
            ("scope", .object([
                ("name", .string(scope.name)), ("zones", .integer(scope.zones)), ("drivers", .integer(scope.drivers)),
                ("taxis", .integer(scope.taxis)), ("clients", .integer(scope.clients)),
                ("routesPerClient", .integer(scope.routesPerClient)), ("horizon", .integer(scope.horizon)),
                ("onboarded", .bool(scope.onboarded)),
            ])),
            ("states", .object([
                ("distinct", .integer(result.distinct)), ("generated", .integer(result.generated)), ("depth", .integer(result.depth)),
            ])),
            ("stopReason", .string(result.stopReason.rawValue)),
            ("seconds", .number((result.seconds * 1000).rounded() / 1000)),
            ("workers", .integer(result.workers)),
            ("symmetry", .bool(result.symmetry)),
            ("collisionProbability", .number(result.collisionProbability)),
            ("deadlock", result.deadlock.map { .object([("traceLength", .integer($0.trace.length))]) } ?? .null),
            ("properties", .array(properties)),
            ("actions", .array(result.actions.map {
                .object([("name", .string($0.name)), ("enabled", .integer($0.enabled)), ("fired", .integer($0.fired)), ("newStates", .integer($0.newStates))])
            })),
        ]).rendered()
    }
}
