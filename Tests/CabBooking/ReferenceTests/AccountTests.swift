@testable import CabBookingReference
import Testing

@Suite("Cab booking: accounts, lockout, passwords (seed 004 UC01-UC04)")
struct AccountTests {
    @Test("Registration refuses bad fields, differing passwords and taken e-mails or mobiles, changing nothing", arguments: [
        ("A name far too long for the thirty-two character field", "b@x.in", "9000000001", "abcd1234", "abcd1234", CabServiceError.invalidField("name")),
        ("Bo", "b@x.in", "900000001", "abcd1234", "abcd1234", .invalidField("mobile number")),
        ("Bo", "b@x.in", "90000000a1", "abcd1234", "abcd1234", .invalidField("mobile number")),
        ("Bo", "bx.in", "9000000001", "abcd1234", "abcd1234", .invalidField("e-mail")),
        ("Bo", "b@x.in", "9000000001", "abcd123", "abcd123", .invalidField("password")),
        ("Bo", "b@x.in", "9000000001", "abcd12#4", "abcd12#4", .invalidField("password")),
        ("Bo", "b@x.in", "9000000001", "abcd1234", "abcd1235", .passwordsDiffer),
        ("Bo", "asha@example.com", "9000000001", "abcd1234", "abcd1234", .emailAlreadyRegistered("asha@example.com")),
        ("Bo", "b@x.in", "9876543210", "abcd1234", "abcd1234", .mobileAlreadyRegistered("9876543210")),
    ])
    func registrationRefusals(_ name: String, _ email: String, _ mobile: String, _ password: String, _ confirmation: String, _ error: CabServiceError) {
        let (service, _) = Fixture.service()
        #expect(Fixture.refused(service, error) { s throws(CabServiceError) in
            try s.register(name: name, email: email, mobile: mobile, password: password, confirmation: confirmation)
        })
    }

    @Test("Registration sends the welcome SMS and e-mail, and stores the password enciphered")
    func registration() throws {
        let (service, passenger) = Fixture.service()
        #expect(service.outbox.filter { $0.kind == .welcome }.map(\.channel) == [.sms, .email])
        let stored = try #require(service.storedPassword(of: passenger))
        #expect(stored != "abcd1234" && !stored.contains("abcd1234"))
    }

    @Test("The third wrong password in a row suspends the account for exactly one day, and it lifts by itself")
    func lockout() throws {
        var (service, passenger) = Fixture.service()
        try service.logout(passenger)
        #expect(throws: CabServiceError.invalidLogin) { _ = try service.login(mobile: "9876543210", password: "wrong123") }
        #expect(throws: CabServiceError.invalidLogin) { _ = try service.login(mobile: "9876543210", password: "wrong123") }
        #expect(service.account(passenger)?.failures == 2)
        try service.advanceClock(to: 5)
        #expect(throws: CabServiceError.accountSuspended(until: 5 + 1_440)) { _ = try service.login(mobile: "9876543210", password: "wrong123") }
        #expect(service.account(passenger)?.failures == 0)
        // The right password during the suspension: refused, not counted, not extended.
        let before = service
        #expect(throws: CabServiceError.accountSuspended(until: 1_445)) { _ = try service.login(mobile: "9876543210", password: "abcd1234") }
        #expect(service == before)
        try service.advanceClock(to: 1_444)
        #expect(throws: CabServiceError.accountSuspended(until: 1_445)) { _ = try service.login(mobile: "9876543210", password: "abcd1234") }
        try service.advanceClock(to: 1_445)
        #expect(service.account(passenger)?.suspendedUntil == nil)
        #expect(try service.login(mobile: "9876543210", password: "abcd1234") == passenger)
    }

    @Test("A clock jump over the end of a suspension lifts it at its minute")
    func jumpOverSuspension() throws {
        var (service, passenger) = Fixture.service()
        try service.logout(passenger)
        for _ in 0..<3 { _ = try? service.login(mobile: "9876543210", password: "wrong123") }
        try service.advanceClock(to: 5_000)
        #expect(service.account(passenger)?.suspendedUntil == nil && service.account(passenger)?.failures == 0)
    }

    @Test("Login and change-password failures share one count; a success resets it")
    func sharedCount() throws {
        var (service, passenger) = Fixture.service()
        try service.logout(passenger)
        _ = try? service.login(mobile: "9876543210", password: "wrong123")
        #expect(throws: CabServiceError.invalidLogin) {
            try service.changePassword(mobile: "9876543210", current: "wrong123", new: "zzzz9999", confirmation: "zzzz9999")
        }
        #expect(throws: CabServiceError.accountSuspended(until: 1_440)) { _ = try service.login(mobile: "9876543210", password: "wrong456") }
        var fresh = Fixture.service().0
        try fresh.logout(passenger)
        _ = try? fresh.login(mobile: "9876543210", password: "wrong123")
        _ = try fresh.login(mobile: "9876543210", password: "abcd1234")
        #expect(fresh.account(passenger)?.failures == 0)
    }

    @Test("A password change needs the current password, ends the session, and the new one logs in")
    func changePassword() throws {
        var (service, passenger) = Fixture.service()
        try service.changePassword(mobile: "9876543210", current: "abcd1234", new: "wxyz6789", confirmation: "wxyz6789")
        #expect(service.account(passenger)?.loggedIn == false)
        #expect(try service.login(mobile: "9876543210", password: "wxyz6789") == passenger)
        #expect(Fixture.refused(service, .passwordsDiffer) { s throws(CabServiceError) in
            try s.changePassword(mobile: "9876543210", current: "wxyz6789", new: "aaaa1111", confirmation: "aaaa1112")
        })
    }

    @Test("Forgot-password mails the password to the registered address; an unknown mobile sends nothing")
    func forgotPassword() throws {
        var (service, _) = Fixture.service()
        try service.forgotPassword(mobile: "9876543210")
        let mail = try #require(service.outbox.last)
        #expect(mail.kind == .passwordReminder && mail.recipient == "asha@example.com" && mail.text.contains("abcd1234"))
        #expect(Fixture.refused(service, .unknownMobile("9000000000")) { s throws(CabServiceError) in try s.forgotPassword(mobile: "9000000000") })
    }
}
