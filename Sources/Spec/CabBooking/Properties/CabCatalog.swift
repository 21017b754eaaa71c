import Checker

/// Every property of the cab booking model, in catalogue order: state rules, rules about steps,
/// reachability witnesses. Each with its id, statement, source in seed 004 and predicate,
/// whose witness names the passenger, booking or cab.
public enum CabCatalog {
    public static func properties(scope: CabScope, literal: Bool = false) -> [Property<CabBookingModel>] {
        (CabStateRules.all(scope) + CabStepRules.all(scope) + CabWitnesses.all(scope)).map { literal ? checkedLiterally($0) : $0 }
    }

    /// With `--literal`, the seed's rules as written are checked too, beside the corrected ones.
    static func checkedLiterally(_ property: CabProperty) -> CabProperty {
        property.group == "seed literal" ? property.checked(byDefault: true) : property
    }
}

typealias CabProperty = Property<CabBookingModel>

extension CabProperty {
    static func invariant(_ id: String, _ statement: String, _ source: String, group: String = "rule", note: String = "",
                          checked: Bool = true, _ verdict: @escaping @Sendable (CabWorld) -> Verdict) -> CabProperty {
        CabProperty(id: id, kind: .invariant, group: group, statement: statement, source: source, symbol: "CabStateRules.\(id)",
                    note: note, checkedByDefault: checked, predicate: .stateVerdict(verdict))
    }

    static func step(_ id: String, _ statement: String, _ source: String, group: String = "rule", note: String = "", checked: Bool = true,
                     _ verdict: @escaping @Sendable (CabWorld, CabAction, CabWorld) -> Verdict) -> CabProperty {
        CabProperty(id: id, kind: .actionProperty, group: group, statement: statement, source: source, symbol: "CabStepRules.\(id)",
                    note: note, checkedByDefault: checked, predicate: .transitionVerdict(verdict))
    }

    static func witness(_ id: String, _ statement: String, _ verdict: @escaping @Sendable (CabWorld) -> Bool) -> CabProperty {
        CabProperty(id: id, kind: .reachability, group: "witness", statement: statement, source: "design note §1.10",
                    symbol: "CabWitnesses.\(id)", predicate: .stateVerdict { verdict($0) ? .holds : .vacuous })
    }
}
