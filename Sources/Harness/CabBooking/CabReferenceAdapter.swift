import CabBookingReference
import CabBookingSpec
import Checker
import ModelKit

/// The Reference as the Checker drives it: the service, what the passenger was last told, and
/// which of his two passwords each passenger set last. The message is the harness's reading of
/// the service's answer (a thrown error or a success), so that conformance compares what the
/// passenger sees as well as what the service stores; the passwords are what the people
/// remember (the service keeps them enciphered), which they type. Nothing else: which refill the
/// gateway may send again is read from the service (`CabAbstraction.refillRequest`).
public struct CabSystem: Sendable, Equatable {
    public var service: CabBookingService
    public var message: CabMessage
    var passwordVersions: [UInt8]

    init(service: CabBookingService, passengers: Int) {
        self.service = service
        message = .none
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

    /// The Reference's policy for the scope's timing (`CabAbstraction.policy(for:)`).
    public static func policy(for scope: CabScope) -> CabPolicy { CabAbstraction.policy(for: scope) }

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
        let area = ServiceArea(
            city: "Scope city", southWest: Coordinate(latitudeMicro: 12_800_000, longitudeMicro: 77_400_000),
            northEast: Coordinate(latitudeMicro: 13_200_000, longitudeMicro: 77_800_000), fares: fares)
        var service = CabBookingService(
            policy: Self.policy(for: scope), areas: [area], router: Router(speedKmh: 30, legs: legs),
            firstBookingID: 999_999,
            fault: fault)
        for c in 0..<scope.cabs {
            service.addCab(a.cab(c), type: a.referenceType(scope.cabTypes[c]), at: a.coordinate(scope.cabPoints[c]))
        }
        do {
            for p in 0..<scope.passengers where scope.startsLoggedIn {
                let password = CabAbstraction.password(p, version: 0)
                let id = try service.register(
                    name: CabAbstraction.name(p), email: CabAbstraction.email(p), mobile: CabAbstraction.mobile(p),
                    password: password, confirmation: password)
                _ = try service.login(mobile: CabAbstraction.mobile(p), password: password)
                guard scope.startsWithWallet(p) else { continue }
                try service.enrollWallet(id)
                if scope.startingBalance(of: p) > 0 {
                    _ = try service.refill(
                        id, amount: scope.startingBalance(of: p), request: Self.startingRefill(p),
                        gateway: .approved)
                }
            }
        } catch {
            return (
                CabSystem(service: service, passengers: scope.passengers),
                "setting up scope \(scope.name), the implementation refused to register, log in or refill its "
                    + "passengers: \(error)"
            )
        }
        return (CabSystem(service: service, passengers: scope.passengers), nil)
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

    /// The fields in which the implementation's state differs from the Spec's, each with
    /// both values, in the words of the trace's changes and the reports' divergence table.
    public func differences(expected: CabWorld, actual: CabWorld) -> [String] {
        let fields = CabPresentation.changes(from: expected, to: actual, scope: scope)
        return fields.isEmpty
            ? [] : ["specification→implementation: " + fields.map(\.description).joined(separator: "; ")]
    }

    /// Scope limits, not rules, are out of bounds (the Spec's booking slots and its clock's
    /// horizon); a refusal the app shows the passenger is a step with its message
    /// (`message(shownFor:refusing:)`); any other refusal changes nothing.
    public func perform(_ action: CabAction, on system: inout CabSystem) -> Outcome {
        switch action {
        case .bookNow, .bookLater: if system.service.bookingIDs.issued.count >= scope.bookings { return .outOfBounds }
        case .advance(let minutes): if system.service.now + minutes > scope.horizon { return .outOfBounds }
        default: break
        }
        var next = system
        do {
            if let shown = try run(action, on: &next) { next.message = shown }
        } catch {
            guard let shown = Self.message(shownFor: error, refusing: action, hasAccount: hasAccount(action, system))
            else {
                return .refused(Refusal(describing: error))
            }
            next.message = shown
        }
        system = next
        return .accepted
    }

    /// Asks the service for `action`, one call each, and returns the message a success shows
    /// (nil: the screen keeps the one it had).
    func run(_ action: CabAction, on system: inout CabSystem) throws(CabServiceError) -> CabMessage? {
        let a = abstraction
        let before = system
        let issued = before.service.bookingIDs.issued
        func booking(_ b: Int) -> BookingID { b < issued.count ? issued[b] : BookingID(0) }
        func id(_ p: Int) -> CabBookingReference.PassengerID { a.passenger(p, in: before.service) }
        func registered(_ p: Int) -> Bool { before.service.account(id(p)) != nil }
        // What passenger p types as his mobile number: an unregistered one has none the service knows.
        func mobile(_ p: Int) -> String { before.service.account(id(p))?.mobile ?? CabAbstraction.mobileOfNoAccount }
        func password(_ p: Int) -> String { CabAbstraction.password(p, version: before.passwordVersions[p]) }
        switch action {
        case .register(let p, let email, let mobileIndex, let confirmed):
            let typed = password(p)
            try system.service.register(
                name: CabAbstraction.name(p), email: CabAbstraction.email(email),
                mobile: CabAbstraction.mobile(mobileIndex), password: typed,
                confirmation: confirmed ? typed : CabAbstraction.mistypedConfirmation)
            return .registered
        case .changePassword(let p, _) where !registered(p):
            // Someone with no account is refused outright: the Spec has no step for him.
            let new = CabAbstraction.newPasswordOfNoAccount
            try system.service.changePassword(mobile: mobile(p), current: password(p), new: new, confirmation: new)
            return nil
        case .changePassword(let p, let right):
            let new = CabAbstraction.password(p, version: before.passwordVersions[p] ^ 1)
            try system.service.changePassword(
                mobile: mobile(p), current: right ? password(p) : CabAbstraction.wrongPassword,
                new: new, confirmation: new)
            system.passwordVersions[p] ^= 1
            return .passwordChanged
        case .forgotPassword(let p):
            try system.service.forgotPassword(mobile: mobile(p))
            return .passwordMailed
        case .addFavourite(let p, let place):
            try system.service.addFavourite(id(p), name: CabAbstraction.favouriteName(place), at: a.favourite(place))
            return .favouriteSaved
        case .retryRefill(let p):
            let last = CabAbstraction.refillRequest(p, CabAbstraction.creditedRefills(of: p, in: before.service))
            _ = try system.service.refill(id(p), amount: scope.refillAmount, request: last, gateway: .approved)
            return .walletRefilled
        case .login(let p, _) where !registered(p):
            _ = try system.service.login(mobile: mobile(p), password: password(p))
            return nil
        case .login(let p, let right):
            _ = try system.service.login(
                mobile: mobile(p), password: right ? password(p) : CabAbstraction.wrongPassword)
            return .loggedIn
        case .logout(let p):
            try system.service.logout(id(p))
            return .loggedOut
        case .chooseCabType(let p, let type):
            try system.service.chooseCabType(id(p), a.referenceType(type))
            return .cabTypeChosen
        case .bookNow(let p, let pickup, let promo):
            _ = try system.service.bookNow(id(p), pickup: a.coordinate(pickup), promo: promo)
            return .bookingConfirmed
        case .bookLater(let p, let pickup, let lead, let promo):
            _ = try system.service.bookLater(
                id(p), pickup: a.coordinate(pickup), at: before.service.now + lead, promo: promo)
            return .bookingConfirmed
        case .cancel(let p, let b):
            try system.service.cancel(id(p), booking(b))
            return .cancelled
        case .track(let p, let b):
            _ = try system.service.track(id(p), booking(b))
            return nil
        case .refill(let p, let approved):
            let request = CabAbstraction.refillRequest(p, CabAbstraction.creditedRefills(of: p, in: before.service) + 1)
            _ = try system.service.refill(
                id(p), amount: scope.refillAmount, request: request,
                gateway: approved ? .approved : .wrongPIN)
            return .walletRefilled
        case .board(let b):
            try system.service.board(booking(b))
            return .travelStarted
        case .endTravel(let b, let drop, let charge):
            let receipt = try system.service.endTravel(booking(b), drop: a.coordinate(drop), chargeWaiting: charge)
            return receipt.payment == .wallet ? .paidByWallet : .paidInCash
        case .repeatTravelEnd(let b):
            _ = try system.service.endTravel(booking(b), drop: a.coordinate(0))
            return nil
        case .sendFeedback(let p, let b):
            try system.service.sendFeedback(id(p), booking(b), rating: CabAbstraction.feedbackRating)
            return .feedbackSent
        case .advance(let minutes):
            try system.service.advanceClock(to: before.service.now + minutes)
            return CabMessage.none
        }
    }

    /// Whether the passenger who logs in or changes his password has an account (true for
    /// every other action).
    func hasAccount(_ action: CabAction, _ system: CabSystem) -> Bool {
        switch action {
        case .login(let p, _), .changePassword(let p, _):
            system.service.account(abstraction.passenger(p, in: system.service)) != nil
        default: true
        }
    }

    /// The one table from the service's errors to what the app shows: the message of the rule
    /// that refused `action`, or nil for a refusal the app never shows (no session, an
    /// unknown booking), which the Spec has no step for. Someone with no account is refused a
    /// login or a password change outright: the Spec has no such step for him.
    static func message(shownFor error: CabServiceError, refusing action: CabAction, hasAccount: Bool) -> CabMessage? {
        switch (action, error) {
        case (.login, _) where !hasAccount, (.changePassword, _) where !hasAccount: nil
        case (.register, .passwordsDiffer): .passwordsDiffer
        case (.register, .emailAlreadyRegistered): .emailTaken
        case (.register, .mobileAlreadyRegistered): .mobileTaken
        case (.changePassword, .invalidLogin): .passwordWrong
        case (.changePassword, .accountSuspended): .suspendedOnChange
        case (.forgotPassword, .unknownMobile): .unknownMobile
        case (.addFavourite, .favouriteNameTaken): .favouriteNameTaken
        case (.addFavourite, .favouriteTooClose): .favouriteTooClose
        case (.addFavourite, .favouriteLimit): .favouriteLimit
        case (.login, .invalidLogin): .invalidLogin
        case (.login, .accountSuspended): .suspended
        case (.refill, .transactionError): .transactionError
        case (.refill, .walletLimitExceeded): .walletLimit
        case (.bookNow, .outsideServiceArea), (.bookLater, .outsideServiceArea): .outsideArea
        case (.bookNow, .bookingClash), (.bookLater, .bookingClash): .clash
        case (.bookNow, .noCabAvailable), (.bookLater, .noCabAvailable): .noCab
        case (.bookNow, .tooSoon), (.bookLater, .tooSoon): .tooSoon
        case (.bookNow, .tooFarAhead), (.bookLater, .tooFarAhead): .tooFarAhead
        case (.bookNow, .cabUnavailableAtTime), (.bookLater, .cabUnavailableAtTime): .noCabThen
        default: nil
        }
    }
}
