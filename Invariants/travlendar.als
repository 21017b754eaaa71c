-- Travlendar+ (seed 003): the state rules of Invariants/travlendar.md in Alloy 6.
-- Each checked state rule is a fact under its catalogue id. Time is in units of 5 minutes to
-- fit Alloy's small integers (the Swift model counts minutes); a leg's option (minutes, cost,
-- metres) is an attribute of the stop, as the scope's table gives it. A test keeps these names
-- and the catalogue's in step.

abstract sig Mean {}
one sig Walk, Bike, Bus, SharedBike extends Mean {}

sig Place {}
one sig Home extends Place {}

abstract sig AStatus {}
one sig Unscheduled, Scheduled, Archived, Cancelled extends AStatus {}
abstract sig SStatus {}
one sig Saved, Running, Discarded, ArchivedS extends SStatus {}
abstract sig Booking {}
one sig NoBooking, Booked, Failed extends Booking {}

one sig World { rain: lone World, strike: lone World, sharedAt: set Place, hasBike: lone World, rainFrom: one Int }
one sig Profile { walkMax: one Int, bikeMax: one Int, bikeInRain: lone Profile, busFrom: one Int, busUntil: one Int }
fact palette {
  Profile.walkMax = 3 and Profile.bikeMax = 7 and Profile.busFrom = 0 and Profile.busUntil = 12 and World.rainFrom = 8
  all w: World | (some w.rain implies w.rain = w) and (some w.strike implies w.strike = w) and (some w.hasBike implies w.hasBike = w)
  some Profile.bikeInRain implies Profile.bikeInRain = Profile
}

sig Appointment { place: one Place, earliest: one Int, latestEnd: one Int, duration: one Int, fixed: lone Appointment,
                  deactivated: lone Mean, status: one AStatus } {
  duration >= 1 and earliest >= 0 and latestEnd >= add[earliest, duration] and (some fixed implies fixed = this)
  (some fixed implies latestEnd = add[earliest, duration])
}

-- One stop of a plan: the appointment, the leg into it and its option, and the start.
sig Stop { appointment: one Appointment, mean: one Mean, from: one Place, departure: one Int, start: one Int,
           minutes: one Int, metres: one Int } {
  minutes >= 0 and metres >= 0 and departure >= 0
}

sig Schedule { status: one SStatus, selection: set Appointment, fulfilled: set Appointment, plan: set Stop, readyAt: one Int,
               booking: one Booking, charges: one Int, warned: lone Schedule, infeasible: lone Schedule } {
  charges >= 0 and readyAt >= 0 and fulfilled in selection and (some warned implies warned = this) and (some infeasible implies infeasible = this)
  some infeasible implies (status = Discarded and no plan)
}

pred live[s: Schedule] { s.status in Saved + Running }
pred holds[s: Schedule, a: Appointment] { a in s.selection - s.fulfilled }
fun arrival[p: Stop]: Int { add[p.departure, p.minutes] }
fun endOf[p: Stop]: Int { add[p.start, p.appointment.duration] }
-- p comes right after q in its schedule: the next start after q's.
pred next[s: Schedule, q, p: Stop] { q + p in s.plan and q.start < p.start and no r: s.plan | q.start < r.start and r.start < p.start }
pred first[s: Schedule, p: Stop] { p in s.plan and no r: s.plan | r.start < p.start }

fact stopsBelongToOneSchedule { all p: Stop | one plan.p }

