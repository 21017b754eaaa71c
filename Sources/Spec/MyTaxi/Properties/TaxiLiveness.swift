import Checker

/// myTaxi's liveness properties, each about every route, and the fairness they assume. The
/// seeds state none as a property; each is what they promise the client and the driver, read
/// as "leads to":
///
/// - Each assumes only that the people whose step it waits for take it while they can (weak
///   fairness of that action, per person or route): a driver's phone times out, a driver picks
///   his client up, the client pays, the driver completes the ride. Decision: none of
///   them assumes that the clock moves, so that a service that stops offering the step is caught
///   without time having to stop, and a behaviour at the horizon still decides them.
/// - Not promised: that a request is ever offered. The seeds let every driver stop working or be
///   suspended, so a request may wait for ever with nobody to take it (000 UC04: "the request is
///   queued"); a property saying otherwise would be violated by the Spec itself.
/// - A behaviour that reaches the horizon with an obligation open and nothing else to do proves
///   nothing (`boundStops`): beyond it the clock would go on.
public enum TaxiLiveness {
    public static func declarations(scope: Scope) -> Liveness<MyTaxiModel> {
        let routes = scope.routes
        let name: @Sendable (Int) -> String = { "\(RouteID($0))" }
        let timeout = Fairness<MyTaxiModel>.weak("answerTimeout(d)") {
            if case .answerTimeout(let d) = $0 { d.index } else { nil }
        }
        let pickup = Fairness<MyTaxiModel>.weak("pickup(d)") {
            if case .pickup(let d) = $0 { d.index } else { nil }
        }
        let pay = Fairness<MyTaxiModel>.weak("pay(r)") {
            if case .pay(let r, _) = $0 { r.index } else { nil }
        }
        let dropOff = Fairness<MyTaxiModel>.weak("dropOff(r)") {
            if case .dropOff(let r) = $0 { r.index } else { nil }
        }
        // Not interrupting: an emergency (000 PF24) is no step anyone can be relied on to take.
        let complete = Fairness<MyTaxiModel>.weak("complete(d)") {
            if case .complete(let d, _) = $0 { d.index } else { nil }
        }
        let properties: [LeadsTo<MyTaxiModel>] = [
            LeadsTo.forEach(
                routes, id: "OfferAnswered",
                statement: "A request offered to a driver is answered: he accepts or declines, or the offer "
                    + "times out and the request goes on.",
                source: "000 2.5 (\"the driver has 30 seconds to answer\"), UC04 step 6; 002 3.2.4 (1 min)",
                named: name,
                trigger: { world, r in world.routes[r].offeredToRaw != noEntity },
                goal: { world, r in world.routes[r].offeredToRaw == noEntity }
            ).assuming([timeout]),
            LeadsTo.forEach(
                routes, id: "AcceptedClientPickedUp",
                statement: "A client whose request a driver accepted is picked up, unless the ride is "
                    + "cancelled or the request goes back to the dispatch line first.",
                source: "001 #14; 002 3.2.3 #15-16 (the driver picks the client up at the pickup point)",
                named: name,
                trigger: { world, r in world.routes[r].status == .waiting },
                goal: { world, r in world.routes[r].status != .waiting }
            ).assuming([pickup]),
            LeadsTo.forEach(
                routes, id: "RideEnds",
                statement: "A client on board reaches the end of his ride: he pays and is set down at his "
                    + "stop or the driver completes the ride (or interrupts it).",
                source: "000 PF18, PF19 R3, PF24, UC07, UC08; 002 3.2.3 #18",
                named: name,
                trigger: { world, r in world.routes[r].status == .onBoard },
                goal: { world, r in world.routes[r].status != .onBoard }
            ).assuming([pay, dropOff, complete]),
        ]
        let horizon = scope.horizon
        var liveness = Liveness(properties: properties, fairness: [], boundStops: { Int($0.clock) >= horizon })
        liveness.checkedByDefault = scope.depth == nil
        return liveness
    }
}
