import CabBookingReference
import CabBookingSpec
import Checker

/// Cab booking states and actions in ITF: passengers, bookings and cabs as maps by name,
/// integers as {"#bigint": "n"}.
extension CabBookingPlugin {
    public var traceVariables: [String] { ["now", "lastMessage", "passengers", "bookings", "cabs"] }

    public func traceState(_ world: CabWorld, bounds scope: CabScope) -> [(String, JSON)] {
        func int(_ value: some BinaryInteger) -> JSON { .object([("#bigint", .string("\(value)"))]) }
        func map(_ pairs: [(String, JSON)]) -> JSON { .object([("#map", .array(pairs.map { .array([.string($0.0), $0.1]) }))]) }
        let passengers = (0..<scope.passengers).map { p -> (String, JSON) in
            let r = world.passengers[p]
            return ("p\(p + 1)", .object([("session", .bool(r.session)), ("failures", int(r.failures)), ("suspendedUntil", int(r.suspendedUntil)),
                                         ("type", .string("\(r.selectedType)")), ("wallet", .bool(r.walletEnrolled)), ("balance", int(r.balance)),
                                         ("promo", .bool(r.promoAvailable)), ("registered", .bool(r.registered)), ("email", int(r.email)),
                                         ("mobile", int(r.mobile)), ("passwordVersion", int(r.passwordVersion)), ("favourites", int(r.favourites)),
                                         ("refillCredited", .bool(r.refillCredited))]))
        }
        let bookings = (0..<scope.bookings).filter { world.bookings[$0].status != .unused }.map { b -> (String, JSON) in
            let r = world.bookings[b]
            return ("b\(b + 1)", .object([("status", .string("\(r.status)")), ("owner", .string("p\(Int(r.owner) + 1)")), ("later", .bool(r.isLater)),
                                         ("type", .string("\(r.type)")), ("pickup", .string("L\(r.pickup)")), ("pickupAt", int(r.pickupAt)),
                                         ("createdAt", int(r.createdAt)), ("cab", .string(r.cab == CabWorld.none ? "" : "c\(Int(r.cab) + 1)")),
                                         ("cabDueAt", int(r.cabDueAt)), ("arrivedAt", int(r.arrivedAt)), ("boardedAt", int(r.boardedAt)),
                                         ("fare", int(r.fare)), ("payment", .string("\(r.payment)")),
                                         ("feedback", .bool(r.feedback)), ("promo", .bool(r.promo)),
                                         ("promoApplied", .bool(r.promoApplied))]))
        }
        let cabs = (0..<scope.cabs).map { c -> (String, JSON) in
            let r = world.cabs[c]
            return ("c\(c + 1)", .object([("type", .string("\(r.type)")), ("at", .string("L\(r.location)")),
                                         ("booking", .string(r.booking == CabWorld.none ? "" : "b\(Int(r.booking) + 1)"))]))
        }
        return [("now", int(world.now)), ("lastMessage", .string(world.lastMessage.code)),
                ("passengers", map(passengers)),
                ("bookings", map(bookings)), ("cabs", map(cabs))]
    }

    public func traceAction(_ action: CabAction) -> (name: String, parameters: [(String, String)]) {
        let parameters: [(String, String)] = switch action {
        case .register(let p, let e, let m, let confirmed): [("passenger", "p\(p + 1)"), ("email", "e\(e)"), ("mobile", "m\(m)"), ("confirmed", "\(confirmed)")]
        case .changePassword(let p, let right): [("passenger", "p\(p + 1)"), ("rightCurrent", "\(right)")]
        case .forgotPassword(let p), .retryRefill(let p): [("passenger", "p\(p + 1)")]
        case .addFavourite(let p, let place): [("passenger", "p\(p + 1)"), ("place", "F\(place)")]
        case .login(let p, let right): [("passenger", "p\(p + 1)"), ("rightPassword", "\(right)")]
        case .logout(let p): [("passenger", "p\(p + 1)")]
        case .chooseCabType(let p, let type): [("passenger", "p\(p + 1)"), ("type", "\(type)")]
        // The promo code is written only where it was entered: traces without it read as before.
        case .bookNow(let p, let pickup, let promo):
            [("passenger", "p\(p + 1)"), ("pickup", "L\(pickup)")] + (promo ? [("promo", "true")] : [])
        case .bookLater(let p, let pickup, let lead, let promo):
            [("passenger", "p\(p + 1)"), ("pickup", "L\(pickup)"), ("lead", "\(lead)")]
                + (promo ? [("promo", "true")] : [])
        case .cancel(let p, let b), .track(let p, let b), .sendFeedback(let p, let b): [("passenger", "p\(p + 1)"), ("booking", "b\(b + 1)")]
        case .refill(let p, let approved): [("passenger", "p\(p + 1)"), ("approved", "\(approved)")]
        case .board(let b), .repeatTravelEnd(let b): [("booking", "b\(b + 1)")]
        case .endTravel(let b, let drop, let charge): [("booking", "b\(b + 1)"), ("drop", "L\(drop)"), ("chargeWaiting", "\(charge)")]
        case .advance(let minutes): [("minutes", "\(minutes)")]
        }
        return (action.kind.name, parameters)
    }

