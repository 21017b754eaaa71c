import Checker
import Testing

/// A clock that stops at a horizon, and properties about several entities: what the model
/// declares (`Liveness`) and how the check reads it.
@Suite("Liveness at the scope's bound, per entity, and as a model declares it")
struct LivenessBoundTests {
    /// 0 → 1 (the clock's horizon: `tick` goes no further) with a `wait` loop at each; the goal
    /// is 2, reached only by `finish` from 1 where `finished` is true.
    static func clock(finishing: Bool) -> Digraph {
        Digraph(
            [(0, "tick", 1), (0, "wait", 0), (1, "wait", 1)] + (finishing ? [(1, "finish", 2), (2, "wait", 2)] : []))
    }

    static func check(
        _ model: Digraph, _ property: LeadsTo<Digraph>, fairness: [Fairness<Digraph>],
        atBound: (@Sendable (Digraph.State) -> Bool)? = nil
    ) -> LivenessVerdict<Digraph> {
        let verdict = LivenessCheck(graph: StateGraph(model, atBound: atBound), fairness: fairness).check(property)
        if case .violated(let lasso) = verdict {
            #expect(LassoCheck.problems(of: lasso, for: property, fairness: fairness, in: model) == [])
        }
        return verdict
    }

    @Test("A fair cycle that exists only because the clock stopped at its horizon is inconclusive, not a violation")
    func horizonIsInconclusive() {
        let tick = Digraph.fair(.weak, "tick")
        let horizon: @Sendable (Digraph.State) -> Bool = { $0.node == 1 }
        // Without the flag, waiting forever at the horizon (tick disabled there) is a fair lasso.
        guard case .violated(let lasso) = Self.check(Self.clock(finishing: false), Digraph.reaches(2), fairness: [tick])
        else {
            Issue.record("unflagged, the wait at 1 is a fair cycle")
            return
        }
        #expect(lasso.states.last?.node == 1)
        guard
            case .inconclusive(let states) = Self.check(
                Self.clock(finishing: false), Digraph.reaches(2), fairness: [tick], atBound: horizon)
        else {
            Issue.record("flagged, the wait at the horizon proves nothing")
            return
        }
        #expect(states == 1)
        // A state at the bound is still expanded: its own edges decide what they can.
        guard
            case .holds = Self.check(
                Self.clock(finishing: true), Digraph.reaches(2), fairness: [tick, Digraph.fair(.weak, "finish")],
                atBound: horizon)
        else {
            Issue.record("finish is fair and enabled at the horizon: every fair behaviour reaches 2")
            return
        }
    }

    @Test("A property about each entity is one obligation per entity; the lasso names the one never met")
    func perEntity() throws {
        let property = LeadsTo<Clients>.forEach(
            2, id: "EachClientServed", statement: "A waiting client is served.", source: "test",
            named: { "c\($0)" }, trigger: { $0.waiting[$1] }, goal: { !$0.waiting[$1] })
        let perKind = Fairness<Clients>.perKind(.weak, "serve") { if case .serve = $0 { true } else { false } }
        let verdict = LivenessCheck(graph: StateGraph(Clients()), fairness: [perKind]).check(property)
        guard case .violated(let lasso) = verdict else {
            Issue.record("per kind, one client can be served forever while the other waits")
            return
        }
        // Client 0's own obligation holds under per-kind fairness only when it is the one served.
        #expect(LassoCheck.problems(of: lasso, for: property, fairness: [perKind], in: Clients()) == [])
        #expect(lasso.states.allSatisfy { $0.waiting[lasso.instance] })
        let perInstance = Fairness<Clients>.weak("serve(c)") { if case .serve(let client) = $0 { client } else { nil } }
        guard case .holds = LivenessCheck(graph: StateGraph(Clients()), fairness: [perInstance]).check(property) else {
            Issue.record("per instance, each waiting client is served")
            return
        }
    }

    @Test("A property's own fairness replaces the model's")
    func declaredFairness() throws {
        let wait = Digraph.fair(.weak, "wait")
        let own = Digraph.reaches(1).assuming([Digraph.fair(.weak, "tick")])
        let model = Digraph([(0, "tick", 1), (0, "wait", 0), (1, "wait", 1)])
        // Under the model's fairness (wait only) waiting at 0 forever is fair; under its own it is not.
        guard case .violated = Self.check(model, Digraph.reaches(1), fairness: [wait]) else {
            Issue.record("only wait is fair: staying at 0 is a fair behaviour")
            return
        }
        guard case .holds = LivenessCheck(graph: StateGraph(model), fairness: own.fairness!).check(own) else {
            Issue.record("tick is weakly fair and enabled at 0 throughout: it is taken")
            return
        }
    }
}
