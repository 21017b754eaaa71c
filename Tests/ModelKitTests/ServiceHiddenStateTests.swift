import Checker
import Testing

@testable import ModelKit

/// A service's `hidden` member (docs/PROTOCOL.md): any JSON value, keyed as written.
@Suite("A service's hidden state")
struct ServiceHiddenStateTests {
    @Test("No hidden member keys nothing; different values key apart, equal ones alike")
    func keyedAsWritten() throws {
        #expect(ServiceDriver.hidden(in: nil) == 0)
        let drew2 = ServiceDriver.hidden(in: try JSON.parse(#"{"ids":2,"sent":["M13"]}"#))
        let drew3 = ServiceDriver.hidden(in: try JSON.parse(#"{"ids":3,"sent":["M13"]}"#))
        #expect(drew2 != 0 && drew3 != 0 && drew2 != drew3)
        #expect(ServiceDriver.hidden(in: try JSON.parse(#"{"ids": 2, "sent": ["M13"]}"#)) == drew2)
        #expect(ServiceDriver.hidden(in: .string("a")) != ServiceDriver.hidden(in: .string("b")))
    }

    struct Key: Hashable, Sendable, StableHashable {
        var value = 7
        func stableHash(into hasher: inout StableHasher) { hasher.combine(value) }
    }

    @Test("Two pairings of one state are one search state only when their hidden states agree")
    func pairedByHiddenState() {
        let plain = ServicePaired(key: Key())
        #expect(plain == ServicePaired(key: Key(), hidden: 0))
        #expect(ServicePaired(key: Key(), hidden: 5) != ServicePaired(key: Key(), hidden: 6))
        #expect(ServicePaired(key: Key(), hidden: 5) == ServicePaired(key: Key(), hidden: 5))
        // A service that reports none keys its states by the specification's state alone, as before.
        #expect(plain.fingerprint == Key().fingerprint)
        #expect(ServicePaired(key: Key(), hidden: 5).fingerprint != plain.fingerprint)
    }
}
