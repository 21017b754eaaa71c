import Checker

/// TwoPhase in the core layer: one function lists each enabled action with its successor;
/// `successor(of:via:)` is the Checker's default.
struct TwoPhaseCore: TwoPhaseModel {
    let managers: Int
    var name: String { "twophase-core" }

    func successors(of s: State, into next: inout [Transition<Action, State>]) {
        func add(_ action: Action, _ change: (inout State) -> Void) {
            var state = s
            change(&state)
            next.append(Transition(action: action, state: state))
        }
        let all = UInt16(1 << managers - 1)
        for rm in 0..<managers
        where s.manager == .initial && s.preparedMessages >> rm & 1 == 1 && s.managerPrepared >> rm & 1 == 0 {
            add(.managerReceivesPrepared(rm)) { $0.managerPrepared |= 1 << rm }
        }
        if s.manager == .initial && s.managerPrepared == all {
            add(.managerCommits) {
                $0.manager = .committed
                $0.commitSent = true
            }
        }
        if s.manager == .initial {
            add(.managerAborts) {
                $0.manager = .aborted
                $0.abortSent = true
            }
        }
        for rm in 0..<managers {
            if s.resource(rm) == .working {
                add(.prepare(rm)) {
                    $0.set(rm, .prepared)
                    $0.preparedMessages |= 1 << rm
                }
                add(.chooseToAbort(rm)) { $0.set(rm, .aborted) }
            }
            if s.commitSent && s.resource(rm) != .committed { add(.receiveCommit(rm)) { $0.set(rm, .committed) } }
            if s.abortSent && s.resource(rm) != .aborted { add(.receiveAbort(rm)) { $0.set(rm, .aborted) } }
        }
    }
}
