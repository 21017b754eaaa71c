/// A threshold of the seed that a rule compares with (a lead of 30 minutes, a radius of 150 m,
/// three failed logins), declared so that a suite can show it tried the rule at the value
/// itself and one unit on each side. A rule written with < where the seed means ≤ differs
/// from the right one only at the threshold: a scope that offers the two neighbours and not
/// the value cannot tell them apart.
///
/// `measure` says, for a step about to be taken, which values the rule compares with the
/// threshold there, in the seed's unit; none where the rule decides nothing about the step.
public struct Boundary<M: Model>: Sendable {
    public let id: String
    /// The rule and its threshold in words: "a later booking must be more than 30 minutes ahead".
    public let statement: String
    /// Where the threshold comes from in the seeds or the design note.
    public let source: String
    /// The seed's unit of the values: minutes, metres, failures.
    public let unit: String
    public let threshold: Int
    public let measure: @Sendable (_ before: M.State, _ action: M.Action) -> [Int]

    public init(_ id: String, _ statement: String, source: String, unit: String, threshold: Int,
                measure: @escaping @Sendable (_ before: M.State, _ action: M.Action) -> [Int]) {
        self.id = id
        self.statement = statement
        self.source = source
        self.unit = unit
        self.threshold = threshold
        self.measure = measure
    }
}

/// A model that declares what its suites must reach: the thresholds its rules compare with,
/// and the environments and contention its rules must meet; and what of the service it leaves
/// out on purpose. Any may be left empty.
public protocol CoverageDeclaring: Model {
    var boundaries: [Boundary<Self>] { get }
    var situations: [Situation<Self>] { get }
    /// What the user sees or is charged that the model leaves out, each with the reason.
    var notModelled: [NotModelled] { get }
}

extension CoverageDeclaring {
    public var boundaries: [Boundary<Self>] { [] }
    public var situations: [Situation<Self>] { [] }
    public var notModelled: [NotModelled] { [] }
}