-- Plan rules, over every live schedule (Def 1.3.7, Def 1.3.8, §2.1.4).
fact planCoversSelection { all s: Schedule | live[s] implies (s.plan.appointment = s.selection and #s.plan = #s.selection) }
fact planTimeOrdered { all s: Schedule | live[s] implies (all disj p, q: s.plan | p.start != q.start) }
fact planNoOverlap { all s: Schedule, p, q: Stop | (live[s] and next[s, q, p]) implies p.start >= endOf[q] }
fact planStartsInItsWindow {
  all s: Schedule, p: s.plan | live[s] implies
    (p.start >= p.appointment.earliest and add[p.start, p.appointment.duration] <= p.appointment.latestEnd)
}
fact planOnTime { all s: Schedule, p: s.plan | live[s] implies arrival[p] <= p.start }
fact legDepartsAfterPreviousEnds {
  all s: Schedule, p: s.plan | live[s] implies
    ((first[s, p] implies (p.departure >= s.readyAt and p.from = Home)) and
     (all q: s.plan | next[s, q, p] implies (p.departure >= endOf[q] and p.from = q.appointment.place)))
}
fact legWithinMaxDistance {
  all s: Schedule, p: s.plan | live[s] implies
    ((p.mean = Walk implies p.metres <= Profile.walkMax) and (p.mean in Bike + SharedBike implies p.metres <= Profile.bikeMax))
}
fact legWithinMeanTimeSlot { all s: Schedule, p: s.plan | (live[s] and p.mean = Bus) implies (p.departure >= Profile.busFrom and arrival[p] <= Profile.busUntil) }
fact meanAllowedInWeather {
  all s: Schedule, p: s.plan | (live[s] and p.mean in Bike + SharedBike and some World.rain and no Profile.bikeInRain) implies arrival[p] <= World.rainFrom
}
fact privateMeanOwned { all s: Schedule, p: s.plan | (live[s] and p.mean = Bike) implies some World.hasBike }
fact noPublicMeanOnStrikeDay { all s: Schedule, p: s.plan | (live[s] and p.mean = Bus) implies no World.strike }
fact noDeactivatedMean { all s: Schedule, p: s.plan | live[s] implies p.mean not in p.appointment.deactivated }
fact sharedMeanAvailable { all s: Schedule, p: s.plan | (live[s] and p.mean = SharedBike) implies p.from in World.sharedAt }
-- Optimality, bounded: no other arrangement of the same selection, valid under the same rules,
-- travels fewer minutes (the first criterion of the default order).
fact PlanIsOptimal {
  all s: Schedule | live[s] implies
    (no t: Schedule - s | t.selection = s.selection and t.readyAt = s.readyAt and live[t] and
       (sum p: t.plan | p.minutes) < (sum p: s.plan | p.minutes))
}

-- Lifecycles (§2.1.2, §2.1.3, UC Booking phase).
fact ScheduledIffInLiveSchedule {
  all a: Appointment | a.status in Unscheduled + Scheduled implies (a.status = Scheduled iff some s: Schedule | live[s] and holds[s, a])
}
fact atMostOneRunningSchedule { lone s: Schedule | s.status = Running }
fact archivedScheduleFulfilled { all s: Schedule | s.status = ArchivedS implies s.fulfilled = s.selection }
fact bookingChargedAtMostOnce { all s: Schedule | s.charges <= 1 }
fact bookedOnlyOnceRunning { all s: Schedule | s.booking != NoBooking implies (s.status in Running + ArchivedS + Discarded and no s.infeasible) }
fact discardedRequestWarned { all s: Schedule | some s.infeasible implies some s.warned }

-- The rules are consistent: a running plan of two stops beside a discarded request, in one world.
run consistent {
  some s: Schedule | s.status = Running and #s.plan = 2
  some s: Schedule | some s.infeasible
} for 4 but 6 Int

-- Time-ordered follows from the rest: each appointment starts after the previous one ends,
-- and an appointment lasts at least a unit. Expect no counterexample.
check noOverlapOrdersPlans {
  all s: Schedule, p, q: Stop | (live[s] and next[s, q, p]) implies p.start > q.start
} for 4 but 6 Int

-- The seed's per-appointment outcome (§2.1.2) against the all-or-nothing request (DT3): a
-- discarded request leaves an appointment it held Unscheduled. Expect a counterexample to the
-- literal reading "an appointment that was requested is Scheduled".
check literalRequestedIsScheduled {
  all a: Appointment | (a.status in Unscheduled + Scheduled and some s: Schedule | a in s.selection) implies a.status = Scheduled
} for 4 but 6 Int
