import CabBookingHarness
import CabBookingReference
import CabBookingSpec
import Checker
import Testing

@Suite("Cab booking: every planted fault is caught")
struct CabFaultTests {
    @Test("Every fault has one catalogue entry")
    func complete() {
        #expect(Set(CabFaultCatalog.entries.map(\.name)) == Set(CabFault.allCases.map(\.rawValue)))
        #expect(CabFaultCatalog.entries.count == CabFault.allCases.count && CabFault.allCases.count >= 15)
    }

    @Test("The fault is caught by the catalogued check with a trace no longer than the catalogue says", arguments: CabFault.allCases)
    func caught(_ fault: CabFault) throws {
        let entry = try #require(CabFaultCatalog.entries.first { $0.name == fault.rawValue })
        var options = ExplorationOptions()
        options.maxDepth = entry.steps + 1
        options.workers = 2
        options.stopAtFirstViolation = true
        options.propertyIDs = [entry.property]
        let scope = try #require(CabScope.named.first { $0.name == entry.scope })
        let adapter = CabReferenceAdapter(model: CabBookingModel(scope: scope), fault: fault)
        let outcome = try entry.target == "reference"
            ? BreadthFirstExplorer(model: ImplementationModel(adapter: adapter), options: options).run().properties.first.map { ($0.status, $0.counterexample?.trace.length) }
            : BreadthFirstExplorer(model: ConformanceModel(adapter: adapter), options: options).run().properties.first.map { ($0.status, $0.counterexample?.trace.length) }
        let (status, length) = try #require(outcome)
        #expect(status == .violated, "\(fault) was not caught by \(entry.target) \(entry.property)")
        #expect((length ?? .max) <= entry.steps)
    }
}