    public func action(named name: String, parameters: [String: String], bounds scope: CabScope) throws(ModelInputError) -> CabAction {
        guard let kind = CabActionKind.allCases.first(where: { $0.name == name }) else {
            throw ModelInputError("unknown action '\(name)'; valid actions: \(CabActionKind.allCases.map(\.name).joined(separator: ", "))")
        }
        func text(_ key: String) throws(ModelInputError) -> String {
            guard let value = parameters[key] else { throw ModelInputError("\(name) needs a parameter '\(key)'") }
            return value
        }
        func entity(_ key: String, _ prefix: String, _ count: Int) throws(ModelInputError) -> Int {
            let value = try text(key)
            guard value.hasPrefix(prefix), let number = Int(value.dropFirst(prefix.count)), (1...count).contains(number) else {
                throw ModelInputError("\(name): \(key) '\(value)' is not one of \(prefix)1...\(prefix)\(count) in scope \(scope.name)")
            }
            return number - 1
        }
        func point(_ key: String, inAreaOnly: Bool) throws(ModelInputError) -> Int {
            let value = try text(key), last = inAreaOnly ? scope.pointsInArea - 1 : scope.outsidePoint
            guard value.hasPrefix("L"), let number = Int(value.dropFirst()), (0...last).contains(number) else {
                throw ModelInputError("\(name): \(key) '\(value)' is not one of L0...L\(last) in scope \(scope.name)")
            }
            return number
        }
        func index(_ key: String, _ prefix: String, _ count: Int) throws(ModelInputError) -> Int {
            let value = try text(key)
            guard value.hasPrefix(prefix), let number = Int(value.dropFirst(prefix.count)), (0..<count).contains(number) else {
                throw ModelInputError("\(name): \(key) '\(value)' is not one of \(prefix)0...\(prefix)\(count - 1) in scope \(scope.name)")
            }
            return number
        }
        func flag(_ key: String) throws(ModelInputError) -> Bool {
            switch try text(key) {
            case "true": return true
            case "false": return false
            case let value: throw ModelInputError("\(name): \(key) '\(value)' is not true or false")
            }
        }
        /// The promo code, absent when not entered; entered only in a scope that offers it.
        func promo() throws(ModelInputError) -> Bool {
            guard parameters["promo"] != nil else { return false }
            let entered = try flag("promo")
            if entered && !scope.offersPromo {
                throw ModelInputError("\(name): scope \(scope.name) offers no promo code")
            }
            return entered
        }
        let p = { () throws(ModelInputError) -> Int in try entity("passenger", "p", scope.passengers) }
        let b = { () throws(ModelInputError) -> Int in try entity("booking", "b", scope.bookings) }
        let action: CabAction
        switch kind {
        case .register:
            action = .register(passenger: try p(), email: try index("email", "e", scope.emails), mobile: try index("mobile", "m", scope.mobiles),
                               confirmed: try flag("confirmed"))
        case .changePassword: action = .changePassword(passenger: try p(), rightCurrent: try flag("rightCurrent"))
        case .forgotPassword: action = .forgotPassword(passenger: try p())
        case .retryRefill: action = .retryRefill(passenger: try p())
        case .addFavourite: action = .addFavourite(passenger: try p(), place: try index("place", "F", scope.favouriteOffsets.count))
        case .login: action = .login(passenger: try p(), rightPassword: try flag("rightPassword"))
        case .logout: action = .logout(passenger: try p())
        case .chooseCabType:
            let value = try text("type")
            guard let type = CabType.allCases.first(where: { "\($0)" == value }) else { throw ModelInputError("\(name): type '\(value)' is not Nano, Hatchback or Sedan") }
            action = .chooseCabType(passenger: try p(), type)
        case .bookNow:
            action = .bookNow(passenger: try p(), pickup: try point("pickup", inAreaOnly: false), promo: try promo())
        case .bookLater:
            let value = try text("lead")
            guard let lead = Int(value), scope.leads.contains(lead) else {
                throw ModelInputError("\(name): lead '\(value)' is not one of \(scope.leads.map(String.init).joined(separator: ", ")) in scope \(scope.name)")
            }
            action = .bookLater(passenger: try p(), pickup: try point("pickup", inAreaOnly: false), lead: lead,
                                promo: try promo())
        case .cancel: action = .cancel(passenger: try p(), booking: try b())
        case .track: action = .track(passenger: try p(), booking: try b())
        case .sendFeedback: action = .sendFeedback(passenger: try p(), booking: try b())
        case .refill: action = .refill(passenger: try p(), approved: try flag("approved"))
        case .board: action = .board(booking: try b())
        case .repeatTravelEnd: action = .repeatTravelEnd(booking: try b())
        case .endTravel: action = .endTravel(booking: try b(), drop: try point("drop", inAreaOnly: true), chargeWaiting: try flag("chargeWaiting"))
        case .advance:
            let value = try text("minutes")
            guard let minutes = Int(value), (1...scope.horizon).contains(minutes) else {
                throw ModelInputError("\(name): minutes '\(value)' is not a whole number in 1...\(scope.horizon)")
            }
            action = .advance(minutes: minutes)
        }
        let expected = Set(traceAction(action).parameters.map(\.0))
        if let extra = parameters.keys.sorted().first(where: { !expected.contains($0) }) { throw ModelInputError("\(name) has no parameter '\(extra)'") }
        return action
    }
}
