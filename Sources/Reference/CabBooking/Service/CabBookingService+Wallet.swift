/// The wallet: enrolment and refills (seed 004 UC12), in paise.
extension CabBookingService {
    /// What the payment gateway answered a refill.
    public enum GatewayAnswer: Sendable, Equatable {
        case approved, wrongPIN, cardBalanceTooLow, bankLoginFailed, bankBalanceTooLow
    }

    public mutating func enrollWallet(_ passenger: PassengerID) throws(CabServiceError) {
        guard let account = accounts[passenger] else { throw .unknownPassenger(passenger) }
        guard !account.walletEnrolled else { throw .walletAlreadyEnrolled(passenger) }
        accounts[passenger]!.walletEnrolled = true
        balances[passenger] = 0
    }

    /// Credits a refill the gateway approved (UC12), within the wallet limit (BR4, D20).
    /// `request` is the gateway's request id: a refill retried after a timeout carries the same
    /// one and is credited once.
    public mutating func refill(_ passenger: PassengerID, amount: Paise, request: String, gateway: GatewayAnswer) throws(CabServiceError) -> Paise {
        _ = try loggedIn(passenger)
        guard accounts[passenger]!.walletEnrolled else { throw .walletNotEnrolled(passenger) }
        if creditedRefills[request] != nil && fault != .refillRetryCreditedAgain { return balances[passenger, default: 0] }
        guard amount > 0 else { throw .invalidField("amount") }
        switch gateway {
        case .approved: break
        case .wrongPIN: throw .transactionError
        case .cardBalanceTooLow, .bankBalanceTooLow: throw .insufficientFunds
        case .bankLoginFailed: throw .bankLoginFailed
        }
        let balance = balances[passenger, default: 0]
        let after = balance + amount
        let within = fault == .walletLimitExclusive ? after < policy.walletLimit : after <= policy.walletLimit
        guard within || fault == .walletLimitNotChecked else { throw .walletLimitExceeded(limit: policy.walletLimit) }
        balances[passenger] = balance + amount
        creditedRefills[request] = amount
        return balance + amount
    }

    /// Whether the gateway request `request` has been credited: a retry of it credits nothing.
    public func isCredited(request: String) -> Bool { creditedRefills[request] != nil }
}
