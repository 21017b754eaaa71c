import Checker

/// Two counters from 0 to `limit`, each stepping up by one, whose fingerprint is made to
/// collide: it keeps only their sum, so every state shares it with the others of that sum.
/// Its stable hash (`stableHash(into:)`) keeps both. A visited set of fingerprints alone
/// loses states; a wide key (`WideKey`) tells them apart.
struct CollidingPair: ActionListingModel {
    struct State: Hashable, Sendable, StableHashable {
        var first: Int
        var second: Int
        func stableHash(into hasher: inout StableHasher) {
            hasher.combine(first)
            hasher.combine(second)
        }
        var fingerprint: UInt64 { UInt64(first + second) + 1 }
        static func fingerprint(at pointer: UnsafePointer<Self>) -> UInt64 { pointer.pointee.fingerprint }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case first, second
        var description: String { self == .first ? "first" : "second" }
    }

    let limit: Int

    var name: String { "colliding pair" }
    var initialStates: [State] { [State(first: 0, second: 0)] }
    var actionKindNames: [String] { ["first", "second"] }
    func actionKind(of action: Action) -> Int { action == .first ? 0 : 1 }

    func enabledActions(in state: State, into actions: inout [Action]) {
        if state.first < limit { actions.append(.first) }
        if state.second < limit { actions.append(.second) }
    }

    func successor(of state: State, via action: Action) -> State? {
        switch action {
        case .first: state.first < limit ? State(first: state.first + 1, second: state.second) : nil
        case .second: state.second < limit ? State(first: state.first, second: state.second + 1) : nil
        }
    }

    var properties: [Property<CollidingPair>] { [] }
}
