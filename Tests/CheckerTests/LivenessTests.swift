import Checker
import Testing

/// Two clients, each waiting for a ride or not: a dispatcher serves one that waits, and a
/// client served may ask again. Both wait at first.
struct Clients: ActionListingModel {
    struct State: Hashable, Sendable, StableHashable {
        var waiting: [Bool]
        func stableHash(into hasher: inout StableHasher) { for flag in waiting { hasher.combine(flag ? 1 : 0) } }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case serve(Int)
        case request(Int)
        var description: String {
            switch self {
            case .serve(let client): return "serve(c\(client))"
            case .request(let client): return "request(c\(client))"
            }
        }
    }

    var name: String { "clients" }
    var initialStates: [State] { [State(waiting: [true, true])] }
    var properties: [Property<Clients>] { [] }
    var actionKindNames: [String] { ["serve", "request"] }
    func actionKind(of action: Action) -> Int { if case .serve = action { 0 } else { 1 } }

    func enabledActions(in state: State, into actions: inout [Action]) {
        for client in 0..<2 { actions.append(state.waiting[client] ? .serve(client) : .request(client)) }
    }

    func successor(of state: State, via action: Action) -> State? {
        var next = state
        switch action {
        case .serve(let client):
            guard state.waiting[client] else { return nil }
            next.waiting[client] = false
        case .request(let client):
            guard !state.waiting[client] else { return nil }
            next.waiting[client] = true
        }
        return next
    }

    static let secondServed = LeadsTo<Clients>(
        id: "SecondClientServed", statement: "A waiting second client is served.", source: "test",
        trigger: { $0.waiting[1] }, goal: { !$0.waiting[1] })
}

@Suite("Liveness: leads-to under fairness, judged on edges, with lasso counterexamples")
struct LivenessTests {
    /// The verdict; every lasso reported is held to what it claims (`LassoCheck`).
    static func check<M: Model>(
        _ model: M, _ property: LeadsTo<M>, fairness: [Fairness<M>] = [],
        depth: Int? = nil
    ) -> LivenessVerdict<M> {
        let verdict = LivenessCheck(graph: StateGraph(model, depth: depth), fairness: fairness).check(property)
        if case .violated(let lasso) = verdict {
            #expect(LassoCheck.problems(of: lasso, for: property, fairness: fairness, in: model) == [])
        }
        return verdict
    }

    static func lasso<M: Model>(_ verdict: LivenessVerdict<M>) -> Lasso<M>? {
        if case .violated(let lasso) = verdict { return lasso }
        return nil
    }

    @Test("A cycle that takes no fair action is a violation; weak fairness of the way out rules it out")
    func fairAndUnfairCycles() throws {
        // 0 waits on itself or steps to 1, then 2.
        let graph = Digraph([(0, "wait", 0), (0, "step", 1), (1, "step", 2), (2, "rest", 2)])
        let lasso = try #require(Self.lasso(Self.check(graph, Digraph.reaches(2))))
        #expect(lasso.actions.map(\.name) == ["wait"] && lasso.loopStart == 0, "waiting at 0 forever")
        #expect(lasso.states.first == lasso.states.last)
        guard case .holds = Self.check(graph, Digraph.reaches(2), fairness: [Digraph.fair(.weak, "step")]) else {
            Issue.record("with step weakly fair, waiting forever at 0 is not a fair behaviour")
            return
        }
    }

