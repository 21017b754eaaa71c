import Checker
import MyTaxiSpec
import Testing

/// myTaxi's leads-to properties on the Spec's whole graph in the `liveness` scope: each holds,
/// each rests on the fairness it declares, and only a scope with no depth bound runs them by
/// default. That each liveness fault is caught with its lasso is tested where a user meets it
/// (VerifyTests/FaultInjectionTests).
@Suite("myTaxi's liveness properties")
struct TaxiLivenessTests {
    static let ids = ["OfferAnswered", "AcceptedClientPickedUp", "RideEnds"]

    /// The verdict of the property `id` on the liveness scope's graph, under `fairness`, or
    /// under the fairness it declares when nil.
    func verdict(_ id: String, fairness: [Fairness<MyTaxiModel>]? = nil) throws -> LivenessVerdict<MyTaxiModel> {
        try #require(MyTaxiModel(scope: .liveness).livenessVerdict(of: id, fairness: fairness))
    }

    @Test("Each holds in the liveness scope, decided on its whole graph", arguments: ids)
    func holds(id: String) throws {
        let verdict = try verdict(id)
        #expect({ if case .holds = verdict { true } else { false } }(), "\(id): \(verdict)")
    }

    /// Without it, a client can add and delete his card for ever while the step everyone waits
    /// for is never taken: the fairness a property declares is what it rests on.
    @Test("Without the fairness it assumes, each is violated by a lasso", arguments: ids)
    func restsOnItsFairness(id: String) throws {
        guard case .violated(let lasso) = try verdict(id, fairness: []) else {
            Issue.record("\(id) held with no fairness assumed")
            return
        }
        #expect(lasso.cycleLength > 0, "\(id): the lasso stops rather than cycles")
    }

    @Test("Only a scope with no depth bound checks them by default; every scope declares them")
    func checkedByDefault() {
        #expect(MyTaxiModel(scope: .liveness).liveness.checkedByDefault)
        #expect(!MyTaxiModel(scope: .ci).liveness.checkedByDefault)
        #expect(MyTaxiModel(scope: .ci).liveness.properties.map(\.id) == Self.ids)
    }
}
