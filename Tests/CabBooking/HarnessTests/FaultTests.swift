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

    // That each fault is caught, by the catalogued check and within its steps, is tested where a
    // user meets it: `verify check --inject` (VerifyTests/FaultInjectionTests), for every model.
}
