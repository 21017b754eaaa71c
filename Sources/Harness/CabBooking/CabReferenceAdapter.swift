import CabBookingReference
import CabBookingSpec
import Checker

/// The Reference as the Checker drives it: the service and what the passenger was last told.
/// The message is the harness's reading of the service's answer (a thrown error or a success),
/// so that conformance compares what the passenger sees as well as what the service stores.
public struct CabSystem: Sendable, Equatable {
    public var service: CabBookingService
    public var message: CabMessage
    /// Refills sent so far: each new refill gets a fresh request id; the same id is a retry.
    var refills = 0
    /// By passenger slot: the request id of his last credited refill (0: none), which the
    /// gateway may send again, and which of his two passwords he set last.
    var lastCreditedRefill: [Int]
    var passwordVersions: [UInt8]

    init(service: CabBookingService, passengers: Int) {
        self.service = service
        message = .none
        lastCreditedRefill = Array(repeating: 0, count: passengers)
        passwordVersions = Array(repeating: 0, count: passengers)
    }
}

/// Drives the cab booking Reference with the Spec's actions.
public struct CabReferenceAdapter: ImplementationAdapter {
    public let spec: CabBookingModel
    public let abstraction: CabAbstraction
    public let fault: CabFault?
    var scope: CabScope { spec.scope }

    public init(model: CabBookingModel, fault: CabFault? = nil) {
        spec = model
        abstraction = CabAbstraction(scope: model.scope)
        self.fault = fault
    }

    /// The Reference's policy for the scope's timing: the same thresholds.
    public static func policy(for scope: CabScope) -> CabPolicy {
        let timing = scope.timing
        var policy = CabPolicy.standard
        policy.arrivalBoundMinutes = timing.windowMinutes
        policy.minimumLeadMinutes = timing.windowMinutes
        policy.clashWindowMinutes = timing.windowMinutes
        policy.waitingBlockMinutes = timing.windowMinutes
        policy.noticeMinutes = timing.noticeMinutes
        policy.freeWaitingMinutes = timing.freeWaitingMinutes
        policy.maximumLeadMinutes = timing.maximumLeadMinutes
        policy.suspensionMinutes = timing.dayMinutes
        policy.walletLimit = scope.walletLimit
        policy.maximumFavourites = scope.favouriteLimit
        policy.favouriteRadiusMetres = scope.favouriteRadiusMetres
        return policy
    }

    /// The service set up as the Spec starts: the area holding the scope's points, the router
    /// answering the scope's table, the fleet, and, where the scope says so, each passenger
    /// registered, logged in and enrolled with the starting balance. Booking ids start at
    /// 999,999, so that the second wraps.
    public func initialSystems() -> [CabSystem] { [setUp().system] }

    public func setUpDivergences() -> [String?] { [setUp().divergence] }

    /// Every refill the set-up makes has a gateway request id of its own: the service
    /// credits a request id once, and one shared id left every passenger but the first
    /// with an empty wallet.
    static func startingRefill(_ p: Int) -> String { "start-\(p + 1)" }

