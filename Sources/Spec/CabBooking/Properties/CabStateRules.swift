import Checker

/// Rules every state must keep (design note §1).
enum CabStateRules {
    static func all(_ scope: CabScope) -> [CabProperty] {
        let passengers = 0..<scope.passengers, bookings = 0..<scope.bookings, cabs = 0..<scope.cabs
        let window = scope.timing.windowMinutes
        return [
            .invariant("emailsUnique", "No two registered passengers have the same e-mail.", "004 UC01 6a, 6a.1") { w in
                distinctAmongRegistered(w, passengers, "e-mail") { Int($0.email) }
            },
            .invariant("mobileNumbersUnique", "No two registered passengers have the same mobile number.", "004 UC02 step 1, UC04 step 1 (decision D1)") { w in
                distinctAmongRegistered(w, passengers, "mobile number") { Int($0.mobile) }
            },
            .invariant("atMostTwentyFavourites", "A passenger has at most 20 favourite places over all cities (a scope may lower the limit).",
                       "004 UC20 BR1 (decision D23)") { w in
                Verdict.all(passengers) { i in
                    let count = w.passengers[i].favourites.nonzeroBitCount
                    guard count > 0 else { return .vacuous }
                    return count <= scope.favouriteLimit ? .holds : .violated(witness: "\(passengerName(i)) has \(count) favourites, over the limit of \(scope.favouriteLimit)")
                }
            },
            .invariant("FavouritesMoreThan150mApart", "No two favourites of a passenger lie within 150 m of each other.", "004 UC20 BR4, 11a (decision D24)") { w in
                Verdict.all(passengers) { i in
                    let saved = scope.favouriteOffsets.indices.filter { w.passengers[i].favourites & (1 << $0) != 0 }
                    guard saved.count > 1 else { return .vacuous }
                    for a in saved { for b in saved where b > a && abs(scope.favouriteOffsets[a] - scope.favouriteOffsets[b]) <= scope.favouriteRadiusMetres {
                        return .violated(witness: "\(passengerName(i))'s favourites F\(a) and F\(b) are \(abs(scope.favouriteOffsets[a] - scope.favouriteOffsets[b])) m apart")
                    } }
                    return .holds
                }
            },
            .invariant("failedLoginsBelowThree", "A passenger who is not suspended has at most 2 consecutive authentication failures on record.",
                       "004 UC02 6a.3 (\"2 more times\"), 6e") { w in
                Verdict.all(passengers) { i in
                    let record = w.passengers[i]
                    guard !record.isSuspended else { return .vacuous }
                    return record.failures <= 2 ? .holds : .violated(witness: "\(passengerName(i)) is not suspended with \(record.failures) failures")
                }
            },
            .invariant("sessionRequiresActiveAccount", "A passenger with a session is registered and not suspended.",
                       "004 UC02 pre; UC05-UC24 pre \"logged in\"") { w in
                Verdict.all(passengers) { i in
                    let record = w.passengers[i]
                    guard record.session else { return .vacuous }
                    return record.registered && !record.isSuspended ? .holds : .violated(witness: "\(passengerName(i)) has a session while \(record.isSuspended ? "suspended" : "unregistered")")
                }
            },
            .invariant("walletWithinLimit", "No wallet balance exceeds the wallet limit.", "004 UC12 BR4 (RBI; no figure: decision D20)") { w in
                Verdict.all(passengers) { i in
                    let balance = Int(w.passengers[i].balance)
                    return balance <= scope.walletLimit ? .holds : .violated(witness: "\(passengerName(i))'s wallet holds \(balance) paise, over the limit of \(scope.walletLimit)")
                }
            },
            .invariant("NoBookingsWithin30Minutes", "Any two live bookings of one passenger have pickup times more than 30 minutes apart.",
                       "corrects 004 UC07 7c (decision D10)") { w in
                Verdict.all(bookings) { i in
                    let first = w.bookings[i]
                    guard first.status.isLive else { return .vacuous }
                    return Verdict.all(bookings.filter { $0 > i }) { j in
                        let second = w.bookings[j]
                        guard second.status.isLive, second.owner == first.owner else { return .vacuous }
                        let apart = abs(Int(first.pickupAt) - Int(second.pickupAt))
                        return apart > window ? .holds : .violated(witness: "\(passengerName(Int(first.owner)))'s \(bookingName(i)) and \(bookingName(j)) are picked up \(apart) minutes apart")
                    }
                }
            },
            .invariant("LaterBookingMoreThan30MinutesAhead", "Every later booking's pickup time is more than 30 minutes after the moment it was made.",
                       "corrects 004 UC07 7b (decision D8)") { w in
                everyLead(w, bookings) { lead in lead > window }
            },
            .invariant("laterBookingAtMostThreeDaysAhead", "Every later booking's pickup time is at most 3 days after the moment it was made.",
                       "004 UC07 BR1 (decision D9)") { w in
                everyLead(w, bookings) { lead in lead <= scope.timing.maximumLeadMinutes }
            },
            .invariant("bookingTypeMatchesCab", "A booking's designated cab is of the booking's cab type.", "004 UC05 post; UC06 step 2; UC16") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.cab != CabWorld.none else { return .vacuous }
                    let cab = w.cabs[Int(booking.cab)]
                    return cab.type == booking.type ? .holds : .violated(witness: "\(bookingName(i)) is a \(booking.type) booking served by c\(Int(booking.cab) + 1), a \(cab.type)")
                }
            },
            .invariant("cabServesOneBookingAtATime", "A cab is designated to at most one live booking, and the cab and the booking name each other.",
                       "004 UC06 step 3, UC10 (decision D14)") { w in
                Verdict.all(cabs) { c in
                    let serving = bookings.filter { w.bookings[$0].cab == UInt8(c) }
                    guard !serving.isEmpty || w.cabs[c].booking != CabWorld.none else { return .vacuous }
                    if serving.count > 1 { return .violated(witness: "c\(c + 1) serves \(serving.map(bookingName).joined(separator: " and "))") }
                    let named = w.cabs[c].booking
                    return serving.first.map(UInt8.init) == named ? .holds
                        : .violated(witness: "c\(c + 1) names \(named == CabWorld.none ? "no booking" : bookingName(Int(named))) but \(serving.first.map(bookingName) ?? "no booking") names it")
                }
            },
            .invariant("cancelledBookingHoldsNoCab", "A cancelled or unserved booking has no designated cab.", "004 UC19 steps 6-9") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.status == .cancelled || booking.status == .unserved else { return .vacuous }
                    return booking.cab == CabWorld.none ? .holds : .violated(witness: "\(bookingName(i)) is \(booking.status) and still holds c\(Int(booking.cab) + 1)")
                }
            },
            .invariant("cabArrivesByDeadline", "No designated booking has passed its arrival deadline (booking time + 30 minutes now, pickup time + 30 minutes later) without its cab.",
                       "004 UC06 BR2; UC07 BR3, corrected (decision D15)") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.status == .designated else { return .vacuous }
                    let deadline = Int(booking.isLater ? booking.pickupAt : booking.createdAt) + window
                    return Int(w.now) <= deadline ? .holds : .violated(witness: "\(bookingName(i))'s cab is not there at minute \(w.now), past its deadline \(deadline)")
                }
            },
            .invariant("laterBookingNotifiedTwentyMinutesBefore", "From 20 minutes before a later booking's pickup on, it has its cab or is unserved.",
                       "004 UC07 description, BR2 (decision D16)") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.status == .scheduled else { return .vacuous }
                    return Int(w.now) < Int(booking.pickupAt) - scope.timing.noticeMinutes ? .holds
                        : .violated(witness: "\(bookingName(i)) is still scheduled at minute \(w.now), pickup at \(booking.pickupAt)")
                }
            },
            .invariant("TravelPaidExactlyOnce", "A booking is paid once, wallet or cash, exactly when its travel is completed.",
                       "corrects 004 UC13 7a (decision D22)") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.status != .unused else { return .vacuous }
                    return (booking.status == .completed) == (booking.payment != .unpaid) ? .holds
                        : .violated(witness: "\(bookingName(i)) is \(booking.status) and \(booking.payment)")
                }
            },
            .invariant("feedbackOnlyForPreviousBookings", "Only a completed booking has feedback.", "004 UC15 pre; UC24 step 3 e)") { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.feedback else { return .vacuous }
                    return booking.status == .completed ? .holds : .violated(witness: "\(bookingName(i)) has feedback while \(booking.status)")
                }
            },
            .invariant("cabArrivesWithin30MinutesOfBooking", "Every designated cab reaches the pickup no later than 30 minutes after the booking was made.",
                       "004 UC06 BR2, UC07 BR3 as written", group: "seed literal",
                       note: "Broken by every later booking: 7b puts its pickup more than 30 minutes after it was made (decision D15).", checked: false) { w in
                Verdict.all(bookings) { i in
                    let booking = w.bookings[i]
                    guard booking.cab != CabWorld.none || booking.status == .cabArrived else { return .vacuous }
                    let due = Int(booking.status == .designated ? booking.cabDueAt : booking.arrivedAt)
                    return due <= Int(booking.createdAt) + window ? .holds
                        : .violated(witness: "\(bookingName(i))'s cab is due at minute \(due), booked at minute \(booking.createdAt)")
                }
            },
        ]
    }
}

