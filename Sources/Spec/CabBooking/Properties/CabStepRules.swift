import Checker

/// Rules about steps: what an action must do to the state before it (design note §1).
enum CabStepRules {
    static func all(_ scope: CabScope) -> [CabProperty] {
        let rules = CabRules(scope: scope)
        return [
            .step("thirdFailureSuspendsForOneDay", "The third consecutive authentication failure suspends the account until exactly one day later and clears the count.",
                  "004 UC02 6e.2; UC03 6e.2 (decisions D3, D4)") { before, action, after in
                guard case .login(let p, false) = action, !before.passengers[p].isSuspended, before.passengers[p].failures == 2 else { return .vacuous }
                let until = Int(before.now) + scope.timing.dayTicks
                return Int(after.passengers[p].suspendedUntil) == until && after.passengers[p].failures == 0 ? .holds
                    : .violated(witness: "\(passengerName(p))'s third failure at tick \(before.now) left suspension \(after.passengers[p].suspendedUntil) and \(after.passengers[p].failures) failures, not \(until) and 0")
            },
            .step("suspendedCannotLogIn", "While suspended, a login with the right password opens no session and does not extend the suspension.",
                  "004 UC02 6e.2 (decision D4)") { before, action, after in
                guard case .login(let p, _) = action, before.passengers[p].isSuspended else { return .vacuous }
                return !after.passengers[p].session && after.passengers[p].suspendedUntil == before.passengers[p].suspendedUntil ? .holds
                    : .violated(witness: "\(passengerName(p)) logged in or was suspended longer while suspended")
            },
            .step("RepeatedTravelEndChangesNothing", "A travel-end message for a travel already ended changes nothing: no second payment.",
                  "corrects 004 UC13 7a (decision D22)") { before, action, after in
                guard case .repeatTravelEnd(let b) = action else { return .vacuous }
                return before == after ? .holds : .violated(witness: "the repeated end of \(bookingName(b)) changed the state")
            },
            .step("refillCreditsExactlyOnce", "An approved refill within the limit raises the balance by exactly the amount; any other refill leaves it unchanged.",
                  "004 UC12 steps 1-16, 13e, 14e, BR4") { before, action, after in
                guard case .refill(let p, let approved) = action else { return .vacuous }
                let old = Int(before.passengers[p].balance), new = Int(after.passengers[p].balance)
                let expected = approved && old + scope.refillAmount <= scope.walletLimit ? old + scope.refillAmount : old
                return new == expected ? .holds : .violated(witness: "\(passengerName(p))'s balance went from \(old) to \(new) paise, not \(expected)")
            },
            .step("payByWalletIffBalanceSuffices", "At travel end the wallet pays exactly the fare when it holds it; otherwise it is untouched and the travel is paid in cash.",
                  "004 UC13 steps 5-6, 5a (decision D21)") { before, action, after in
                guard case .endTravel(let b, _, _) = action else { return .vacuous }
                let p = Int(before.bookings[b].owner)
                let old = Int(before.passengers[p].balance), new = Int(after.passengers[p].balance), fare = Int(after.bookings[b].fare)
                switch after.bookings[b].payment {
                case .wallet: return old >= fare && new == old - fare ? .holds : .violated(witness: "\(bookingName(b)) paid \(fare) from a wallet of \(old), leaving \(new)")
                case .cash: return old < fare && new == old ? .holds : .violated(witness: "\(bookingName(b)) was paid in cash with \(old) paise in the wallet for a fare of \(fare)")
                case .unpaid: return .violated(witness: "\(bookingName(b)) ended unpaid")
                }
            },
            .step("bookNowPicksFastestCab", "Booking now designates, among the free cabs of the chosen type, one that arrives soonest (ties: the lowest cab).",
                  "004 UC06 BR1 (decision D14)") { before, action, after in
                guard case .bookNow(let p, let pickup) = action, after.lastMessage == .bookingConfirmed,
                      let slot = (0..<scope.bookings).first(where: { before.bookings[$0].status == .unused && after.bookings[$0].status != .unused }) else { return .vacuous }
                let chosen = Int(after.bookings[slot].cab)
                let best = rules.fastestCab(before.passengers[p].selectedType, to: pickup, by: .max, at: Int(before.now), before)
                return best?.0 == chosen ? .holds : .violated(witness: "\(bookingName(slot)) got c\(chosen + 1) where c\((best?.0 ?? -1) + 1) arrives sooner")
            },
        ]
    }
}

/// States a scope should reach, so that the rules above are not vacuous unnoticed (design note §1.10).
enum CabWitnesses {
    static func all(_ scope: CabScope) -> [CabProperty] {
        [
            .witness("ShowCashPayment", "A travel is paid in cash because the wallet held less than the fare.") { world in
                (0..<scope.bookings).contains { world.bookings[$0].payment == .cash }
            },
            .witness("ShowLaterBookingUnserved", "A later booking finds no cab at pickup − 20 minutes (the seed gives no outcome: decision D16).") { world in
                (0..<scope.bookings).contains { world.bookings[$0].status == .unserved }
            },
            .witness("ShowLockout", "A passenger is suspended after three failures.") { world in
                (0..<scope.passengers).contains { world.passengers[$0].isSuspended }
            },
        ]
    }
}
