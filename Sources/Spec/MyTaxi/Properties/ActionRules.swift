import Checker

/// Rules the seeds state in words about what a step may do: FIFO fairness, refusals,
/// re-queueing, reservation timing. They are checked on every transition, of the Spec and,
/// through the abstraction, of the Reference.
enum ActionRules {
    static func all() -> [TaxiPropertyDefinition] {
        return [
            .step("OfferGoesToHeadOfNearestQueue", when: OffersChanged.self, source: "000 1.2, PF12, UC04 step 4 (5.7); 002 3.2.3 #4-6", symbol: "ActionRules.offerGoesToHeadOfNearestQueue",
                  "A new offer goes to the head of the nearest zone's queue that has a driver, for the first request in line not yet offered.") { before, _, after, scope, check in
                for r in scope.routeIDs {
                    guard let d = after.routes[r.index].offeredTo, before.routes[r.index].offeredToRaw != d.raw else { continue }
                    let rules = Rules(scope: scope)
                    let zone = rules.dispatchZone(for: before.routes[r.index].zone, in: before)
                    let expected = zone.flatMap { before.head(of: $0) }
                    check.expect(expected == d, "request \(r) from zone \(before.routes[r.index].zone) was offered to \(d); the head of the nearest queue was \(expected.map(String.init(describing:)) ?? "nobody")")
                    let first = rules.nextRequestToOffer(in: before)
                    check.expect(first == r, "request \(r) was offered before \(first.map(String.init(describing:)) ?? "none"), which arrived first")
                }
            },
            .step("RefusingDriverMovesToBack", only: [.decline, .answerTimeout], source: "000 UC04 6.ii, 2.5; 002 3.2.5", symbol: "ActionRules.refusingDriverMovesToBack",
                  "A driver who declines or lets an offer time out goes to the back of his queue, or out of every queue at 3 refusals in a row, suspended at 5.") { before, action, after, scope, check in
                let d: DriverID
                switch action {
                case .decline(let driver), .answerTimeout(let driver): d = driver
                default: return
                }
                let refusals = Int(after.drivers[d.index].refusals)
                check.expect(refusals == min(5, Int(before.drivers[d.index].refusals) + 1), "driver \(d) refused but his count went from \(before.drivers[d.index].refusals) to \(refusals)")
                let zones = after.queues(holding: d, zones: scope.zones)
                if refusals >= 3 {
                    check.expect(zones.isEmpty && after.drivers[d.index].status == .offline, "driver \(d) refused \(refusals) calls in a row and is still \(after.drivers[d.index].status)\(zones.isEmpty ? "" : " in the queue of zone \(zones.first!)")")
                    check.expect(after.drivers[d.index].suspended == (refusals >= 5), "driver \(d) refused \(refusals) calls in a row and is \(after.drivers[d.index].suspended ? "" : "not ")suspended")
                } else {
                    let queue = zones.first.map(after.queue)
                    check.expect(queue?.last == d, "driver \(d) refused and is not at the back of his queue: \(queue.map(list) ?? "[]")")
                }
            },
            .step("QueueOrderIsFair", when: QueuesChanged.self, source: "000 PF12 (FIFO), 1.2; 002 3.2.5", symbol: "ActionRules.queueOrderIsFair",
                  "Drivers join a queue only at the back, and no driver overtakes another in the same queue; only a refusing driver falls back.") { before, action, after, scope, check in
                var refuser: DriverID?
                if case .decline(let d) = action { refuser = d }
                if case .answerTimeout(let d) = action { refuser = d }
                // It runs on half of all transitions: each world's queues are read out of two
                // words, and the messages are built apart (`unfairQueue`), so that a fair step
                // costs the comparisons and little else. Read zone by zone from the worlds,
                // with the messages' closures made for every step, it took 265 instructions a
                // step against 215 now (callgrind, bench, 1 worker: 1.954 G → 1.935 G in all,
                // 1.157 G → 1.149 G with symmetry).
                let oldQueues = before.queueSignature, newQueues = after.queueSignature
                for zone in 0..<scope.zones {
                    // A queue the step left alone keeps its order, so only a changed queue
                    // is checked (and counts as exercising the property).
                    let old = World.queue(zone, in: oldQueues), new = World.queue(zone, in: newQueues)
                    guard old != new else { continue }
                    let fairness = QueueFairness(old: old, new: new, refuser: refuser)
                    if fairness.inOrder && !fairness.arrivalAhead {
                        check.applies()
                    } else {
                        unfairQueue(ZoneID(zone), old: old, new: new, fairness, &check)
                    }
                }
            },
            .step("AcceptMakesDriverBusy", only: [.accept], source: "000 PF14; 002 3.2.3 #9, 3.2.5", symbol: "ActionRules.acceptMakesDriverBusy",
                  "A driver who accepts becomes BUSY, leaves every queue, and his count of refusals starts again from zero.") { _, action, after, scope, check in
                guard case .accept(let d) = action else { return }
                let driver = after.drivers[d.index]
                check.expect(driver.status == .busy && driver.refusals == 0 && after.queues(holding: d, zones: scope.zones).isEmpty,
                             "driver \(d) accepted but is \(driver.status) with \(driver.refusals) refusals counted\(after.queues(holding: d, zones: scope.zones).isEmpty ? "" : " and still queued")")
            },
            .step("FreedDriverQueuedWhereHeIs", only: [.complete, .interrupt], source: "000 PF19, UC08 exit; 002 3.2.3 #18", symbol: "ActionRules.freedDriverQueuedWhereHeIs",
                  "A driver who completes or interrupts a ride joins the back of the queue of the zone where the ride ended.") { _, action, after, scope, check in
                let d: DriverID, z: ZoneID
                switch action {
                case .complete(let driver, let zone), .interrupt(let driver, let zone): (d, z) = (driver, zone)
                default: return
                }
                check.expect(after.queue(z).last == d && after.drivers[d.index].status == .available,
                             "driver \(d) finished a ride in zone \(z) but the queue of zone \(z) is \(list(after.queue(z)))")
            },
            .step("ReservationAllocatedOnTime", only: [.allocateReservation], source: "000 2.5, Part II; 002 3.2.6 #8", symbol: "ActionRules.reservationAllocatedOnTime",
                  "A reservation enters the dispatch line exactly the allocation lead (10 minutes) before its pickup time.") { before, action, after, scope, check in
                guard case .allocateReservation(let r) = action else { return }
                let ahead = Int(before.routes[r.index].pickupAt) - Int(before.clock)
                check.expect(ahead == scope.timing.allocationLeadTicks && after.isPending(r),
                             "reservation \(r) for tick \(before.routes[r.index].pickupAt) was allocated at tick \(before.clock), \(ahead) ticks ahead instead of \(scope.timing.allocationLeadTicks)")
            },
            .step("ReservationChangedOnlyInTime", only: [.modifyReservation, .cancelRoute], source: "000 PF21 R3, PF22 R2, UC09, UC10", symbol: "ActionRules.reservationChangedOnlyInTime",
                  "A reservation is changed or cancelled only while at least 10 minutes remain and it is not yet allocated.") { before, action, _, scope, check in
                let r: RouteID
                switch action {
                case .modifyReservation(let route, _), .cancelRoute(let route): r = route
                default: return
                }
                guard before.routes[r.index].isReserved else { return }
                let owner = before.routes[r.index].joined ?? r
                let ahead = Int(before.routes[owner.index].pickupAt) - Int(before.clock)
                check.expect(ahead >= scope.timing.allocationLeadTicks && !before.isPending(owner) && before.routes[r.index].status == .notAllocated,
                             "reservation \(r) was changed \(ahead) ticks before pickup\(before.isPending(owner) ? ", after its allocation" : "")")
            },
            .step("TimeWaitsForDueTimers", when: ClockMoved.self, source: "000 2.5 (30 s answer), 002 3.2.4 (1 min); model: timing abstraction", symbol: "ActionRules.timeWaitsForDueTimers",
                  "The clock moves one tick at a time, and only when no offer awaits an answer and no reservation is due for allocation.") { before, action, after, scope, check in
                check.expect(Int(after.clock) == Int(before.clock) + 1, "the clock jumped from \(before.clock) to \(after.clock)")
                let offered = scope.routeIDs.first { before.routes[$0.index].offeredTo != nil }
                check.expect(offered == nil, "time passed while request \(offered.map(String.init(describing:)) ?? "") awaited an answer")
                let rules = Rules(scope: scope)
                let due = scope.routeIDs.first { rules.isDue($0, in: before) }
                check.expect(due == nil, "time passed while reservation \(due.map(String.init(describing:)) ?? "") was due for allocation")
            },
        ]
    }

    /// QueueOrderIsFair's verdict on a queue it found unfair, with its messages.
    @inline(never)
    static func unfairQueue(_ z: ZoneID, old: PackedIDs<DriverID>, new: PackedIDs<DriverID>, _ fairness: QueueFairness, _ check: inout Check) {
        check.expect(fairness.inOrder, "the queue of zone \(z) went from \(list(old)) to \(list(new)): a driver overtook another")
        check.expect(!fairness.arrivalAhead, "the queue of zone \(z) went from \(list(old)) to \(list(new)): a driver joined ahead of others")
    }
}
