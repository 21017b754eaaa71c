import Checker
import Synchronization

/// An odometer's last digit and a trip count, as plain data (two 32-bit words), with keyed
/// invariants: two read the digit alone, one the trips alone. A tick moves the digit, a
/// reset or a new trip sets it to zero, so nearly every step changes the digit and the
/// parent's verdicts rarely serve; but the digit takes ten values over all `10 × trips`
/// states, so the explorer's verdict cache (`VerdictMemo`) has something to find. Each predicate counts its runs; `forbiddenDigit` plants a violation
/// of `DigitAllowed`.
struct Odometer: ActionListingModel, ModelHooks {
    /// Its own hooks: footprints and state bytes.
    typealias Hooks = Self
    struct State: Hashable, Sendable, StableHashable {
        var digit: UInt32
        var trips: UInt32
        func stableHash(into hasher: inout StableHasher) {
            hasher.combine(Int(digit))
            hasher.combine(Int(trips))
        }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case tick, trip, reset
        var description: String {
            switch self {
            case .tick: return "tick"
            case .trip: return "trip"
            case .reset: return "reset"
            }
        }
    }

    /// Predicate runs, by property key.
    final class Runs: Sendable {
        let digitIsDigit = Atomic<Int>(0)
        let digitAllowed = Atomic<Int>(0)
        let tripsInRange = Atomic<Int>(0)

        func count(_ key: Int) -> Int {
            switch key {
            case 0: return digitIsDigit.load(ordering: .relaxed)
            case 1: return digitAllowed.load(ordering: .relaxed)
            default: return tripsInRange.load(ordering: .relaxed)
            }
        }
    }

    static let digitPart = StateParts(rawValue: 1 << 0)
    static let tripsPart = StateParts(rawValue: 1 << 1)

    let trips: UInt32
    var forbiddenDigit: UInt32?
    let runs = Runs()

    var name: String { "odometer" }
    var initialStates: [State] { [State(digit: 0, trips: 0)] }
    var actionKindNames: [String] { ["tick", "trip", "reset"] }
    func actionKind(of action: Action) -> Int {
        switch action {
        case .tick: return 0
        case .trip: return 1
        case .reset: return 2
        }
    }
    func isLegalEnd(_ state: State) -> Bool { true }

    func enabledActions(in state: State, into actions: inout [Action]) {
        actions.append(.tick)
        if state.trips + 1 < trips { actions.append(.trip) }
        if state.digit > 0 { actions.append(.reset) }
    }

    func successor(of state: State, via action: Action) -> State? {
        switch action {
        case .tick: return State(digit: (state.digit + 1) % 10, trips: state.trips)
        case .trip: return state.trips + 1 < trips ? State(digit: 0, trips: state.trips + 1) : nil
        case .reset: return state.digit > 0 ? State(digit: 0, trips: state.trips) : nil
        }
    }

    func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts {
        var changed = StateParts()
        if before.pointee.digit != after.pointee.digit { changed.formUnion(Odometer.digitPart) }
        if before.pointee.trips != after.pointee.trips { changed.formUnion(Odometer.tripsPart) }
        return changed
    }

    func stateBytes(of parts: StateParts) -> [Range<Int>]? {
        func field(_ path: KeyPath<State, UInt32>) -> Range<Int> {
            let offset = MemoryLayout<State>.offset(of: path)!
            return offset..<(offset + MemoryLayout<UInt32>.size)
        }
        var ranges: [Range<Int>] = []
        if parts.contains(Odometer.digitPart) { ranges.append(field(\.digit)) }
        if parts.contains(Odometer.tripsPart) { ranges.append(field(\.trips)) }
        return ranges
    }

    /// The predicates by key: the digit is a digit; the digit is not the forbidden one
    /// (applies off zero); the trips are in range.
    func predicate(_ key: Int) -> @Sendable (State, inout PropertyCheck) -> Void {
        let (runs, forbiddenDigit, trips) = (runs, forbiddenDigit, trips)
        switch key {
        case 0:
            return { state, check in
                runs.digitIsDigit.add(1, ordering: .relaxed)
                check.expect(state.digit < 10, "digit \(state.digit)")
            }
        case 1:
            return { state, check in
                runs.digitAllowed.add(1, ordering: .relaxed)
                guard state.digit > 0 else { return }
                check.expect(state.digit != forbiddenDigit, "digit \(state.digit) is forbidden")
            }
        default:
            return { state, check in
                runs.tripsInRange.add(1, ordering: .relaxed)
                check.expect(state.trips < trips, "trips \(state.trips)")
            }
        }
    }

    var properties: [Property<Odometer>] {
        [
            Property(id: "DigitIsDigit", kind: .invariant, group: "toy", statement: "The digit is below ten.",
                     source: "test", symbol: "DigitIsDigit", key: 0, footprint: Odometer.digitPart, predicate: .state(predicate(0))),
            Property(id: "DigitAllowed", kind: .invariant, group: "toy",
                     statement: "The digit is never the forbidden one; applies off zero.",
                     source: "test", symbol: "DigitAllowed", key: 1, footprint: Odometer.digitPart, predicate: .state(predicate(1))),
            Property(id: "TripsInRange", kind: .invariant, group: "toy", statement: "The trips stay below the bound.",
                     source: "test", symbol: "TripsInRange", key: 2, footprint: Odometer.tripsPart, predicate: .state(predicate(2))),
        ]
    }

    func evaluate(stateKey key: Int, on batch: StateBatch<State>, into verdicts: UnsafeMutableBufferPointer<BatchVerdict>) -> VerdictTally {
        let predicate = predicate(key)
        var tally = VerdictTally()
        for position in 0..<batch.count {
            var check = PropertyCheck()
            predicate(batch.states[Int(batch.indices[position])], &check)
            verdicts[position] = BatchVerdict(check)
            tally.add(check, at: position)
        }
        return tally
    }
}
