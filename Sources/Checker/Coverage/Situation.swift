/// A situation a rule has to meet before a suite can claim to have checked it, counted where
/// the rule decides an offered action.
///
/// - An environment: each combination of the user's resources and the world's conditions
///   that changes what the action may do (a bike or none, rain or dry, a card or cash). A
///   scope whose world always holds the same resources never meets a bug of the other case.
/// - Contention: one more actor competing for a thing than the rule needs to bite (a third
///   passenger for the last cab of a type, a third request in one dispatch line). With only
///   as many actors as the rule needs, an order that is wrong for the third looks right.
///
/// `classify` says which of `cases` an offered action meets in a state; nil where the rule
/// decides nothing about it.
public struct Situation<M: Model>: Sendable {
    public let id: String
    public let kind: SituationKind
    /// The rule the situation tests, in words.
    public let statement: String
    /// Where the rule comes from in the seeds or the design note.
    public let source: String
    /// The cases to reach, each in words: "rain, strike, a shared bike, no bike of one's own".
    public let cases: [String]
    public let classify: @Sendable (_ before: M.State, _ action: M.Action) -> Int?

    /// Each combination of `dimensions` (each a list of alternatives, in words), classified by
    /// `pick`, which names one alternative of each dimension in their order.
    public static func environment(_ id: String, _ statement: String, source: String, dimensions: [[String]],
                                   pick: @escaping @Sendable (M.State, M.Action) -> [Int]?) -> Self {
        precondition(!dimensions.isEmpty && dimensions.allSatisfy { $0.count >= 2 },
                     "an environment of dimensions with two alternatives or more")
        let cases = dimensions.reduce([[String]()]) { combinations, alternatives in
            combinations.flatMap { prefix in alternatives.map { prefix + [$0] } }
        }.map { $0.joined(separator: ", ") }
        let sizes = dimensions.map(\.count)
        return Situation(id: id, kind: .environment, statement: statement, source: source,
                         cases: cases) { state, action in
            guard let picks = pick(state, action) else { return nil }
            precondition(picks.count == sizes.count && zip(picks, sizes).allSatisfy { $0 >= 0 && $0 < $1 },
                         "\(id): a pick of one alternative per dimension")
            return zip(picks, sizes).reduce(0) { index, pair in index * pair.1 + pair.0 }
        }
    }

    /// `needs` of `actors` compete for one thing where the rule bites; the case to reach is one
    /// more. `competing` counts them for an offered action; nil where the rule decides nothing.
    public static func contention(_ id: String, _ statement: String, source: String, actors: String, needs: Int,
                                  competing: @escaping @Sendable (M.State, M.Action) -> Int?) -> Self {
        precondition(needs >= 1, "a rule needs one actor at least")
        return Situation(id: id, kind: .contention, statement: statement, source: source,
                         cases: ["\(needs) \(actors)", "\(needs + 1) \(actors) or more"]) { state, action in
            guard let count = competing(state, action), count >= needs else { return nil }
            return count > needs ? 1 : 0
        }
    }

    public init(id: String, kind: SituationKind, statement: String, source: String, cases: [String],
                classify: @escaping @Sendable (_ before: M.State, _ action: M.Action) -> Int?) {
        self.id = id
        self.kind = kind
        self.statement = statement
        self.source = source
        self.cases = cases
        self.classify = classify
    }
}

/// What a situation is about: the environment an action meets, or actors competing.
public enum SituationKind: String, Sendable, CaseIterable {
    case environment, contention
}

/// How often a check reached each case of a situation.
public struct SituationCoverage: Sendable, Equatable {
    public let id: String
    public let kind: SituationKind
    public let statement: String
    public let source: String
    public let cases: [String]
    public var counts: [Int]
}

extension SituationCoverage {
    public init<M: Model>(_ situation: Situation<M>, counts: [Int]) {
        self.init(id: situation.id, kind: situation.kind, statement: situation.statement, source: situation.source,
                  cases: situation.cases, counts: counts)
    }
}
