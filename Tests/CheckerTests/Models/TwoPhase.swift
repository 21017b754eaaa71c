import Checker

/// Lamport's TwoPhase commit (TwoPhase.tla of the TLA+ examples) written against the core
/// layer of `Model` alone: a plain-data state, one successor function, two properties, and
/// symmetry by declaration (resource managers are interchangeable, as TLC's
/// `SYMMETRY Permutations(RM)`). No equality, hashing or canonical form of its own.
struct TwoPhase: SymmetricModel {
    enum Manager: UInt8 { case initial, committed, aborted }
    enum Resource: UInt8 { case working, prepared, committed, aborted }

    /// Two bits per resource manager in `resources`, a bit each in the sets.
    struct State: PlainDataState {
        var resources: UInt16 = 0
        var managerPrepared: UInt8 = 0
        var preparedMessages: UInt8 = 0
        var manager = Manager.initial
        var commitSent = false
        var abortSent = false

        func resource(_ rm: Int) -> Resource { Resource(rawValue: UInt8(resources >> (2 * rm) & 3))! }
        mutating func set(_ rm: Int, _ value: Resource) {
            resources = resources & ~(3 << (2 * rm)) | UInt16(value.rawValue) << (2 * rm)
        }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case managerReceivesPrepared(Int), managerCommits, managerAborts
        case prepare(Int), chooseToAbort(Int), receiveCommit(Int), receiveAbort(Int)

        var description: String {
            switch self {
            case .managerReceivesPrepared(let rm): "TMRcvPrepared(rm\(rm))"
            case .managerCommits: "TMCommit"
            case .managerAborts: "TMAbort"
            case .prepare(let rm): "RMPrepare(rm\(rm))"
            case .chooseToAbort(let rm): "RMChooseToAbort(rm\(rm))"
            case .receiveCommit(let rm): "RMRcvCommitMsg(rm\(rm))"
            case .receiveAbort(let rm): "RMRcvAbortMsg(rm\(rm))"
            }
        }
    }

    let count: Int
    /// A renaming that forgets the prepared messages, as a hurried author might: not a
    /// symmetry, which `SymmetryCheck` must refuse.
    var forgetsMessagesWhenRenaming = false
    /// Give each resource manager a signature (its own state, message and vote), so that the
    /// canonical form tries only the orders of managers in the same state.
    var declaresSignatures = false
    /// A signature that holds the manager's own number, as a hurried author might: it names
    /// an id, which `SymmetryCheck` must refuse.
    var signatureNamesTheManager = false
    var name: String { "twophase" }
    var initialStates: [State] { [State()] }
    var actionKindNames: [String] {
        ["TMRcvPrepared", "TMCommit", "TMAbort", "RMPrepare", "RMChooseToAbort", "RMRcvCommitMsg", "RMRcvAbortMsg"]
    }

    func actionKind(of action: Action) -> Int {
        switch action {
        case .managerReceivesPrepared: 0
        case .managerCommits: 1
        case .managerAborts: 2
        case .prepare: 3
        case .chooseToAbort: 4
        case .receiveCommit: 5
        case .receiveAbort: 6
        }
    }

    func successors(of s: State, into next: inout [Transition<Action, State>]) {
        func add(_ action: Action, _ change: (inout State) -> Void) {
            var state = s
            change(&state)
            next.append(Transition(action: action, state: state))
        }
        let all = UInt8(1 << count - 1)
        for rm in 0..<count where s.manager == .initial && s.preparedMessages >> rm & 1 == 1 && s.managerPrepared >> rm & 1 == 0 {
            add(.managerReceivesPrepared(rm)) { $0.managerPrepared |= 1 << rm }
        }
        if s.manager == .initial && s.managerPrepared == all { add(.managerCommits) { $0.manager = .committed; $0.commitSent = true } }
        if s.manager == .initial { add(.managerAborts) { $0.manager = .aborted; $0.abortSent = true } }
        for rm in 0..<count {
            if s.resource(rm) == .working {
                add(.prepare(rm)) { $0.set(rm, .prepared); $0.preparedMessages |= 1 << rm }
                add(.chooseToAbort(rm)) { $0.set(rm, .aborted) }
            }
            if s.commitSent && s.resource(rm) != .committed { add(.receiveCommit(rm)) { $0.set(rm, .committed) } }
            if s.abortSent && s.resource(rm) != .aborted { add(.receiveAbort(rm)) { $0.set(rm, .aborted) } }
        }
    }

    var properties: [Property<TwoPhase>] {
        [
            Property(id: "TCConsistent", kind: .invariant, group: "spec",
                     statement: "No resource manager has committed while another has aborted.", source: "TwoPhase.tla",
                     symbol: "TCConsistent", predicate: .stateVerdict { state in
                         let committed = (0..<count).first { state.resource($0) == .committed }
                         let aborted = (0..<count).first { state.resource($0) == .aborted }
                         guard let committed else { return .vacuous }
                         return aborted.map { .violated(witness: "rm\(committed) committed while rm\($0) aborted") } ?? .holds
                     }),
            Property(id: "CommitReachable", kind: .reachability, group: "spec",
                     statement: "Some behaviour commits every resource manager.", source: "TwoPhase.tla",
                     symbol: "CommitReachable", predicate: .stateVerdict { state in
                         (0..<count).allSatisfy { state.resource($0) == .committed } ? .holds : .vacuous
                     }),
        ]
    }

    func isLegalEnd(_ state: State) -> Bool { true }

    var symmetricSets: [Int] { [count] }

    func renamed(_ state: State, by permutation: Permutation) -> State {
        var renamed = state
        renamed.resources = 0
        renamed.managerPrepared = 0
        renamed.preparedMessages = 0
        for rm in 0..<count {
            let to = permutation[0, rm]
            renamed.set(to, state.resource(rm))
            renamed.managerPrepared |= (state.managerPrepared >> rm & 1) << to
            renamed.preparedMessages |= (state.preparedMessages >> rm & 1) << to
        }
        if forgetsMessagesWhenRenaming { renamed.preparedMessages = state.preparedMessages }
        return renamed
    }

    func signatures(of state: State, into signatures: inout IDSignatures) {
        guard declaresSignatures else { return }
        for rm in 0..<count {
            var key = UInt64(state.resource(rm).rawValue) | UInt64(state.managerPrepared >> rm & 1) << 2
            key |= UInt64(state.preparedMessages >> rm & 1) << 3
            if signatureNamesTheManager { key |= UInt64(rm) << 8 }
            signatures[0, rm] = key
        }
    }
}
