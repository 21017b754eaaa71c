import Checker

/// The groups of the catalogue.
public enum PropertyGroup: String, Sendable, CaseIterable {
    case seedFact = "seed fact"
    case seedAssertion = "seed assertion"
    case seedCommand = "seed command"
    case corrected = "corrected"
    case rule = "rule"
}

/// The Checker's record of what a predicate saw, under the short name the predicates use.
typealias Check = PropertyCheck

typealias TaxiProperty = Property<MyTaxiModel>

/// A state predicate run over the worlds a batch selects: `verdicts[i]` for
/// `batch.states[batch.indices[i]]`, and the tally.
struct StatePredicateBatch: Sendable {
    let run: @Sendable (StateBatch<World>, Scope, UnsafeMutableBufferPointer<BatchVerdict>) -> VerdictTally
}

/// A transition predicate run over a batch of steps.
struct StepPredicateBatch: Sendable {
    let run: @Sendable (StepBatch<TaxiAction, World>, Scope) -> VerdictTally
}

/// Whether a step gives an action property anything to check (see `step(_:when:...)`).
protocol StepGate: SendableMetatype {
    static func opens(_ before: inout World, _ after: inout World, _ scope: Scope) -> Bool
}

/// A step that changed a queue (its drivers or its length).
enum QueuesChanged: StepGate {
    @inline(__always)
    static func opens(_ before: inout World, _ after: inout World, _ scope: Scope) -> Bool { before.queueSignature != after.queueSignature }
}

/// A step that changed whom a route is offered to.
enum OffersChanged: StepGate {
    @inline(__always)
    static func opens(_ before: inout World, _ after: inout World, _ scope: Scope) -> Bool {
        before.offersDiffer(from: after, routes: scope.routes)
    }
}

/// A step that moved the clock.
enum ClockMoved: StepGate {
    @inline(__always)
    static func opens(_ before: inout World, _ after: inout World, _ scope: Scope) -> Bool { before.clock != after.clock }
}

/// One property of the myTaxi model, written once: its catalogue entry and its predicate,
/// a function of the world (or step) and the scope. The builders make two forms of the
/// predicate: the Checker's `Property` closure for one world, used off the hot path, and
/// a loop over a batch, which `MyTaxiModel` runs by key on the explorer's hot path.
///
/// The batch form is why the builders are `@inline(__always)`: inlined into the catalogue,
/// the loop closure captures a known, capture-free predicate, and the optimiser builds a
/// copy of the loop that calls the predicate's body directly.
///
/// Why a body takes its worlds `inout` although it only reads them: a world passed by value
/// out of the batch's buffer is copied for every call (200 bytes, about 40 times per state
/// for the invariants, as callgrind counted), because the compiler cannot prove that the
/// callee leaves the buffer alone; `inout` passes the slot's address. A body must not write
/// to its worlds. `BatchEvaluationTests` holds every body to that: the batch buffers must be
/// byte for byte unchanged after every predicate has run over them.
struct TaxiPropertyDefinition: Sendable {
    typealias StateBody = @Sendable (inout World, Scope, inout Check) -> Void
    typealias StepBody = @Sendable (inout World, TaxiAction, inout World, Scope, inout Check) -> Void

    enum Body: Sendable {
        case state(single: StateBody, batch: StatePredicateBatch)
        case step(single: StepBody, batch: StepPredicateBatch)
    }

    let id: String
    let kind: PropertyKind
    let group: PropertyGroup
    let statement: String
    let source: String
    let symbol: String
    let note: String
    var checkedByDefault: Bool
    /// What a state predicate reads (see `WorldPart`); everything for a step predicate.
    let footprint: StateParts
    /// For a step predicate: the kinds of action it is about (`only:`), one bit per kind.
    var actionKinds: UInt64 = .max
    let body: Body

    func property(scope: Scope, key: Int?) -> TaxiProperty {
        let predicate: TaxiProperty.Predicate
        switch body {
        case .state(let single, _):
            predicate = .state { world, check in
                var world = world
                single(&world, scope, &check)
            }
        case .step(let single, _):
            predicate = .transition { before, action, after, check in
                var (before, after) = (before, after)
                single(&before, action, &after, scope, &check)
            }
        }
        return TaxiProperty(id: id, kind: kind, group: group.rawValue, statement: statement, source: source, symbol: symbol, note: note,
                            checkedByDefault: checkedByDefault, key: key, footprint: footprint, actionKinds: actionKinds, predicate: predicate)
    }

