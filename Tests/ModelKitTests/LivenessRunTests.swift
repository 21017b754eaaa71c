import Checker
import ModelKit
import Testing

/// `LivenessRun`, as `verify check` calls it: each property is judged under the fairness it
/// declares where it declares one, else under the model's.
@Suite("A liveness run judges each property under its own fairness, else the model's")
struct LivenessRunTests {
    /// A client orders once and is served once; the waiter may chat for ever instead.
    struct Waiter: ActionListingModel {
        struct State: Hashable, Sendable, StableHashable {
            var ordered = false
            var served = false
            var chatted = false
            func stableHash(into hasher: inout StableHasher) {
                hasher.combine((ordered ? 1 : 0) + (served ? 2 : 0) + (chatted ? 4 : 0))
            }
        }

        enum Action: Hashable, Sendable, CustomStringConvertible {
            case order, serve, chat
            var description: String { "\(self)" }
        }

        /// The model's fairness, and the properties with the fairness each declares (nil: none).
        let modelsFairness: [Fairness<Waiter>]
        let declared: [(id: String, fairness: [Fairness<Waiter>]?)]

        var name: String { "waiter" }
        var initialStates: [State] { [State()] }
        var properties: [Property<Waiter>] { [] }
        var actionKindNames: [String] { ["order", "serve", "chat"] }
        func actionKind(of action: Action) -> Int { [.order, .serve, .chat].firstIndex(of: action)! }

        func enabledActions(in state: State, into actions: inout [Action]) {
            if !state.ordered { actions.append(.order) }
            if state.ordered && !state.served { actions.append(.serve) }
            actions.append(.chat)
        }

        func successor(of state: State, via action: Action) -> State? {
            var next = state
            switch action {
            case .order: next.ordered = true
            case .serve: next.served = true
            case .chat: next.chatted.toggle()
            }
            return next
        }

        static let serve = Fairness<Waiter>.weak("serve") { $0 == .serve ? 0 : nil }

        var liveness: Liveness<Waiter> {
            Liveness(
                properties: declared.map { id, fairness in
                    LeadsTo(
                        id: id, statement: "An order is served.", source: "test", trigger: { $0.ordered },
                        goal: { $0.served }
                    ).assuming(fairness)
                }, fairness: modelsFairness)
        }
    }

    func statuses(_ waiter: Waiter) throws -> [String: PropertyStatus] {
        let checked: (outcomes: [TargetResult<Waiter>.Outcome], figures: LivenessFigures)? =
            LivenessRun.check(waiter, depth: nil, ids: nil) { $0 }
        let run = try #require(checked)
        return Dictionary(uniqueKeysWithValues: run.outcomes.map { ($0.id, $0.status) })
    }

    @Test("A property's own fairness is used where the model assumes none")
    func ownFairness() throws {
        let statuses = try statuses(
            Waiter(modelsFairness: [], declared: [("Fair", [Waiter.serve]), ("Unfair", nil)]))
        #expect(statuses == ["Fair": .holds, "Unfair": .violated])
    }

    @Test("A property's own fairness replaces the model's, even when it assumes less")
    func replacesTheModels() throws {
        let statuses = try statuses(
            Waiter(modelsFairness: [Waiter.serve], declared: [("Models", nil), ("None", [])]))
        #expect(statuses == ["Models": .holds, "None": .violated])
    }

    @Test("A graph stopped by its memory budget proves nothing: no property holds, and the figures say why")
    func overBudget() throws {
        let waiter = Waiter(modelsFairness: [], declared: [("Fair", [Waiter.serve]), ("Unfair", nil)])
        let run = try #require(LivenessRun.check(waiter, depth: nil, ids: nil, maxBytes: 1) { $0 } as
            (outcomes: [TargetResult<Waiter>.Outcome], figures: LivenessFigures)?)
        #expect(run.outcomes.map(\.status) == [.inconclusive, .inconclusive])
        #expect(run.figures.overBudget && !run.figures.depthBound && run.figures.states < 8)
        let whole = try #require(LivenessRun.check(waiter, depth: nil, ids: nil, maxBytes: 1 << 20) { $0 } as
            (outcomes: [TargetResult<Waiter>.Outcome], figures: LivenessFigures)?)
        #expect(whole.outcomes.map(\.status) == [.holds, .violated] && !whole.figures.overBudget)
    }
}
