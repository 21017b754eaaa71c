import Checker
import MyTaxiReference

extension ReferenceAdapter {
    /// Rules about the Reference's own data, checked on every state when the Reference is
    /// explored alone: its world fits the scope's (`Abstraction.fitsTheWorld`), and the fare
    /// rules (000 PF16, S03; 002 3.2.7), which the Spec, having no money in it, cannot state.
    public var systemProperties: [SystemProperty<DispatchService>] { [abstraction.fitsTheWorld] + Self.fareProperties }

    static let fareProperties: [SystemProperty<DispatchService>] = [
        SystemProperty(
            id: "FareSharesAddUp",
            statement: "The fare shares of a ride's clients add up to the ride's total, to the cent.",
            source: "002 3.2.7; 000 PF16"
        ) { service in
            var applied = false
            for ride in service.rides.values where ride.state != .cancelled && !ride.routes.isEmpty {
                applied = true
                let shares = ride.routes.map { service.routes[$0]!.fareCents ?? 0 }
                let sum = shares.reduce(0, +)
                if sum != ride.totalFareCents {
                    return .violated(
                        witness:
                            "\(ride.id) costs \(ride.totalFareCents) cents but its shares \(shares) add up to \(sum)")
                }
            }
            return applied ? .holds : .vacuous
        },
        SystemProperty(
            id: "FareShareNotAboveSolo",
            statement: "No client's share of a ride exceeds what he would pay riding alone.",
            source: "002 3.2.7 (sharing is cheaper); 000 PF16"
        ) { service in
            var applied = false
            for ride in service.rides.values where ride.state != .cancelled {
                for id in ride.routes {
                    applied = true
                    let share = service.routes[id]!.fareCents ?? 0
                    let solo = service.soloFare(of: id)
                    if share > solo {
                        return .violated(witness: "\(id) pays \(share) cents of \(ride.id), more than \(solo) alone")
                    }
                }
            }
            return applied ? .holds : .vacuous
        },
        SystemProperty(
            id: "FareWithinRegulatedMaximum", statement: "No ride costs more than the regulated maximum fare.",
            source: "000 S03 (regulated fares)"
        ) { service in
            var applied = false
            for ride in service.rides.values where ride.state != .cancelled {
                applied = true
                if ride.totalFareCents > service.policy.fares.regulatedMaximumCents {
                    let maximum = service.policy.fares.regulatedMaximumCents
                    return .violated(
                        witness: "\(ride.id) costs \(ride.totalFareCents) cents, above the maximum of \(maximum)")
                }
            }
            return applied ? .holds : .vacuous
        },
    ]
}
