import CabBookingReference
import CabBookingSpec
import Checker

/// The Mobile Cab Booking application (seed 004) as `verify` sees it.
public struct CabBookingPlugin: ModelPlugin {
    public typealias Spec = CabBookingModel
    public typealias Adapter = CabReferenceAdapter
    public typealias Bounds = CabScope

    public init() {}

    public var name: String { "cabbooking" }
    public var summary: String {
        "Mobile Cab Booking (seed 004): accounts and lockout, passwords, booking now and later, dispatch, time at the minute, wallet and payment, favourites, feedback"
    }

    public var scopes: [ScopeDescription] {
        [ScopeDescription("ci", "1 passenger with INR 100 in his wallet, 2 Nanos and a Sedan, 2 points and 1 outside, 2 bookings, 80 minutes probed at the minute around every window"),
         ScopeDescription("accounts", "2 passengers not yet registered, 2 e-mails and 2 mobile numbers, passwords and "
                          + "the lockout, 4 favourite places with a limit of 2, 50 minutes"),
         ScopeDescription("day", "3 passengers (one with no wallet), 2 Nanos and a Sedan, 4 bookings, 120 minutes, "
                          + "leads at both limits and "
                          + "one minute either side, bookings with the promo code or without: for seeded walks"),
         ScopeDescription("wallet", "the wallet limit at the paisa: 3 passengers holding INR 499.99, 500.00 and 500.01 "
                          + "refill INR 500 against a limit of INR 1,000"),
         ScopeDescription("fleet", "the whole fleet busy: 3 passengers for a Nano and a Sedan, 3 bookings, 4 steps")]
    }

    public var defaultSuite: [SuiteEntry] {
        ["ci", "accounts", "wallet", "fleet", .walks("day", seed: 1, walks: 300, steps: 40)]
    }

    public func spec(for scope: CabScope, literal: Bool) -> CabBookingModel { CabBookingModel(scope: scope, literal: literal) }

    public func adapter(for spec: CabBookingModel, fault: String?) -> CabReferenceAdapter {
        CabReferenceAdapter(model: spec, fault: fault.map { name in
            guard let fault = CabFault(rawValue: name) else { preconditionFailure("cabbooking has no fault '\(name)'") }
            return fault
        })
    }

    public var faults: [FaultDescription] { CabFaultCatalog.entries }
    public var actions: [ActionDescription] { CabActionKind.allCases.map { ActionDescription(name: $0.name, source: $0.source) } }
    public func catalogue(_ format: CatalogueFormat) -> String { CabCatalogueDocument.render(format, plugin: self) }

    public func reportJSON(of scope: CabScope) -> JSON {
        .object([("name", .string(scope.name)), ("passengers", .integer(scope.passengers)), ("cabs", .integer(scope.cabs)),
                 ("bookings", .integer(scope.bookings)), ("horizon", .integer(scope.horizon))])
    }
}
