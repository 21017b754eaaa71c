import Checker
import ModelKit

/// The rules: a rider holds a free seat, confirms it before the hold lapses, or gives it up;
/// the clock moves a minute at a time or straight to the minutes around the next lapse.
public struct ShuttleModel: SymmetricModel {
    public let scope: ShuttleScope
    public init(scope: ShuttleScope = .ci) { self.scope = scope }

    public var name: String { "shuttle" }
    public var initialStates: [ShuttleState] { [ShuttleState()] }
    public var actionKindNames: [String] { ShuttleAction.kinds }
    public func actionKind(of action: ShuttleAction) -> Int { action.kind }
    public func isLegalEnd(_ state: ShuttleState) -> Bool { true }

    public func successors(of s: ShuttleState, into next: inout [Transition<ShuttleAction, ShuttleState>]) {
        for r in 0..<scope.riders {
            var state = s
            switch s.riders[r].status {
            case .none where s.occupied(in: scope) < scope.seats:
                state.riders[r].status = .holding
                state.riders[r].heldAt = s.now
                next.append(Transition(action: .hold(rider: r), state: state))
            case .none:
                break
            case .holding:
                state.riders[r].status = .seated
                next.append(Transition(action: .confirm(rider: r), state: state))
                fallthrough
            case .seated:
                var gone = s
                gone.riders[r] = Rider()
                next.append(Transition(action: .cancel(rider: r), state: gone))
            }
        }
        for minutes in moves(from: s) {
            var state = s
            state.now += UInt8(minutes)
            for r in 0..<scope.riders
            where state.riders[r].status == .holding && s.lapse(of: r, in: scope) <= Int(state.now) {
                state.riders[r] = Rider()
            }
            next.append(Transition(action: .advance(minutes: minutes), state: state))
        }
    }

    /// A minute, and one minute before, at and after each hold's lapse: the boundary itself
    /// and both sides of it, never only the minutes a careless search would try.
    func moves(from s: ShuttleState) -> [Int] {
        var moves: Set<Int> = [1]
        for r in 0..<scope.riders where s.riders[r].status == .holding {
            let due = s.lapse(of: r, in: scope) - Int(s.now)
            moves.formUnion([due - 1, due, due + 1])
        }
        return moves.filter { $0 >= 1 && Int(s.now) + $0 <= scope.horizon }.sorted()
    }

    public var properties: [Property<ShuttleModel>] {
        let scope = scope
        return [
            .invariant(
                "seatsNeverOverbooked", "No more riders hold or have a seat than the shuttle has seats.",
                "README rule 1", symbol: "ShuttleModel.properties"
            ) { s in
                s.occupied(in: scope) <= scope.seats
                    ? .holds : .violated(witness: "\(s.occupied(in: scope)) riders for \(scope.seats) seats")
            },
            .invariant(
                "holdsLapseOnTime", "No hold outlives its minutes: at its lapse minute the seat is free again.",
                "README rule 2", symbol: "ShuttleModel.properties"
            ) { s in
                for r in 0..<scope.riders
                where s.riders[r].status == .holding && Int(s.now) >= s.lapse(of: r, in: scope) {
                    return .violated(
                        witness:
                            "r\(r + 1) still holds at minute \(s.now), the hold lapsed at \(s.lapse(of: r, in: scope))")
                }
                return .holds
            },
            .witness("allSeatsTaken", "Every seat is someone's.", "README rule 1", symbol: "ShuttleModel.properties") {
                s in
                (0..<scope.riders).count { s.riders[$0].status == .seated } == scope.seats
            },
        ]
    }

    /// Riders are interchangeable: `--symmetry` keeps one state per renaming of them, and the
    /// contract checks that the renaming below is a symmetry (`SymmetryCheck`).
    public var symmetricSets: [Int] { [scope.riders] }

    public func renamed(_ state: ShuttleState, by permutation: Permutation) -> ShuttleState {
        var renamed = state
        for r in 0..<scope.riders { renamed.riders[permutation[0, r]] = state.riders[r] }
        return renamed
    }

    /// A rider's signature names no rider: its seat and the minute of its hold. Only riders
    /// alike in both are tried in each other's place (usually none), not every order of them.
    public func signatures(of state: ShuttleState, into signatures: inout IDSignatures) {
        for r in 0..<scope.riders {
            signatures[0, r] = UInt64(state.riders[r].status.rawValue) << 8 | UInt64(state.riders[r].heldAt)
        }
    }
}
