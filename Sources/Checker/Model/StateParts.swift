/// Parts of a model's state, as a set of up to 64 parts the model names: what a state
/// property reads (`Property.footprint`) and what a step changed
/// (`ModelHooks.changedParts(from:to:)`).
///
/// Together they let the explorer skip work that cannot change an answer: a state property
/// is a function of the parts it reads, so on a state whose step left those parts as they
/// were, its verdict is its parent's. In the myTaxi bench scope 43% of the new states differ
/// from their parent in the clock alone, which two of the 42 invariants read.
public struct StateParts: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Every part: what a property that declares no footprint reads, and what a model that
    /// does not compare states says a step changed.
    public static let all = StateParts(rawValue: .max)
}
