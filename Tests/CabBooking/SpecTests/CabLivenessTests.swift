import CabBookingSpec
import Checker
import Testing

/// The cab booking model's leads-to properties on the Spec's whole graph in the `liveness`
/// scope: each holds, each rests on the fairness it assumes, and only the scope that decides
/// them runs them by default. That each liveness fault is caught with its lasso is tested where
/// a user meets it (VerifyTests/FaultInjectionTests).
@Suite("Cab booking's liveness properties")
struct CabLivenessTests {
    static let ids = ["LaterBookingAnswered", "ArrivedCabBoarded", "TravelEnds"]

    /// The verdict of the property `id` on the scope's graph, under `fairness`, or under the
    /// fairness it assumes when nil.
    func verdict(_ id: String, scope: CabScope = .liveness, fairness: [Fairness<CabBookingModel>]? = nil) throws
        -> LivenessVerdict<CabBookingModel>
    {
        try #require(CabBookingModel(scope: scope).livenessVerdict(of: id, depth: scope.depth, fairness: fairness))
    }

    @Test("Each holds in the liveness scope, decided on its whole graph", arguments: ids)
    func holds(id: String) throws {
        let verdict = try verdict(id)
        #expect({ if case .holds = verdict { true } else { false } }(), "\(id): \(verdict)")
    }

    /// Without it, the passenger can log in and out for ever (or the clock stand still) while
    /// the step the booking waits for is never taken.
    @Test("Without the fairness it assumes, each is violated by a lasso", arguments: ids)
    func restsOnItsFairness(id: String) throws {
        guard case .violated(let lasso) = try verdict(id, fairness: []) else {
            Issue.record("\(id) held with no fairness assumed")
            return
        }
        #expect(lasso.cycleLength > 0, "\(id): the lasso stops rather than cycles")
    }

    /// A later booking whose notice falls past the horizon is still scheduled when the clock
    /// stops: the scope that decides the property tries only those whose notice falls within it.
    @Test("A later booking noticed past the horizon leaves LaterBookingAnswered inconclusive, never violated")
    func noticePastHorizon() throws {
        var scope = CabScope.liveness
        scope.laterNoticesWithinHorizon = false
        guard case .inconclusive(let pending) = try verdict("LaterBookingAnswered", scope: scope) else {
            Issue.record("decided though a booking may wait past the horizon")
            return
        }
        #expect(pending > 0)
    }

    @Test("Only the liveness scope checks them by default; every scope declares them")
    func checkedByDefault() {
        #expect(CabBookingModel(scope: .liveness).liveness.checkedByDefault)
        #expect(!CabBookingModel(scope: .ci).liveness.checkedByDefault)
        #expect(CabBookingModel(scope: .ci).liveness.properties.map(\.id) == Self.ids)
        #expect(CabBookingModel(scope: .ci).livenessVerdict(of: "NoSuchProperty") == nil)
    }
}
