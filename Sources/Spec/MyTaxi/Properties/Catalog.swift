import Checker

/// Every property of the myTaxi model, in catalogue order: seed facts, seed assertions and
/// commands, corrected properties, rules. The catalogue in Invariants/ is generated from this.
public enum Catalog {
    public static func properties(scope: Scope, literal: Bool = false) -> [Property<MyTaxiModel>] {
        definitions(literal: literal).map { $0.property(scope: scope, key: nil) }
    }

    /// The definitions, with `--literal`'s choice of what is checked by default.
    static func definitions(literal: Bool) -> [TaxiPropertyDefinition] {
        let all = SeedFacts.all() + SeedAssertions.all() + CorrectedProperties.all() + StateRules.all() + ActionRules.all()
        guard literal else { return all }
        let literalGroups: [PropertyGroup] = [.seedFact, .seedAssertion, .seedCommand]
        return all.map { definition in
            var definition = definition
            definition.checkedByDefault = literalGroups.contains(definition.group)
            return definition
        }
    }
}
