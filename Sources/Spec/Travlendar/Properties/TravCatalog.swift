import Checker

/// Every property of the Travlendar+ model, in catalogue order: the validity of plans, the
/// lifecycles, rules about steps, reachability witnesses. Each with its id, statement, source
/// in seed 003 and predicate, whose witness names the schedule, appointment, leg or rule.
public enum TravCatalog {
    public static func properties(scope: TravScope, literal: Bool = false) -> [Property<TravlendarModel>] {
        (TravPlanRules.all(scope) + TravStateRules.all(scope) + TravStepRules.all(scope) + TravWitnesses.all(scope))
            .map { literal ? checkedLiterally($0) : $0 }
    }

    /// With `--literal`, the seed's rules as written are checked too, beside the corrected ones.
    static func checkedLiterally(_ property: TravProperty) -> TravProperty {
        property.group == "seed literal" ? property.checked(byDefault: true) : property
    }
}

typealias TravProperty = Property<TravlendarModel>

extension TravProperty {
    static func invariant(_ id: String, _ statement: String, _ source: String, symbol: String = "TravStateRules", group: String = "rule",
                          _ verdict: @escaping @Sendable (TravWorld) -> Verdict) -> TravProperty {
        TravProperty(id: id, kind: .invariant, group: group, statement: statement, source: source, symbol: "\(symbol).\(id)", predicate: .stateVerdict(verdict))
    }

    static func step(_ id: String, _ statement: String, _ source: String, group: String = "rule", note: String = "", checked: Bool = true,
                     _ verdict: @escaping @Sendable (TravWorld, TravAction, TravWorld) -> Verdict) -> TravProperty {
        TravProperty(id: id, kind: .actionProperty, group: group, statement: statement, source: source, symbol: "TravStepRules.\(id)",
                     note: note, checkedByDefault: checked, predicate: .transitionVerdict(verdict))
    }

    static func witness(_ id: String, _ statement: String, _ verdict: @escaping @Sendable (TravWorld) -> Bool) -> TravProperty {
        TravProperty(id: id, kind: .reachability, group: "witness", statement: statement, source: "design note §1.10",
                     symbol: "TravWitnesses.\(id)", predicate: .stateVerdict { verdict($0) ? .holds : .vacuous })
    }
}

/// A schedule and an appointment as witnesses name them: s1, a2.
func scheduleName(_ s: Int) -> String { "s\(s + 1)" }
func appointmentName(_ a: Int) -> String { "a\(a + 1)" }
