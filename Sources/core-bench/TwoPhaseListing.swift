import Checker

/// TwoPhase in the listing style: the enabled actions, then one action's successor, each
/// with the action's guard.
struct TwoPhaseListing: TwoPhaseModel, ActionListingModel {
    let managers: Int
    var name: String { "twophase-listing" }

    func enabledActions(in s: State, into actions: inout [Action]) {
        let all = UInt16(1 << managers - 1)
        for rm in 0..<managers
        where s.manager == .initial && s.preparedMessages >> rm & 1 == 1 && s.managerPrepared >> rm & 1 == 0 {
            actions.append(.managerReceivesPrepared(rm))
        }
        if s.manager == .initial && s.managerPrepared == all { actions.append(.managerCommits) }
        if s.manager == .initial { actions.append(.managerAborts) }
        for rm in 0..<managers {
            if s.resource(rm) == .working {
                actions.append(.prepare(rm))
                actions.append(.chooseToAbort(rm))
            }
            if s.commitSent && s.resource(rm) != .committed { actions.append(.receiveCommit(rm)) }
            if s.abortSent && s.resource(rm) != .aborted { actions.append(.receiveAbort(rm)) }
        }
    }

    func successor(of s: State, via action: Action) -> State? {
        var next = s
        switch action {
        case .managerReceivesPrepared(let rm):
            guard s.manager == .initial && s.preparedMessages >> rm & 1 == 1 && s.managerPrepared >> rm & 1 == 0
            else { return nil }
            next.managerPrepared |= 1 << rm
        case .managerCommits:
            guard s.manager == .initial && s.managerPrepared == UInt16(1 << managers - 1) else { return nil }
            next.manager = .committed
            next.commitSent = true
        case .managerAborts:
            guard s.manager == .initial else { return nil }
            next.manager = .aborted
            next.abortSent = true
        case .prepare(let rm):
            guard s.resource(rm) == .working else { return nil }
            next.set(rm, .prepared)
            next.preparedMessages |= 1 << rm
        case .chooseToAbort(let rm):
            guard s.resource(rm) == .working else { return nil }
            next.set(rm, .aborted)
        case .receiveCommit(let rm):
            guard s.commitSent && s.resource(rm) != .committed else { return nil }
            next.set(rm, .committed)
        case .receiveAbort(let rm):
            guard s.abortSent && s.resource(rm) != .aborted else { return nil }
            next.set(rm, .aborted)
        }
        return next
    }
}
