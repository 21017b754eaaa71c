import Checker
import ModelKit

/// The machine-readable summary of `verify check --format json`.
enum JSONReport {
    /// The top level sums every target's run; `runs` has each one; `properties` lists every
    /// target's properties, each with its target. A suite of scopes has `scopes` where a single
    /// scope has `scope`, and each property and run names its scope.
    static func render(_ report: CheckReport) -> String {
        let suite = report.isSuite
        let properties: [JSON] = report.sections.flatMap { section in section.runs.flatMap { run in
            run.properties.map { outcome in
                JSON.object((suite ? [("scope", JSON.string(section.scopeName))] : []) + [
                    ("id", .string(outcome.id)),
                    ("target", .string(run.target)),
                    ("kind", .string(outcome.kind.rawValue)),
                    ("group", .string(outcome.group)),
                    ("status", .string(outcome.status)),
                    ("exercised", .integer(outcome.exercised)),
                    ("traceLength", outcome.counterexample.map { .integer($0.length) } ?? .null),
                ] + (outcome.kind == .leadsTo ? [
                    ("loopStart", outcome.counterexample?.loopStart.map(JSON.integer) ?? .null),
                    ("pendingAtBound", .integer(outcome.pendingAtBound)),
                ] : []) + [
                    ("witness", outcome.status == "violated" ? .string(outcome.counterexample!.witness) : .null),
                    ("trace", outcome.status == "violated"
                        ? report.traceFile(scope: section.scopeName, target: run.target, property: outcome.id).map(JSON.string) ?? .null : .null),
                ])
            }
        } }
        let scope: (String, JSON) = suite ? ("scopes", .array(report.sections.map(\.scopeJSON))) : ("scope", report.sections[0].scopeJSON)
        // `unreached` only where the verdict is: the reachability properties without an instance.
        let unreached: [(String, JSON)] = report.verdict == "unreached" ? [("unreached", .array(report.unreached.map(JSON.string)))] : []
        let inconclusive: [(String, JSON)] = report.verdict == "inconclusive"
            ? [("inconclusive", .array(report.inconclusive.map(JSON.string)))] : []
        return JSON.object([("result", .string(report.verdict))] + unreached + inconclusive + [
            ("model", .string(report.modelName)),
            ("target", .string(report.target)),
            ("fault", report.fault.map(JSON.string) ?? .null),
            scope,
            ("states", .object([
                ("distinct", .integer(report.runs.reduce(0) { $0 + $1.distinct })),
                ("generated", .integer(report.runs.reduce(0) { $0 + $1.generated })),
                ("depth", .integer(report.runs.map(\.depth).max() ?? 0)),
            ])),
            ("seconds", .number((report.runs.reduce(0) { $0 + $1.seconds } * 1000).rounded() / 1000)),
            ("properties", .array(properties)),
            ("runs", .array(report.sections.flatMap { section in section.runs.map { run($0, scope: suite ? section.scopeName : nil) } })),
        ]).rendered()
    }

    static func run(_ run: TargetRun, scope: String?) -> JSON {
        .object((scope.map { [("scope", JSON.string($0))] } ?? []) + [
            ("target", .string(run.target)),
        ] + (run.implementation.map { [("implementation", JSON.string($0))] } ?? []) + [
            ("ran", .bool(run.ran)),
            ("states", .object([
                ("distinct", .integer(run.distinct)), ("generated", .integer(run.generated)), ("depth", .integer(run.depth)),
                ("steps", .integer(max(0, run.depth - 1))),
            ])),
            ("stopReason", .string(run.stopReason.rawValue)),
        ] + (run.stopDetail.map { [("stopDetail", JSON.string($0))] } ?? []) + (run.levelsMoved.map { moved in
            [("levelsMoved", JSON.object([
                ("level", .integer(moved.level)), ("directory", .string(moved.directory)),
            ] + (moved.failure.map { [("failure", JSON.string($0))] } ?? [])))]
        } ?? []) + [
            ("seconds", .number((run.seconds * 1000).rounded() / 1000)),
        ] + (run.sharedSearch.map { [("sharedSearch", JSON.string($0))] } ?? []) + [
            ("workers", .integer(run.workers)),
            ("symmetry", .bool(run.symmetry)),
            ("collisionProbability", .number(run.collisionProbability)),
            ("deadlock", run.deadlock.map { .object([("traceLength", .integer($0.length))]) } ?? .null),
        ] + (run.liveness.map { graph in
            [("liveness", JSON.object([
                ("states", .integer(graph.states)), ("edges", .integer(graph.edges)), ("bytes", .integer(graph.bytes)),
                ("seconds", .number((graph.seconds * 1000).rounded() / 1000)),
            ] + (graph.overBudget ? [("overBudget", JSON.bool(true))] : [])))]
        } ?? []) + (run.walks.map { walks in
            [("walks", JSON.object([
                ("seed", .string("\(walks.plan.seed)")), ("planned", .integer(walks.plan.walks)), ("maxSteps", .integer(walks.plan.steps)),
                ("taken", .integer(walks.taken)), ("steps", .integer(walks.steps)), ("deepest", .integer(walks.deepest)),
                ("deadEnds", .integer(walks.deadEnds)),
            ]))]
        } ?? []) + [
            ("actions", .array(run.actions.map {
                .object([("name", .string($0.name)), ("enabled", .integer($0.enabled)), ("fired", .integer($0.fired)), ("newStates", .integer($0.newStates))])
            })),
        ])
    }
}