/// A passenger and a booking as witnesses name them: p1, b2.
func passengerName(_ index: Int) -> String { "p\(index + 1)" }
func bookingName(_ index: Int) -> String { "b\(index + 1)" }

/// Whether the registered passengers' values of `field` are all different.
func distinctAmongRegistered(_ world: CabWorld, _ passengers: Range<Int>, _ name: String, _ field: (PassengerRecord) -> Int) -> Verdict {
    let registered = passengers.filter { world.passengers[$0].registered }
    guard registered.count > 1 else { return .vacuous }
    for a in registered { for b in registered where b > a && field(world.passengers[a]) == field(world.passengers[b]) {
        return .violated(witness: "\(passengerName(a)) and \(passengerName(b)) are registered with the same \(name)")
    } }
    return .holds
}

/// Whether every later booking's lead (pickup time less booking time) is `allowed`.
func everyLead(_ world: CabWorld, _ bookings: Range<Int>, _ allowed: (Int) -> Bool) -> Verdict {
    Verdict.all(bookings) { i in
        let booking = world.bookings[i]
        guard booking.status != .unused, booking.isLater else { return .vacuous }
        let lead = Int(booking.pickupAt) - Int(booking.createdAt)
        return allowed(lead) ? .holds : .violated(witness: "\(bookingName(i)) was booked \(lead) minutes ahead")
    }
}
