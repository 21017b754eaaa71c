import Checker
import TravlendarHarness
import TravlendarReference
import TravlendarSpec
import Testing

@Suite("Travlendar+: every planted fault is caught")
struct TravFaultTests {
    @Test("Every fault has one catalogue entry, at least 15, in every area the issue names")
    func complete() {
        #expect(Set(TravFaultCatalog.entries.map(\.name)) == Set(CalendarFault.allCases.map(\.rawValue)))
        #expect(TravFaultCatalog.entries.count == CalendarFault.allCases.count && CalendarFault.allCases.count >= 15)
        #expect(Set(CalendarFault.allCases.map(\.area)) == [
            "validity", "constraints", "optimisation", "lifecycles", "time", "booking", "shared means and the world",
            "what the user sees", "liveness",
        ])
    }

    // That each fault is caught, by the catalogued check and within its steps, is tested where a
    // user meets it: `verify check --inject` (VerifyTests/FaultInjectionTests), for every model.
}
