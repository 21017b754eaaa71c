import Checker

/// Rules about steps: what an action must do to the state before it (design note §1).
enum CabStepRules {
    static func all(_ scope: CabScope) -> [CabProperty] {
        let rules = CabRules(scope: scope)
        return [
            .step("thirdFailureSuspendsForOneDay", "The third consecutive authentication failure (login or change of password) suspends the account until exactly one day later and clears the count.",
                  "004 UC02 6e.2; UC03 6e.2 (decisions D3, D4)") { before, action, after in
                guard let p = failedAuthentication(action), !before.passengers[p].isSuspended, before.passengers[p].failures == 2 else { return .vacuous }
                let until = Int(before.now) + scope.timing.dayMinutes
                return Int(after.passengers[p].suspendedUntil) == until && after.passengers[p].failures == 0 ? .holds
                    : .violated(witness: "\(passengerName(p))'s third failure at minute \(before.now) left suspension \(after.passengers[p].suspendedUntil) and \(after.passengers[p].failures) failures, not \(until) and 0")
            },
            .step("changePasswordFailuresCount", "A wrong current password on the Change Password page counts as a failed login: one more failure, or the suspension at the third.",
                  "004 UC03 6a.3, 6e (decision D3)") { before, action, after in
                guard case .changePassword(let p, false) = action, before.passengers[p].registered, !before.passengers[p].isSuspended else { return .vacuous }
                let counted = after.passengers[p].failures == before.passengers[p].failures + 1 || after.passengers[p].isSuspended
                return counted ? .holds : .violated(witness: "\(passengerName(p))'s wrong current password left \(after.passengers[p].failures) failures, not suspended")
            },
            .step("passwordChangeEndsSession", "A successful change of password replaces the password and ends the session; a refused one changes neither.",
                  "004 UC03 steps 15-17, success end condition (decision D5)") { before, action, after in
                guard case .changePassword(let p, _) = action, before.passengers[p].registered else { return .vacuous }
                let changed = after.passengers[p].passwordVersion != before.passengers[p].passwordVersion
                if after.lastMessage == .passwordChanged {
                    return changed && !after.passengers[p].session ? .holds : .violated(witness: "\(passengerName(p)) was told the password changed, but \(changed ? "kept a session" : "the old one stands")")
                }
                return changed ? .violated(witness: "\(passengerName(p))'s password changed though he was told \(after.lastMessage)") : .holds
            },
            .step("forgotPasswordChangesNothing", "Asking for the password changes no state: it is mailed to the registered address, or M12 for an unknown mobile number.",
                  "004 UC04 steps 5-10, 6a (decision D2)") { before, action, after in
                guard case .forgotPassword(let p) = action else { return .vacuous }
                var unchanged = after
                unchanged.lastMessage = before.lastMessage
                return unchanged == before ? .holds : .violated(witness: "\(passengerName(p))'s request for his password changed the state")
            },
            .step("registrationNeedsConfirmedPassword", "A registration whose password and confirmation differ registers nobody.", "004 UC01 3b") { before, action, after in
                guard case .register(let p, _, _, false) = action else { return .vacuous }
                return after.passengers[p].registered == before.passengers[p].registered ? .holds : .violated(witness: "\(passengerName(p)) was registered with an unconfirmed password")
            },
            .step("RetriedRefillCreditsNothing", "The gateway's confirmation of a refill sent again after a timeout credits nothing.",
                  "004 UC12 (a payment that arrives twice; decision D22)") { before, action, after in
                guard case .retryRefill(let p) = action else { return .vacuous }
                return after.passengers[p].balance == before.passengers[p].balance ? .holds
                    : .violated(witness: "\(passengerName(p))'s retried refill took the balance from \(before.passengers[p].balance) to \(after.passengers[p].balance) paise")
            },
            .step("tooSoonOnlyOnTheDayOfTravel", "A later booking is refused as too soon only when it is 30 minutes ahead or less and the day of travel is the day of booking.",
                  "004 UC07 7b as written", group: "seed literal",
                  note: "Broken by a booking shortly before midnight for shortly after it: the seed's words let it through; the corrected rule (LaterBookingMoreThan30MinutesAhead, D8) refuses it.",
                  checked: false) { before, action, after in
                guard case .bookLater(let p, _, let lead, _) = action, lead <= scope.timing.windowMinutes else {
                    return .vacuous
                }
                let day = Int(before.now) / scope.timing.dayMinutes, travelDay = (Int(before.now) + lead) / scope.timing.dayMinutes
                guard day != travelDay else { return .vacuous }
                return after.lastMessage != .tooSoon ? .holds
                    : .violated(witness: "\(passengerName(p))'s booking at minute \(before.now) for minute \(Int(before.now) + lead), the next day, was refused as too soon")
            },
            .step("clashCheckedForLaterBookingsOnly", "Only a booking for later is refused for lying within 30 minutes of another booking of the passenger's; booking now is not checked.",
                  "004 UC07 7c as written (UC06 has no such step)", group: "seed literal",
                  note: "Broken by booking a second cab now while the first is on its way: the corrected rule (NoBookingsWithin30Minutes, D10) refuses it.",
                  checked: false) { before, action, after in
                guard case .bookNow(let p, _, _) = action else { return .vacuous }
                return after.lastMessage != .clash ? .holds : .violated(witness: "\(passengerName(p)) was refused a cab now at minute \(before.now) for a clash")
            },
            .step("payByMeterAfterWallet", "When the payment message does not reach the passenger after the wallet paid, he pays by the cab's meter as well.",
                  "004 UC13 7a, 7a.1 as written (after step 6, the wallet debit)", group: "seed literal",
                  note: "Broken by every wallet payment whose message is lost: the corrected rule (TravelPaidExactlyOnce, RepeatedTravelEndChangesNothing, D22) takes no second payment.",
                  checked: false) { before, action, after in
                guard case .repeatTravelEnd(let b) = action, before.bookings[b].payment == .wallet else { return .vacuous }
                return after.bookings[b].payment == .cash ? .holds
                    : .violated(witness: "\(bookingName(b)) was paid from \(passengerName(Int(before.bookings[b].owner)))'s wallet and the message was lost: the seed has him pay the meter too")
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
            .step("promoOnlyOnFirstTravel",
                  "A travel takes the welcome promo's 10% off exactly when it is the passenger's first completed "
                    + "travel and he booked it with the promo code; the first travel spends the promo either way.",
                  "004 UC01 BR7 (decision D19)") { before, action, after in
                guard case .endTravel(let b, _, _) = action, before.bookings[b].status == .onTrip else {
                    return .vacuous
                }
                let p = Int(before.bookings[b].owner)
                let travelledBefore = (0..<scope.bookings).contains { other in
                    before.bookings[other].owner == p && before.bookings[other].status == .completed
                }
                let due = before.bookings[b].promo && !travelledBefore
                if after.bookings[b].promoApplied != due {
                    return .violated(witness: "\(bookingName(b)) \(due ? "lost" : "took") the promo discount: "
                                     + "\(before.bookings[b].promo ? "booked with" : "booked without") the code, "
                                     + "\(travelledBefore ? "after an earlier travel" : "the first travel")")
                }
                guard !after.passengers[p].promoAvailable else {
                    return .violated(witness: "\(passengerName(p)) keeps the promo after a travel")
                }
                return .holds
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
                guard case .bookNow(let p, let pickup, _) = action, after.lastMessage == .bookingConfirmed,
                      let slot = (0..<scope.bookings).first(where: { before.bookings[$0].status == .unused && after.bookings[$0].status != .unused }) else { return .vacuous }
                let chosen = Int(after.bookings[slot].cab)
                let type = before.passengers[p].selectedType
                guard let best = rules.fastestCab(type, to: pickup, by: .max, at: Int(before.now), before) else {
                    return .violated(witness: "\(bookingName(slot)) got c\(chosen + 1) though no \(type) cab was free")
                }
                return best.0 == chosen ? .holds
                    : .violated(witness: "\(bookingName(slot)) got c\(chosen + 1) where c\(best.0 + 1) arrives sooner")
            },
        ]
    }
}

/// The passenger whose authentication `action` gives a wrong password for, if any.
func failedAuthentication(_ action: CabAction) -> Int? {
    switch action {
    case .login(let p, false), .changePassword(let p, false): p
    default: nil
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
            .witness("ShowPasswordChanged", "A passenger changed his password and was sent back to the login page.") { world in
                world.lastMessage == .passwordChanged
            },
            .witness("ShowFavouriteLimit", "A passenger with the most favourites allowed is refused one more (M32).") { world in
                world.lastMessage == .favouriteLimit
            },
        ]
    }
}
