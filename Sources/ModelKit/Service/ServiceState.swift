import Checker

/// A state of the specification with what the checker knows of the service there. Two are the
/// same search state when their specification states are and the service reported the same
/// hidden state there (none, when it reports none): the search explores each once, and drives
/// the service along the first path that reaches it, as the linked conformance search does.
public struct ServicePaired<Key: Hashable & Sendable & StableHashable>: Hashable, Sendable, StableHashable {
    public let key: Key
    /// The fingerprint of the hidden state the service reported here (docs/PROTOCOL.md:
    /// `hidden`), 0 when it reported none: what the abstraction leaves out (ids it drew,
    /// messages it sent) but a later step may show.
    let hidden: UInt64
    /// The service stands for `key` here and can be driven on; nil once a step went wrong.
    let node: ServiceNode?
    /// How the step into this state went wrong; nil when it did not.
    let divergence: String?
    let isInitial: Bool

    init(key: Key, node: ServiceNode? = nil, hidden: UInt64 = 0, divergence: String? = nil, isInitial: Bool = false) {
        self.key = key
        self.hidden = hidden
        self.node = node
        self.divergence = divergence
        self.isInitial = isInitial
    }

    /// The service stood for this state: its actions are compared.
    var driven: Bool { divergence == nil && node != nil }

    public static func == (a: Self, b: Self) -> Bool { a.key == b.key && a.hidden == b.hidden }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(hidden)
    }
    /// A service that reports no hidden state keys its states as before it could.
    public func stableHash(into hasher: inout StableHasher) {
        key.stableHash(into: &hasher)
        if hidden != 0 { hasher.combine(hidden) }
    }
}

/// The JSON shapes of a model's actions and their texts, each made once and kept: a scope has
/// a few hundred distinct actions, each tried from thousands of states.
final class ActionTexts<Action: Hashable & Sendable>: Sendable {
    private let shape: @Sendable (Action) -> JSON
    private let made = Locked<[Action: (json: JSON, text: String)]>([:])

    init(_ shape: @escaping @Sendable (Action) -> JSON) { self.shape = shape }

    func json(of action: Action) -> JSON { entry(action).json }
    func text(of action: Action) -> String { entry(action).text }

    private func entry(_ action: Action) -> (json: JSON, text: String) {
        if let known = made.withLock({ $0[action] }) { return known }
        let json = shape(action)
        let entry = (json, json.rendered(pretty: false))
        made.withLock { $0[action] = entry }
        return entry
    }
}
