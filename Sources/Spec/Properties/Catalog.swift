import Checker

/// Every property of the myTaxi model, in catalogue order: seed facts, seed assertions and
/// commands, corrected properties, rules. The catalogue in Invariants/ is generated from this.
public enum Catalog {
    public static func properties(scope: Scope, literal: Bool = false) -> [Property<MyTaxiModel>] {
        let all = SeedFacts.all(scope: scope) + SeedAssertions.all(scope: scope) + CorrectedProperties.all(scope: scope)
            + StateRules.all(scope: scope) + ActionRules.all(scope: scope)
        guard literal else { return all }
        let literalGroups = [PropertyGroup.seedFact, .seedAssertion, .seedCommand].map(\.rawValue)
        return all.map { $0.checked(byDefault: literalGroups.contains($0.group)) }
    }
}