    /// A state property over the world, with the scope at hand. `reads` lists every part
    /// of the world its verdict depends on (the scope is fixed for a search).
    @inline(__always)
    static func world(
        _ id: String, _ group: PropertyGroup, kind: PropertyKind = .invariant, source: String, symbol: String,
        checkedByDefault: Bool = true, note: String = "", reads: [WorldPart], _ statement: String,
        _ body: @escaping StateBody
    ) -> TaxiPropertyDefinition {
        let batch = StatePredicateBatch { batch, scope, verdicts in
            var tally = VerdictTally()
            guard let first = batch.states.baseAddress else { return tally }
            let slots = UnsafeMutablePointer(mutating: first)
            for position in batch.indices.indices {
                var check = Check()
                body(&slots[Int(batch.indices[position])], scope, &check)
                verdicts[position] = BatchVerdict(check)
                tally.add(check, at: position)
            }
            return tally
        }
        return TaxiPropertyDefinition(id: id, kind: kind, group: group, statement: statement, source: source, symbol: symbol,
                                      note: note, checkedByDefault: checkedByDefault, footprint: WorldPart.parts(reads),
                                      body: .state(single: body, batch: batch))
    }

    /// An action property over (before, action, after) about a few kinds of action: its body
    /// begins by returning for every other kind, and `only` names the kinds it is about. The
    /// batch visits only their steps (`StepBatch.byKind`), so the others cost nothing. The
    /// body keeps its own test, so the closure form needs none; `BatchEvaluationTests` holds
    /// the two forms to the same verdicts on every step, so a kind left out of `only` that the
    /// body checks fails it.
    @inline(__always)
    static func step(
        _ id: String, only kinds: [ActionKind], source: String, symbol: String, note: String = "", _ statement: String,
        _ body: @escaping StepBody
    ) -> TaxiPropertyDefinition {
        precondition(ActionKind.allCases.count <= 64, "the action kinds no longer fit a bit set")
        let relevant = kinds.reduce(UInt64(0)) { $0 | 1 << UInt64($1.rawValue) }
        let batch = StepPredicateBatch { steps, scope in judge(kinds: relevant, of: steps, scope: scope, body: body) }
        var definition = step(id, source: source, symbol: symbol, note: note, statement, single: body, batch: batch)
        // The closure form is skipped on the other kinds too, where the model is explored
        // through closures (the Reference's search lifts them).
        definition.actionKinds = relevant
        return definition
    }

    /// An action property over (before, action, after) with a gate: a cheap test of the two
    /// worlds that must hold for the body to have anything to check (a queue changed, the
    /// clock moved). Both forms apply it before the body, so it cannot make them disagree;
    /// in the batch it is inlined into the loop, so that the most common step, the one that
    /// leaves the property nothing to do, costs a few comparisons instead of a call (three
    /// such properties were 5% of a search's time).
    ///
    /// The gate is a type, not a closure, so that the loop is specialised for it by type:
    /// as a captured closure it was inlined only where the optimiser chose to specialise
    /// the loop closure for it, and for QueueOrderIsFair it did not (the gate was called
    /// for every step, 23 instructions, and the loop around it cost 26 a step against 16).
    @inline(__always)
    static func step<Gate: StepGate>(
        _ id: String, when gate: Gate.Type, source: String, symbol: String, note: String = "", _ statement: String,
        _ body: @escaping StepBody
    ) -> TaxiPropertyDefinition {
        let batch = StepPredicateBatch { steps, scope in
            var tally = VerdictTally()
            guard let sources = steps.sources.baseAddress, let transitions = steps.steps.baseAddress,
                  let sourceIndices = steps.sourceIndices.baseAddress else { return tally }
            let befores = UnsafeMutablePointer(mutating: sources)
            let afters = UnsafeMutablePointer(mutating: transitions)
            for index in 0..<steps.count {
                let before = befores + Int(sourceIndices[index]), after = afters + index
                guard Gate.opens(&before.pointee, &after.pointee.state, scope) else { continue }
                var check = Check()
                body(&before.pointee, after.pointee.action, &after.pointee.state, scope, &check)
                tally.add(check, at: index)
            }
            return tally
        }
        let single: StepBody = { before, action, after, scope, check in
            if Gate.opens(&before, &after, scope) { body(&before, action, &after, scope, &check) }
        }
        return step(id, source: source, symbol: symbol, note: note, statement, single: single, batch: batch)
    }

