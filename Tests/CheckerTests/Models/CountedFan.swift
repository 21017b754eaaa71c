import Checker
import Synchronization

/// A core-layer model that counts its listings: one initial state with `width` successors,
/// each an end. Its `successor(of:via:)` is the Checker's default, which lists every
/// successor to find one.
struct CountedFan: Model {
    final class Listings: Sendable {
        let count = Atomic<Int>(0)
    }

    struct State: PlainDataState {
        var value = 0
    }

    let width: Int
    let listings = Listings()

    var name: String { "countedfan" }
    var initialStates: [State] { [State()] }
    var actionKindNames: [String] { ["to"] }
    func actionKind(of action: Int) -> Int { 0 }
    func isLegalEnd(_ state: State) -> Bool { true }
    var properties: [Property<CountedFan>] { [] }

    func successors(of state: State, into transitions: inout [Transition<Int, State>]) {
        listings.count.add(1, ordering: .relaxed)
        guard state.value == 0 else { return }
        for target in 1...width { transitions.append(Transition(action: target, state: State(value: target))) }
    }
}