    /// The service with the scope's cabs and, when the scope says so, its passengers
    /// registered, logged in, enrolled in the wallet and refilled with the starting balance;
    /// and the step of that set-up the service refused, if one was.
    func setUp() -> (system: CabSystem, divergence: String?) {
        let a = abstraction
        var legs: [Router.Leg: (minutes: Int, metres: Int)] = [:]
        for from in 0..<scope.points {
            for to in 0..<scope.points where from != to {
                legs[Router.Leg(a.coordinate(from), a.coordinate(to))] = (scope.eta[from][to], scope.metres[from][to])
            }
        }
        var fares: [CabBookingReference.CabType: Fare] = [:]
        for (index, type) in [CabBookingReference.CabType.nano, .hatchback, .sedan].enumerated() {
            fares[type] = Fare(base: scope.baseFare[index], perKilometre: scope.perKilometre[index])
        }
        let area = ServiceArea(city: "Scope city", southWest: Coordinate(latitudeMicro: 12_800_000, longitudeMicro: 77_400_000),
                               northEast: Coordinate(latitudeMicro: 13_200_000, longitudeMicro: 77_800_000), fares: fares)
        var service = CabBookingService(policy: Self.policy(for: scope), areas: [area], router: Router(speedKmh: 30, legs: legs), firstBookingID: 999_999,
                                        fault: fault)
        for c in 0..<scope.cabs {
            service.addCab(a.cab(c), type: referenceType(scope.cabTypes[c]), at: a.coordinate(scope.cabPoints[c]))
        }
        do {
            for p in 0..<scope.passengers where scope.startsLoggedIn {
                let password = CabAbstraction.password(p, version: 0)
                let id = try service.register(name: CabAbstraction.name(p), email: CabAbstraction.email(p), mobile: CabAbstraction.mobile(p),
                                              password: password, confirmation: password)
                _ = try service.login(mobile: CabAbstraction.mobile(p), password: password)
                guard scope.startsWithWallet(p) else { continue }
                try service.enrollWallet(id)
                if scope.startingBalance(of: p) > 0 {
                    _ = try service.refill(id, amount: scope.startingBalance(of: p), request: Self.startingRefill(p),
                                           gateway: .approved)
                }
            }
        } catch {
            return (CabSystem(service: service, passengers: scope.passengers),
                    "setting up scope \(scope.name), the implementation refused to register, log in or refill its "
                        + "passengers: \(error)")
        }
        return (CabSystem(service: service, passengers: scope.passengers), nil)
    }

    func referenceType(_ type: CabBookingSpec.CabType) -> CabBookingReference.CabType {
        switch type {
        case .nano: .nano
        case .hatchback: .hatchback
        case .sedan: .sedan
        }
    }

    public func abstraction(of system: CabSystem) -> CabWorld { abstraction.world(of: system) }

    /// The Pending and Previous bookings, compared with the Spec's after every step.
    public func shown(in system: CabSystem) -> [ShownView<BookingRow>]? { abstraction.shown(in: system) }

    /// The booking ids drawn, the next favourite's id and how many messages went out: the
    /// abstraction shows the bookings that exist and the last message only, so an id drawn
    /// by a refused booking, or a message sent twice, would be merged away with the path that
    /// reached the same abstraction first.
    public func hiddenState(of system: CabSystem) -> UInt64? {
        var hasher = StableHasher()
        hasher.combine(system.service.bookingIDs.issued.count)
        hasher.combine(system.service.nextFavourite)
        hasher.combine(system.service.outbox.count)
        return hasher.finalize()
    }

    /// The Spec's actions, enabled or not, less those the app never offers where the Spec's
    /// guard is only the screen's (a login while logged in), and with the travel-end message
    /// sent as the Spec names it: `endTravel` for a travel not yet ended, `repeatTravelEnd` for
    /// one that has (the service answers both with the same call, and a retry with the receipt).
    public func candidates(in world: CabWorld, into actions: inout [CabAction]) {
        spec.rules.candidates(in: world) { action in
            switch action {
            case .login(let p, _) where world.passengers[p].session: return
            // A person registers once; a second account would be another passenger.
            case .register(let p, _, _, _) where world.passengers[p].registered: return
            // The gateway confirms again only a refill it credited.
            case .retryRefill(let p) where !world.passengers[p].refillCredited: return
            case .endTravel(let b, _, _) where world.bookings[b].status == .completed: return
            case .repeatTravelEnd(let b) where world.bookings[b].status != .completed: return
            default: actions.append(action)
            }
        }
    }