    @inline(__always)
    private static func step(
        _ id: String, source: String, symbol: String, note: String, _ statement: String, single: @escaping StepBody,
        batch: StepPredicateBatch
    ) -> TaxiPropertyDefinition {
        TaxiPropertyDefinition(id: id, kind: .actionProperty, group: .rule, statement: statement, source: source, symbol: symbol,
                               note: note, checkedByDefault: true, footprint: .all, body: .step(single: single, batch: batch))
    }

    /// The steps of `kinds` (a bit set), kind by kind: the tally takes the lowest position
    /// that violated, whatever the order of the visit.
    @inline(never)
    static func judge(kinds: UInt64, of steps: StepBatch<TaxiAction, World>, scope: Scope, body: StepBody) -> VerdictTally {
        var tally = VerdictTally()
        guard let sources = steps.sources.baseAddress, let transitions = steps.steps.baseAddress,
              let sourceIndices = steps.sourceIndices.baseAddress else { return tally }
        let befores = UnsafeMutablePointer(mutating: sources)
        let afters = UnsafeMutablePointer(mutating: transitions)
        var kinds = kinds
        while kinds != 0 {
            for step in steps.byKind[kinds.trailingZeroBitCount] {
                let index = Int(step)
                let before = befores + Int(sourceIndices[index]), after = afters + index
                var check = Check()
                body(&before.pointee, after.pointee.action, &after.pointee.state, scope, &check)
                tally.add(check, at: index)
            }
            kinds &= kinds &- 1
        }
        return tally
    }
}

/// The world as the Alloy model sees it: routes in one of Alloy's four statuses, rides that
/// exist, queues as sets of drivers and taxis. Built for every evaluation of a predicate, so
/// it holds bit masks, not arrays, and no copy of the scope.
struct AlloyView {
    let world: World
    let routesPerClient: Int
    /// Alloy's Route and Ride sets.
    let routes: IDSet<RouteID>
    let rides: IDSet<RideID>

    // Inlined into each predicate, so that the view's world is the batch's world read in
    // place rather than a copy.
    @inline(__always)
    init(world: World, scope: Scope) {
        self.world = world
        routesPerClient = scope.routesPerClient
        var routes = IDSet<RouteID>(), rides = IDSet<RideID>()
        for index in 0..<scope.routes {
            if world.routes[index].status.isInAlloyModel { routes.insert(RouteID(index)) }
            if world.rides[index].exists { rides.insert(RideID(index)) }
        }
        self.routes = routes
        self.rides = rides
    }

    func status(_ d: DriverID) -> DriverStatus { world.drivers[d.index].status }
    func status(_ r: RouteID) -> RouteStatus { world.routes[r.index].status }
    /// Ride.routes restricted to Alloy's routes.
    func routes(of ride: RideID) -> IDSet<RouteID> { IDSet(mask: routes.mask & world.rides[ride.index].routeMask) }
    func driver(of ride: RideID) -> DriverID { world.rides[ride.index].driver }
    func taxi(of ride: RideID) -> TaxiID { world.rides[ride.index].taxi }
    func rides(of d: DriverID) -> IDSet<RideID> { rides.filter { world.rides[$0.index].driverRaw == d.raw } }
    func queueDrivers(_ z: ZoneID) -> PackedIDs<DriverID> { world.queue(z) }
    func queueTaxis(_ z: ZoneID) -> PackedIDs<TaxiID> { world.queueTaxiList(z) }
    func client(of r: RouteID) -> ClientID { ClientID(r.index / routesPerClient) }
    func hasCurrentRoute(_ ride: RideID) -> Bool { routes(of: ride).contains { status($0).isCurrent } }
}

func list<S: Sequence>(_ items: S) -> String where S.Element: CustomStringConvertible {
    "[" + items.map(\.description).joined(separator: ",") + "]"
}
