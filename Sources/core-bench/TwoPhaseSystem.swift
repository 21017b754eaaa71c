import Checker

/// Lamport's TwoPhase commit (TwoPhase.tla of the TLA+ examples), everything but how its
/// successors are written: the state, the actions, the properties. The two styles the
/// benchmark compares (`TwoPhaseCore`, `TwoPhaseListing`) share it, so that they differ in
/// nothing else.
enum TwoPhaseSystem {
    enum Manager: UInt8 { case initial, committed, aborted }
    enum Resource: UInt8 { case working, prepared, committed, aborted }

    /// Two bits per resource manager in `resources`, a bit each in the sets.
    struct State: PlainDataState {
        var resources: UInt32 = 0
        var managerPrepared: UInt16 = 0
        var preparedMessages: UInt16 = 0
        var manager = Manager.initial
        var commitSent = false
        var abortSent = false

        func resource(_ rm: Int) -> Resource { Resource(rawValue: UInt8(resources >> (2 * rm) & 3))! }
        mutating func set(_ rm: Int, _ value: Resource) {
            resources = resources & ~(3 << (2 * rm)) | UInt32(value.rawValue) << (2 * rm)
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

        var kind: Int {
            switch self {
            case .managerReceivesPrepared: 0
            case .managerCommits: 1
            case .managerAborts: 2
            case .prepare: 3
            case .chooseToAbort: 4
            case .receiveCommit: 5
            case .receiveAbort: 6
            }
        }
    }

    static let actionKindNames = [
        "TMRcvPrepared", "TMCommit", "TMAbort", "RMPrepare", "RMChooseToAbort", "RMRcvCommitMsg", "RMRcvAbortMsg",
    ]

    /// TCConsistent, as TwoPhase.tla states it.
    static func consistent(_ state: State, managers: Int) -> Verdict {
        let committed = (0..<managers).first { state.resource($0) == .committed }
        let aborted = (0..<managers).first { state.resource($0) == .aborted }
        guard let committed else { return .vacuous }
        return aborted.map { .violated(witness: "rm\(committed) committed while rm\($0) aborted") } ?? .holds
    }
}

/// What both styles declare alike.
protocol TwoPhaseModel: Model where State == TwoPhaseSystem.State, Action == TwoPhaseSystem.Action {
    var managers: Int { get }
}

extension TwoPhaseModel {
    var initialStates: [State] { [State()] }
    var actionKindNames: [String] { TwoPhaseSystem.actionKindNames }
    func actionKind(of action: Action) -> Int { action.kind }
    func isLegalEnd(_ state: State) -> Bool { true }

    var properties: [Property<Self>] {
        [
            Property(
                id: "TCConsistent", kind: .invariant, group: "spec",
                statement: "No resource manager has committed while another has aborted.", source: "TwoPhase.tla",
                symbol: "TCConsistent",
                predicate: .stateVerdict { [managers] in TwoPhaseSystem.consistent($0, managers: managers) })
        ]
    }
}
