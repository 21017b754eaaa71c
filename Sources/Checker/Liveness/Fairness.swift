/// Weak (`WF`) or strong (`SF`) fairness.
public enum FairnessStrength: String, Sendable { case weak, strong }

/// A fairness assumption on a model's actions, judged on edges: a behaviour is fair when,
/// for each instance of each assumption, it does not keep the instance waiting forever.
/// Weak (`WF`): an instance enabled from some point on in every state is taken infinitely
/// often. Strong (`SF`): an instance enabled infinitely often is taken infinitely often.
///
/// An instance is what `instance(of:)` says an action belongs to: one number for a whole
/// kind of action (`accept`), or one per entity (`accept(d1)`, `accept(d2)`), which is what
/// rules out one driver starving while another is served. An action no assumption covers is
/// unfair: the system may never take it, as in TLA+ when no fairness is written.
public struct Fairness<M: Model>: Sendable {
    public typealias Strength = FairnessStrength

    /// How reports name the assumption ("weak fairness of accept(d)"), and what tells one
    /// from another: properties that assume fairness of the same strengths and labels share
    /// its fair components, so two different assumptions need different labels.
    public let label: String
    public let strength: Strength
    /// The instance `action` belongs to, or nil when the assumption does not cover it.
    public let instance: @Sendable (M.Action) -> Int?

    public init(_ strength: Strength, _ label: String, instance: @escaping @Sendable (M.Action) -> Int?) {
        self.strength = strength
        self.label = label
        self.instance = instance
    }

    /// Weak fairness per instance: `instance` names the entity an action is for.
    public static func weak(_ label: String, instance: @escaping @Sendable (M.Action) -> Int?) -> Fairness {
        Fairness(.weak, label, instance: instance)
    }

    /// Strong fairness per instance.
    public static func strong(_ label: String, instance: @escaping @Sendable (M.Action) -> Int?) -> Fairness {
        Fairness(.strong, label, instance: instance)
    }

    /// Fairness for a whole kind of action, as one instance: every action `covers` says yes to.
    public static func perKind(
        _ strength: Strength, _ label: String,
        covers: @escaping @Sendable (M.Action) -> Bool
    ) -> Fairness {
        Fairness(strength, label) { covers($0) ? 0 : nil }
    }
}
