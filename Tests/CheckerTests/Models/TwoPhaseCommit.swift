import Checker

/// Lamport's TwoPhase commit specification (TwoPhase.tla in the TLA+ examples), with a
/// transaction manager and `count` resource managers exchanging messages in a set.
struct TwoPhaseCommit: ActionListingModel {
    enum ResourceState: UInt8 { case working, prepared, committed, aborted }
    enum ManagerState: UInt8 { case initial, committed, aborted }

    struct State: Hashable, Sendable, StableHashable {
        var resources: [ResourceState]
        var manager: ManagerState = .initial
        var managerPrepared: [Bool]
        var preparedMessages: [Bool]
        var commitSent = false
        var abortSent = false

        func stableHash(into hasher: inout StableHasher) {
            for resource in resources { hasher.combine(resource.rawValue) }
            hasher.combine(manager.rawValue)
            for flag in managerPrepared { hasher.combine(flag) }
            for flag in preparedMessages { hasher.combine(flag) }
            hasher.combine(commitSent)
            hasher.combine(abortSent)
        }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case managerReceivesPrepared(Int), managerCommits, managerAborts
        case prepare(Int), chooseToAbort(Int), receiveCommit(Int), receiveAbort(Int)

        var description: String {
            switch self {
            case .managerReceivesPrepared(let rm): return "TMRcvPrepared(rm\(rm))"
            case .managerCommits: return "TMCommit"
            case .managerAborts: return "TMAbort"
            case .prepare(let rm): return "RMPrepare(rm\(rm))"
            case .chooseToAbort(let rm): return "RMChooseToAbort(rm\(rm))"
            case .receiveCommit(let rm): return "RMRcvCommitMsg(rm\(rm))"
            case .receiveAbort(let rm): return "RMRcvAbortMsg(rm\(rm))"
            }
        }
    }

    let count: Int
    /// A deliberately wrong variant: the manager commits once any one manager is prepared.
    var commitsEarly = false

    var name: String { "twophase" }

    var initialStates: [State] {
        [State(resources: Array(repeating: .working, count: count),
               managerPrepared: Array(repeating: false, count: count),
               preparedMessages: Array(repeating: false, count: count))]
    }

    var actionKindNames: [String] {
        ["TMRcvPrepared", "TMCommit", "TMAbort", "RMPrepare", "RMChooseToAbort", "RMRcvCommitMsg", "RMRcvAbortMsg"]
    }

    func actionKind(of action: Action) -> Int {
        switch action {
        case .managerReceivesPrepared: return 0
        case .managerCommits: return 1
        case .managerAborts: return 2
        case .prepare: return 3
        case .chooseToAbort: return 4
        case .receiveCommit: return 5
        case .receiveAbort: return 6
        }
    }

    func enabledActions(in state: State, into actions: inout [Action]) {
        let candidates: [Action] = (0..<count).map(Action.managerReceivesPrepared)
            + [.managerCommits, .managerAborts]
            + (0..<count).flatMap { [Action.prepare($0), .chooseToAbort($0), .receiveCommit($0), .receiveAbort($0)] }
        for action in candidates where successor(of: state, via: action) != nil { actions.append(action) }
    }

    func successor(of state: State, via action: Action) -> State? {
        var next = state
        switch action {
        case .managerReceivesPrepared(let rm):
            guard state.manager == .initial, state.preparedMessages[rm], !state.managerPrepared[rm] else { return nil }
            next.managerPrepared[rm] = true
        case .managerCommits:
            let ready = commitsEarly ? state.managerPrepared.contains(true) : state.managerPrepared.allSatisfy { $0 }
            guard state.manager == .initial, ready else { return nil }
            next.manager = .committed
            next.commitSent = true
        case .managerAborts:
            guard state.manager == .initial else { return nil }
            next.manager = .aborted
            next.abortSent = true
        case .prepare(let rm):
            guard state.resources[rm] == .working else { return nil }
            next.resources[rm] = .prepared
            next.preparedMessages[rm] = true
        case .chooseToAbort(let rm):
            guard state.resources[rm] == .working else { return nil }
            next.resources[rm] = .aborted
        case .receiveCommit(let rm):
            guard state.commitSent, state.resources[rm] != .committed else { return nil }
            next.resources[rm] = .committed
        case .receiveAbort(let rm):
            guard state.abortSent, state.resources[rm] != .aborted else { return nil }
            next.resources[rm] = .aborted
        }
        return next
    }

    var properties: [Property<TwoPhaseCommit>] {
        [
            Property(id: "TCConsistent", kind: .invariant, group: "spec",
                     statement: "No resource manager has committed while another has aborted.",
                     source: "TwoPhase.tla", symbol: "TCConsistent",
                     predicate: .stateVerdict { state in
                         guard let committed = state.resources.firstIndex(of: .committed) else { return .vacuous }
                         if let aborted = state.resources.firstIndex(of: .aborted) {
                             return .violated(witness: "rm\(committed) committed while rm\(aborted) aborted")
                         }
                         return .holds
                     }),
            Property(id: "CommitReachable", kind: .reachability, group: "spec",
                     statement: "Some behaviour commits every resource manager.",
                     source: "TwoPhase.tla", symbol: "CommitReachable",
                     predicate: .stateVerdict { $0.resources.allSatisfy { $0 == .committed } ? .holds : .vacuous }),
        ]
    }

    func isLegalEnd(_ state: State) -> Bool { true }

    var supportsSymmetry: Bool { true }

    /// Resource managers are interchangeable and refer to no one else, so sorting their
    /// per-manager records is an exact canonical form.
    func canonicalForm(of state: State) -> State {
        let records = (0..<count).map {
            (state.resources[$0].rawValue, state.managerPrepared[$0], state.preparedMessages[$0])
        }.sorted { ($0.0, $0.1 ? 1 : 0, $0.2 ? 1 : 0) < ($1.0, $1.1 ? 1 : 0, $1.2 ? 1 : 0) }
        var canonical = state
        for (index, record) in records.enumerated() {
            canonical.resources[index] = ResourceState(rawValue: record.0)!
            canonical.managerPrepared[index] = record.1
            canonical.preparedMessages[index] = record.2
        }
        return canonical
    }
}
