import CabBookingReference
import CabBookingSpec
import Checker

extension CabReferenceAdapter {
    /// Rules about the Reference's own data, which the Spec abstracts away (design note §1,
    /// kind "reference"): checked on every state when the Reference is explored alone.
    public var systemProperties: [SystemProperty<CabSystem>] {
        [
            SystemProperty(
                id: "bookingIdsSixDigits", statement: "Every booking id is a six-digit number, 100000 to 999999.",
                source: "004 UC06 BR4; UC07 BR5 (decision D7)"
            ) { system in
                let ids = system.service.bookingIDs.issued
                guard !ids.isEmpty else { return .vacuous }
                return ids.first { !BookingID.range.contains($0.value) }.map {
                    .violated(witness: "the service issued \($0), not six digits")
                } ?? .holds
            },
            SystemProperty(
                id: "bookingIdNeverReused",
                statement: "No booking id is issued twice, even after a cancellation deleted the first booking.",
                source: "004 UC06 BR4, UC19 steps 6-7 (decision D7)"
            ) { system in
                let ids = system.service.bookingIDs.issued
                guard ids.count > 1 else { return .vacuous }
                return Set(ids).count == ids.count
                    ? .holds
                    : .violated(
                        witness: "the service issued \(ids.map(\.description).joined(separator: ", ")): an id twice")
            },
            SystemProperty(
                id: "passwordStoredEnciphered", statement: "No stored password equals its plaintext.",
                source: "004 UC01 BR6 (decision D2)"
            ) { system in
                Verdict.all(0..<scope.passengers) { p in
                    guard let stored = system.service.storedPassword(of: abstraction.passenger(p, in: system.service))
                    else { return .vacuous }
                    return stored == CabAbstraction.password(p, version: system.passwordVersions[p])
                        ? .violated(witness: "p\(p + 1)'s password is stored as it was typed") : .holds
                }
            },
        ]
    }
}