    @Test("A component whose states all offer the way out, but none of whose edges takes it, is not fair")
    func edgesNotStates() throws {
        // 0 and 1 spin between them; each can leave to 2. Judged by states, leave is "taken
        // in the component" (its states are where it is taken); judged by edges, it is not.
        let spinning = Digraph([(0, "spin", 1), (1, "spin", 0), (0, "leave", 2), (1, "leave", 2), (2, "rest", 2)])
        guard case .holds = Self.check(spinning, Digraph.reaches(2), fairness: [Digraph.fair(.weak, "leave")]) else {
            Issue.record("leave is enabled in every state of the spin and never taken there: unfair")
            return
        }
        // With a leave edge inside the component (1 leaves to 0), the spin is fair and never reaches 2.
        let inside = Digraph([(0, "spin", 1), (1, "leave", 0), (0, "leave", 2), (2, "rest", 2)])
        let lasso = try #require(
            Self.lasso(Self.check(inside, Digraph.reaches(2), fairness: [Digraph.fair(.weak, "leave")])))
        #expect(lasso.actions.map(\.name) == ["spin", "leave"] && lasso.loopStart == 0)
    }

    @Test("Strong fairness: an action enabled infinitely often must be taken; weak lets it flicker")
    func strongAgainstWeak() throws {
        // 0 ⇄ 1; at 1 the request can be granted (to 2). Granting is enabled only at 1, so
        // the loop keeps it enabled infinitely often but not continuously.
        let flicker = Digraph([(0, "tick", 1), (1, "tick", 0), (1, "grant", 2), (2, "rest", 2)])
        let weak = try #require(
            Self.lasso(Self.check(flicker, Digraph.reaches(2), fairness: [Digraph.fair(.weak, "grant")])))
        #expect(weak.cycleLength == 2)
        guard case .holds = Self.check(flicker, Digraph.reaches(2), fairness: [Digraph.fair(.strong, "grant")]) else {
            Issue.record("strong fairness of grant rules out ticking forever")
            return
        }
    }

    @Test("Per-kind fairness lets one client be served again and again while the other waits; per instance it cannot")
    func perKindHidesAStarvingInstance() throws {
        let perKind = Fairness<Clients>.perKind(.weak, "serve") { if case .serve = $0 { true } else { false } }
        let lasso = try #require(Self.lasso(Self.check(Clients(), Clients.secondServed, fairness: [perKind])))
        // Client 0 is served and asks again forever; serve is taken, so the kind is treated fairly.
        #expect(lasso.actions.map(\.description) == ["serve(c0)", "request(c0)"])
        #expect(lasso.states.allSatisfy { $0.waiting[1] }, "the second client waits throughout")
        let perInstance = Fairness<Clients>.weak("serve(c)") { if case .serve(let client) = $0 { client } else { nil } }
        guard case .holds = Self.check(Clients(), Clients.secondServed, fairness: [perInstance]) else {
            Issue.record("serve(c1) is enabled throughout that cycle and never taken: unfair per instance")
            return
        }
    }

    @Test("A depth bound that cuts the graph where an obligation is pending gives inconclusive, never holds")
    func boundIsInconclusive() {
        // A line 0 → 1 → 2 → ... → 6 whose end is the goal: at depth 4 the goal lies beyond the bound.
        let line = Digraph((0..<6).map { ($0, "step", $0 + 1) } + [(6, "rest", 6)])
        let fair = [Digraph.fair(.weak, "step")]
        guard case .inconclusive(let cut) = Self.check(line, Digraph.reaches(6), fairness: fair, depth: 4) else {
            Issue.record("the bound stops the search at 4, short of 6")
            return
        }
        #expect(cut == 1)
        guard case .holds = Self.check(line, Digraph.reaches(6), fairness: fair, depth: 7) else {
            Issue.record("within the bound every fair behaviour reaches 6")
            return
        }
        // Stopping where nothing is enabled leaves the obligation pending: a violation, not the bound.
        let stops = Digraph([(0, "step", 1)])
        let lasso = Self.lasso(Self.check(stops, Digraph.reaches(2)))
        #expect(lasso?.cycleLength == 0 && lasso?.stemLength == 1)
    }

    @Test("The lasso is the shortest stem, then the shortest fair cycle, not the first component found")
    func shortestLasso() throws {
        // Two ways to keep 9 out of reach: a long loop 1 → 2 → 3 → 4 → 1 found first (lower
        // numbers), and a short one at 5, one step from 0 too but reached by 0's second edge,
        // whose own loop is one step. And, in 5's component, a longer cycle through 6.
        let graph = Digraph([
            (0, "a", 1), (0, "b", 5), (1, "a", 2), (2, "a", 3), (3, "a", 4), (4, "a", 1),
            (5, "c", 5), (5, "d", 6), (6, "d", 7), (7, "d", 5), (9, "rest", 9),
        ])
        let lasso = try #require(Self.lasso(Self.check(graph, Digraph.reaches(9))))
        // Stems of one step to 1 and to 5: the frontier's order picks 1, then its only cycle.
        #expect(lasso.stemLength == 1 && lasso.cycleLength == 4)
        let reordered = Digraph([
            (0, "b", 5), (0, "a", 1), (1, "a", 2), (2, "a", 3), (3, "a", 4), (4, "a", 1),
            (5, "c", 5), (5, "d", 6), (6, "d", 7), (7, "d", 5),
        ])
        let short = try #require(Self.lasso(Self.check(reordered, Digraph.reaches(9))))
        #expect(
            short.stemLength == 1 && short.actions.map(\.name) == ["b", "c"], "the self-loop, not the loop through 6")
        // Fairness of d moves the cycle through 6 and 7: the shortest cycle that takes d.
        let fair = try #require(
            Self.lasso(Self.check(reordered, Digraph.reaches(9), fairness: [Digraph.fair(.weak, "d")])))
        #expect(fair.actions.map(\.name) == ["b", "d", "d", "d"] && fair.loopStart == 1)
    }

    @Test("An obligation never triggered is vacuous; one met where it starts holds")
    func vacuousAndImmediate() {
        let graph = Digraph([(0, "step", 1), (1, "rest", 1)])
        let never = LeadsTo<Digraph>(
            id: "Never", statement: "From 5, 1.", source: "test",
            trigger: { $0.node == 5 }, goal: { $0.node == 1 })
        guard case .vacuous = Self.check(graph, never) else {
            Issue.record("5 is unreachable")
            return
        }
        let atOnce = LeadsTo<Digraph>(
            id: "AtOnce", statement: "From 1, 1.", source: "test",
            trigger: { $0.node == 1 }, goal: { $0.node == 1 })
        guard case .holds = Self.check(graph, atOnce) else {
            Issue.record("met where it starts")
            return
        }
    }

    @Test("A lasso that does not close, meets its obligation or starves a fair instance is refused, by name")
    func lassoCheckRefuses() throws {
        let graph = Digraph([(0, "wait", 0), (0, "step", 1), (1, "step", 2), (2, "rest", 2)])
        let state = { Digraph.State(node: $0) }
        let action = { Digraph.Action(name: $0, instance: -1) }
        let waiting = Lasso<Digraph>(states: [state(0), state(0)], actions: [action("wait")], loopStart: 0)
        #expect(LassoCheck.problems(of: waiting, for: Digraph.reaches(2), fairness: [], in: graph) == [])
        #expect(
            LassoCheck.problems(
                of: waiting, for: Digraph.reaches(2), fairness: [Digraph.fair(.weak, "step")], in: graph)
                == ["the cycle starves step (instance 0): weak fairness"])
        let open = Lasso<Digraph>(states: [state(0), state(1)], actions: [action("step")], loopStart: 0)
        #expect(
            LassoCheck.problems(of: open, for: Digraph.reaches(2), fairness: [], in: graph) == [
                "the cycle does not close"
            ])
        let met = Lasso<Digraph>(
            states: [state(0), state(1), state(2), state(2)],
            actions: [action("step"), action("step"), action("rest")],
            loopStart: 2)
        #expect(
            LassoCheck.problems(of: met, for: Digraph.reaches(2), fairness: [], in: graph)
                == ["the obligation opened at step 0 is met at step 2"])
        let wrong = Lasso<Digraph>(states: [state(0), state(2)], actions: [action("step")], loopStart: 1)
        #expect(
            LassoCheck.problems(of: wrong, for: Digraph.reaches(5), fairness: [], in: graph).first
                == "step 1: step does not lead to the next state")
    }
}