    /// Rules about the Reference's own data, which the Spec abstracts away (design note §1,
    /// kind "reference"): checked on every state when the Reference is explored alone.
    public var systemProperties: [SystemProperty<CabSystem>] {
        [
            SystemProperty(id: "bookingIdsSixDigits", statement: "Every booking id is a six-digit number, 100000 to 999999.",
                           source: "004 UC06 BR4; UC07 BR5 (decision D7)") { system in
                let ids = system.service.bookingIDs.issued
                guard !ids.isEmpty else { return .vacuous }
                return ids.first { !BookingID.range.contains($0.value) }.map { .violated(witness: "the service issued \($0), not six digits") } ?? .holds
            },
            SystemProperty(id: "bookingIdNeverReused", statement: "No booking id is issued twice, even after a cancellation deleted the first booking.",
                           source: "004 UC06 BR4, UC19 steps 6-7 (decision D7)") { system in
                let ids = system.service.bookingIDs.issued
                guard ids.count > 1 else { return .vacuous }
                return Set(ids).count == ids.count ? .holds : .violated(witness: "the service issued \(ids.map(\.description).joined(separator: ", ")): an id twice")
            },
            SystemProperty(id: "passwordStoredEnciphered", statement: "No stored password equals its plaintext.", source: "004 UC01 BR6 (decision D2)") { system in
                Verdict.all(0..<scope.passengers) { p in
                    guard let stored = system.service.storedPassword(of: abstraction.passenger(p, in: system.service)) else { return .vacuous }
                    return stored == CabAbstraction.password(p, version: system.passwordVersions[p]) ? .violated(witness: "p\(p + 1)'s password is stored as it was typed") : .holds
                }
            },
        ]
    }

    public func differences(expected: CabWorld, actual: CabWorld) -> [String] {
        expected == actual ? [] : ["specification: \(CabPresentation.summary(expected, scope: scope))", "implementation: \(CabPresentation.summary(actual, scope: scope))"]
    }

