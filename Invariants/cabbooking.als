-- The Mobile Cab Booking model (seed 004): the state rules of Invariants/cabbooking.md in Alloy 6.
-- Each checked state rule is a fact under its catalogue id; the seed-literal rule is a predicate.
-- Time is in units of 10 minutes to fit Alloy's small integers: the 30-minute rules are 3 units,
-- the notice 2, three compressed days 12. The Swift model counts minutes and probes each edge one
-- minute either side; these rules compare times only against the thresholds, whole units all.
-- A test keeps these names and the catalogue's in step.

abstract sig CabType {}
one sig Nano, Hatchback, Sedan extends CabType {}

abstract sig Status {}
one sig Scheduled, Designated, CabArrived, OnTrip, Completed, Cancelled, Unserved extends Status {}

abstract sig Payment {}
one sig Unpaid, Wallet, Cash extends Payment {}

one sig Clock { now: one Int }
one sig Limits { window: one Int, notice: one Int, maximumLead: one Int, walletLimit: one Int, favouriteLimit: one Int }
fact timing {
  Limits.window = 3 and Limits.notice = 2 and Limits.maximumLead = 12 and Limits.walletLimit = 10 and Limits.favouriteLimit = 2
  Clock.now >= 0
}

sig Email, Mobile {}
-- A favourite place, and the places within 150 m of it (the same place: decision D24).
sig Place { near: set Place } { this in near }
fact nearIsSymmetric { near = ~near }

sig Passenger {
  failures: one Int, suspended: lone Int, session: lone Passenger, balance: one Int,
  registered: lone Passenger, email: lone Email, mobile: lone Mobile, favourites: set Place
} {
  failures >= 0 and balance >= 0 and (some session implies session = this) and (some registered implies registered = this)
  some registered iff (some email and some mobile)
}

sig Cab { type: one CabType, serving: lone Booking }

sig Booking {
  owner: one Passenger, type: one CabType, later: lone Booking, status: one Status,
  madeAt: one Int, pickupAt: one Int, cab: lone Cab, dueAt: one Int, payment: one Payment, feedback: lone Booking
} {
  madeAt >= 0 and pickupAt >= madeAt and madeAt <= Clock.now
  (some later implies later = this) and (some feedback implies feedback = this)
  (no later implies pickupAt = madeAt)
}

pred live[b: Booking] { b.status in Scheduled + Designated + CabArrived + OnTrip }
pred isLater[b: Booking] { some b.later }

fact emailsUnique { all disj p, q: Passenger | (some p.registered and some q.registered) implies p.email != q.email }
fact mobileNumbersUnique { all disj p, q: Passenger | (some p.registered and some q.registered) implies p.mobile != q.mobile }
fact atMostTwentyFavourites { all p: Passenger | #p.favourites <= Limits.favouriteLimit }
fact FavouritesMoreThan150mApart { all p: Passenger | all disj f, g: p.favourites | g not in f.near }
fact failedLoginsBelowThree { all p: Passenger | no p.suspended implies p.failures <= 2 }
fact sessionRequiresActiveAccount { all p: Passenger | some p.session implies no p.suspended }
fact walletWithinLimit { all p: Passenger | p.balance <= Limits.walletLimit }
fact NoBookingsWithin30Minutes {
  all disj b, c: Booking | (b.owner = c.owner and live[b] and live[c]) implies
    (b.pickupAt > add[c.pickupAt, Limits.window] or c.pickupAt > add[b.pickupAt, Limits.window])
}
fact LaterBookingMoreThan30MinutesAhead { all b: Booking | isLater[b] implies b.pickupAt > add[b.madeAt, Limits.window] }
fact laterBookingAtMostThreeDaysAhead { all b: Booking | isLater[b] implies b.pickupAt <= add[b.madeAt, Limits.maximumLead] }
fact bookingTypeMatchesCab { all b: Booking | some b.cab implies b.cab.type = b.type }
fact cabServesOneBookingAtATime { all c: Cab | all b: Booking | b.cab = c iff c.serving = b }
fact cancelledBookingHoldsNoCab { all b: Booking | b.status in Cancelled + Unserved implies no b.cab }
fact cabArrivesByDeadline {
  all b: Booking | b.status = Designated implies
    Clock.now <= add[(isLater[b] implies b.pickupAt else b.madeAt), Limits.window]
}
fact laterBookingNotifiedTwentyMinutesBefore { all b: Booking | b.status = Scheduled implies Clock.now < sub[b.pickupAt, Limits.notice] }
fact TravelPaidExactlyOnce { all b: Booking | b.status = Completed iff b.payment != Unpaid }
fact feedbackOnlyForPreviousBookings { all b: Booking | some b.feedback implies b.status = Completed }

-- The shape of a designation, as the Swift model makes it: a booking with a cab is designated,
-- arrived or on its way; a later one gets its cab at its notice, arriving by its deadline.
fact designation {
  all b: Booking | some b.cab iff b.status in Designated + CabArrived + OnTrip
  all b: Booking | (isLater[b] and some b.cab) implies
    (b.dueAt >= sub[b.pickupAt, Limits.notice] and b.dueAt <= add[b.pickupAt, Limits.window])
  all b: Booking | (not isLater[b] and some b.cab) implies (b.dueAt >= b.madeAt and b.dueAt <= add[b.madeAt, Limits.window])
}

-- Seed-literal (UC06 BR2, UC07 BR3 as written): every cab arrives within 30 minutes of the booking being made.
pred cabArrivesWithin30MinutesOfBooking { all b: Booking | some b.cab implies b.dueAt <= add[b.madeAt, Limits.window] }

-- The rules are consistent: a later booking with its cab, a completed one paid, in one world.
run consistent {
  some b: Booking | isLater[b] and some b.cab
  some b: Booking | b.status = Completed
  some p: Passenger | #p.favourites = Limits.favouriteLimit
  #registered = 2
} for 4 but 6 Int

-- The seed's literal rule is broken by a legitimate later booking: expect a counterexample.
check literalArrivalHolds { cabArrivesWithin30MinutesOfBooking } for 4 but 6 Int

-- The corrected rules keep a cab to one live booking: expect no counterexample.
check oneLiveBookingPerCab { all disj b, c: Booking | (live[b] and live[c] and some b.cab) implies b.cab != c.cab } for 4 but 6 Int
