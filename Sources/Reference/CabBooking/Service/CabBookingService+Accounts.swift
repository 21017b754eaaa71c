/// Registration, login and lockout, passwords (seed 004 UC01-UC04).
extension CabBookingService {
    /// Registers a passenger (UC01): name at most 32 characters, a 10-digit mobile number, an
    /// e-mail, and a password of exactly 8 letters and digits (IR1-IR7, decision D6). E-mail
    /// and mobile number must be new (6a; D1). Sends the welcome SMS and e-mail with the promo
    /// code (step 10, BR7).
    @discardableResult
    public mutating func register(name: String, email: String, mobile: String, password: String, confirmation: String) throws(CabServiceError) -> PassengerID {
        guard !name.isEmpty, name.count <= 32 else { throw .invalidField("name") }
        guard mobile.count == 10, mobile.allSatisfy(\.isASCII), mobile.allSatisfy(\.isNumber) else { throw .invalidField("mobile number") }
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@"), !email.contains(" ") else { throw .invalidField("e-mail") }
        try Self.validate(password: password)
        guard password == confirmation else { throw .passwordsDiffer }
        guard passengerByEmail[email] == nil else { throw .emailAlreadyRegistered(email) }
        guard passengerByMobile[mobile] == nil || fault == .mobileUniquenessNotChecked else { throw .mobileAlreadyRegistered(mobile) }
        let id = PassengerID(accounts.count + 1)
        accounts[id] = Account(id: id, name: name, email: email, mobile: mobile, storedPassword: PasswordCipher.encipher(password))
        passengerByEmail[email] = id
        passengerByMobile[mobile] = id
        send(.sms, to: mobile, .welcome, "Welcome to the cab service, \(name): 10% off your first travel with the promo code")
        send(.email, to: email, .welcome, "Welcome to the cab service, \(name): 10% off your first travel with the promo code")
        return id
    }

    static func validate(password: String) throws(CabServiceError) {
        guard password.count == 8, password.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { throw .invalidField("password") }
    }

    /// Logs in with mobile number and password (UC02). A suspended account is refused without
    /// counting (D4); a wrong password is refused and counted, and the third in a row suspends
    /// the account for a day (6a.3, 6e.2; D3). Success resets the count and selects Nano.
    public mutating func login(mobile: String, password: String) throws(CabServiceError) -> PassengerID {
        guard let id = passengerByMobile[mobile], var account = accounts[id] else { throw .invalidLogin }
        if let until = account.suspendedUntil, now < until {
            if fault == .suspendedLoginExtendsSuspension { accounts[id]!.suspendedUntil = now + policy.suspensionMinutes }
            throw .accountSuspended(until: until)
        }
        guard PasswordCipher.decipher(account.storedPassword) == password else {
            throw countFailure(of: id)
        }
        if fault != .failuresNotResetOnLogin { account.failures = 0 }
        account.suspendedUntil = nil
        account.loggedIn = true
        account.selectedType = .nano
        accounts[id] = account
        return id
    }

    /// Records an authentication failure and returns the error to throw: suspension at the
    /// limit (the count starts again from 0), else invalid login.
    mutating func countFailure(of id: PassengerID) -> CabServiceError {
        var account = accounts[id]!
        account.failures += 1
        defer { accounts[id] = account }
        let limit = fault == .lockoutAfterFourFailures ? policy.failuresBeforeSuspension + 1 : policy.failuresBeforeSuspension
        guard account.failures >= limit else { return .invalidLogin }
        account.failures = 0
        account.loggedIn = false
        account.suspendedUntil = now + policy.suspensionMinutes
        return .accountSuspended(until: now + policy.suspensionMinutes)
    }

    public mutating func logout(_ id: PassengerID) throws(CabServiceError) {
        _ = try loggedIn(id)
        accounts[id]!.loggedIn = false
    }

    /// Changes the password (UC03): the current one must be right (a wrong one counts as a
    /// failed login), the new one valid and confirmed. Success ends the session (D5).
    public mutating func changePassword(mobile: String, current: String, new: String, confirmation: String) throws(CabServiceError) {
        guard let id = passengerByMobile[mobile], let account = accounts[id] else { throw .invalidLogin }
        if let until = account.suspendedUntil, now < until { throw .accountSuspended(until: until) }
        try Self.validate(password: new)
        guard new == confirmation else { throw .passwordsDiffer }
        guard PasswordCipher.decipher(account.storedPassword) == current else {
            if fault == .changePasswordFailuresNotCounted { throw .invalidLogin }
            throw countFailure(of: id)
        }
        accounts[id]!.storedPassword = PasswordCipher.encipher(new)
        accounts[id]!.failures = 0
        accounts[id]!.loggedIn = false
    }

    /// Mails the password to the registered address of the passenger with this mobile number
    /// (UC04, decision D2).
    public mutating func forgotPassword(mobile: String) throws(CabServiceError) {
        guard let id = passengerByMobile[mobile], let account = accounts[id] else { throw .unknownMobile(mobile) }
        send(.email, to: account.email, .passwordReminder, "Your password is \(PasswordCipher.decipher(account.storedPassword))")
    }

    /// Chooses the cab type for the next bookings (UC16).
    public mutating func chooseCabType(_ id: PassengerID, _ type: CabType) throws(CabServiceError) {
        _ = try loggedIn(id)
        accounts[id]!.selectedType = type
    }

    /// The stored form of a passenger's password (for audits: it never equals the password).
    public func storedPassword(of id: PassengerID) -> String? { accounts[id]?.storedPassword }
}