    public func perform(_ action: CabAction, on system: inout CabSystem) -> Outcome {
        let a = abstraction
        let issued = system.service.bookingIDs.issued
        func booking(_ b: Int) -> BookingID { b < issued.count ? issued[b] : BookingID(0) }
        // Scope limits, not rules: the Spec's booking slots and its clock's horizon.
        switch action {
        case .bookNow, .bookLater: if issued.count >= scope.bookings { return .outOfBounds }
        case .advance(let minutes): if system.service.now + minutes > scope.horizon { return .outOfBounds }
        default: break
        }
        var next = system
        let before = system
        let id = { (p: Int) in a.passenger(p, in: before.service) }
        // What passenger p types as his mobile number: an unregistered one has none the service knows.
        let mobile = { (p: Int) in before.service.account(id(p))?.mobile ?? "9999999999" }
        let password = { (p: Int) in CabAbstraction.password(p, version: before.passwordVersions[p]) }
        do {
            switch action {
            case .register(let p, let email, let mobileIndex, let confirmed):
                let typed = password(p)
                next.message = .registered
                do {
                    try next.service.register(name: CabAbstraction.name(p), email: CabAbstraction.email(email), mobile: CabAbstraction.mobile(mobileIndex),
                                              password: typed, confirmation: confirmed ? typed : "zzzz9999")
                } catch .passwordsDiffer {
                    next.message = .passwordsDiffer
                } catch .emailAlreadyRegistered {
                    next.message = .emailTaken
                } catch .mobileAlreadyRegistered {
                    next.message = .mobileTaken
                }
            case .changePassword(let p, let right):
                guard system.service.account(id(p)) != nil else {
                    try next.service.changePassword(mobile: mobile(p), current: password(p), new: "qrst5555", confirmation: "qrst5555")
                    break
                }
                let new = CabAbstraction.password(p, version: system.passwordVersions[p] ^ 1)
                next.message = .passwordChanged
                do {
                    try next.service.changePassword(mobile: mobile(p), current: right ? password(p) : "wrong123", new: new, confirmation: new)
                    next.passwordVersions[p] ^= 1
                } catch .invalidLogin {
                    next.message = .passwordWrong
                } catch .accountSuspended {
                    next.message = .suspendedOnChange
                }
            case .forgotPassword(let p):
                next.message = .passwordMailed
                do { try next.service.forgotPassword(mobile: mobile(p)) } catch .unknownMobile { next.message = .unknownMobile }
            case .addFavourite(let p, let place):
                next.message = .favouriteSaved
                do { try next.service.addFavourite(id(p), name: "F\(place)", at: a.favourite(place)) } catch .favouriteNameTaken {
                    next.message = .favouriteNameTaken
                } catch .favouriteTooClose {
                    next.message = .favouriteTooClose
                } catch .favouriteLimit {
                    next.message = .favouriteLimit
                }
            case .retryRefill(let p):
                _ = try next.service.refill(id(p), amount: scope.refillAmount, request: "refill \(system.lastCreditedRefill[p])", gateway: .approved)
                next.message = .walletRefilled
            case .login(let p, let right):
                // Someone with no account is refused outright: the Spec has no login for him.
                guard before.service.account(id(p)) != nil else {
                    _ = try next.service.login(mobile: mobile(p), password: password(p))
                    break
                }
                next.message = .loggedIn
                do { _ = try next.service.login(mobile: mobile(p), password: right ? password(p) : "wrong123") } catch .invalidLogin {
                    next.message = .invalidLogin
                } catch .accountSuspended {
                    next.message = .suspended
                }
            case .logout(let p):
                try next.service.logout(id(p))
                next.message = .loggedOut
            case .chooseCabType(let p, let type):
                try next.service.chooseCabType(id(p), referenceType(type))
                next.message = .cabTypeChosen
            case .bookNow(let p, let pickup, let promo):
                next.message = try attempt { () throws(CabServiceError) in
                    try next.service.bookNow(id(p), pickup: a.coordinate(pickup), promo: promo)
                }
            case .bookLater(let p, let pickup, let lead, let promo):
                let at = next.service.now + lead
                next.message = try attempt { () throws(CabServiceError) in
                    try next.service.bookLater(id(p), pickup: a.coordinate(pickup), at: at, promo: promo)
                }
            case .cancel(let p, let b):
                try next.service.cancel(id(p), booking(b))
                next.message = .cancelled
            case .track(let p, let b):
                _ = try next.service.track(id(p), booking(b))
            case .refill(let p, let approved):
                next.refills += 1
                next.message = .walletRefilled
                do {
                    _ = try next.service.refill(id(p), amount: scope.refillAmount, request: "refill \(next.refills)", gateway: approved ? .approved : .wrongPIN)
                    next.lastCreditedRefill[p] = next.refills
                } catch .transactionError {
                    next.message = .transactionError
                } catch .walletLimitExceeded {
                    next.message = .walletLimit
                }
            case .board(let b):
                try next.service.board(booking(b))
                next.message = .travelStarted
            case .endTravel(let b, let drop, let charge):
                let receipt = try next.service.endTravel(booking(b), drop: a.coordinate(drop), chargeWaiting: charge)
                next.message = receipt.payment == .wallet ? .paidByWallet : .paidInCash
            case .repeatTravelEnd(let b):
                _ = try next.service.endTravel(booking(b), drop: a.coordinate(0))
            case .sendFeedback(let p, let b):
                try next.service.sendFeedback(id(p), booking(b), rating: 5)
                next.message = .feedbackSent
            case .advance(let minutes):
                try next.service.advanceClock(to: next.service.now + minutes)
                next.message = .none
            }
        } catch {
            return .refused(Refusal(describing: error))
        }
        // A refused attempt that changed nothing but the message is still the Spec's step.
        if case .refill = action, next.message != .walletRefilled { next.refills = system.refills }
        system = next
        return .accepted
    }

    /// A booking attempt: its confirmation, or the message of the rule that refused it; other
    /// errors (no session) are refusals.
    func attempt(_ body: () throws(CabServiceError) -> BookingID) throws(CabServiceError) -> CabMessage {
        do {
            _ = try body()
            return .bookingConfirmed
        } catch {
            switch error {
            case .outsideServiceArea: return .outsideArea
            case .bookingClash: return .clash
            case .noCabAvailable: return .noCab
            case .tooSoon: return .tooSoon
            case .tooFarAhead: return .tooFarAhead
            case .cabUnavailableAtTime: return .noCabThen
            default: throw error
            }
        }
    }
}
