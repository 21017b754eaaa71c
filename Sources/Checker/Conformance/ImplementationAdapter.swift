/// How the Checker drives an implementation (a system under test) with a model's actions
/// and reads it back in the model's terms. Written once per model and implementation; the
/// Checker stays ignorant of both.
public protocol ImplementationAdapter: Sendable {
    associatedtype Spec: Model
    /// The implementation's whole state, as a value: copied before each operation so that
    /// every branch of the search starts from the same state.
    associatedtype System: Sendable & Equatable
    /// One row of the views the adapter reads (`shown(in:)`); `NoShownRow` when it reads none.
    associatedtype ShownRow: Hashable & Sendable & CustomStringConvertible = NoShownRow

    var spec: Spec { get }

    /// The implementation set up like each of the model's initial states, in their order. A
    /// set-up step the implementation refuses (a step of a scope's prelude) is not a reason
    /// to stop: set up what it allows, and say what went wrong in `setUpDivergences`.
    func initialSystems() -> [System]

    /// For each initial state, in order, where setting up the implementation went wrong before
    /// the search began: a step it refused, or a state along the way that differs from the
    /// specification's; nil where it went right. Empty (the default) when nothing went wrong.
    /// The conformance search reports it, and any difference in an initial state itself, at
    /// step 0.
    func setUpDivergences() -> [String?]

    /// Performs `action` on `system`. A refusal must leave `system` unchanged; the checks
    /// verify that it does. An action out of bounds is answered without touching `system`:
    /// the searches try the next candidate on the same value.
    func perform(_ action: Spec.Action, on system: inout System) -> Outcome

    /// The abstraction function: the model state that `system` stands for.
    func abstraction(of system: System) -> Spec.State

    /// Actions to try in `state`, enabled or not: the model's own and near misses just
    /// outside its guards, each of which a correct implementation must refuse when the
    /// model does. Actions that `perform` would answer out of bounds may be left out: the
    /// searches pass over them.
    func candidates(in state: Spec.State, into actions: inout [Spec.Action])

    /// The fields in which `actual` differs from `expected`, for a person to read.
    func differences(expected: Spec.State, actual: Spec.State) -> [String]

    /// Properties of the implementation's own state that the model has no words for
    /// (fares, say), checked on every state when the implementation is explored alone.
    var systemProperties: [SystemProperty<System>] { get }

    /// A fingerprint of the implementation's state that its abstraction does not show but a
    /// later step or its own properties can reveal (an id counter a refusal advanced, the
    /// notices the user was sent); nil (the default) when it holds nothing of the kind. The
    /// searches keep two systems with one abstraction apart when their hidden states differ,
    /// so a bug there is followed to where it shows rather than merged away with the path
    /// that reached the abstraction second. The price is the states the split adds.
    func hiddenState(of system: System) -> UInt64?

    /// The lists and sums the implementation shows its user (`ShownView`), in the order the
    /// specification derives them; nil (the default) when the adapter reads none. Conformance
    /// compares them with `expectedShown(in:)` on every step, as it compares abstractions:
    /// once a state would miss a wrong view on a path that reached a state already seen.
    func shown(in system: System) -> [ShownView<ShownRow>]?

    /// The views the specification derives from `state`: its own (`UserFacing.shown`) where it
    /// declares them, none otherwise.
    func expectedShown(in state: Spec.State) -> [ShownView<ShownRow>]
}

/// What became of an action performed on an implementation.
public enum Outcome: Sendable, Equatable {
    case accepted
    /// Refused, with the implementation's error.
    case refused(Refusal)
    /// Outside the search's bounds (a scope limit, not a rule): neither side is asked.
    case outOfBounds
}

/// Why an implementation refused an action: its error as thrown, put into words only when a
/// report reads it. A search tries every candidate action and most are refused, as they
/// should be; describing each refusal as it happened (`String(describing:)`, with its
/// dynamic casts) was a tenth of a search of the myTaxi Reference.
public struct Refusal: Sendable, Equatable, CustomStringConvertible {
    private let reason: any Sendable & CustomStringConvertible

    /// An error of any kind, boxed on the heap as every `any Error` is.
    public init(_ error: any Error) { reason = Described(error: error) }

    /// An error kept as it is: a value of up to three words sits in the refusal itself.
    /// Why: one box for every refusal, allocated and freed, and the error's teardown
    /// through it, were 9% of a search of the myTaxi Reference (most candidates are refused).
    public init<Reason: Error & Sendable & CustomStringConvertible>(describing reason: Reason) { self.reason = reason }

    public var description: String { reason.description }

    /// Unchecked: the error must be a value nobody changes after it is thrown (an enum or a
    /// struct, as errors are), so that reading it from another thread is safe.
    private struct Described: @unchecked Sendable, CustomStringConvertible {
        let error: any Error
        var description: String { String(describing: error) }
    }

    /// Two refusals are the same when they say the same.
    public static func == (a: Refusal, b: Refusal) -> Bool { a.description == b.description }
}

/// An invariant of an implementation's own state.
public struct SystemProperty<System: Sendable>: Sendable {
    public let id: String
    public let statement: String
    public let source: String
    public let check: @Sendable (System) -> Verdict
    public init(id: String, statement: String, source: String, check: @escaping @Sendable (System) -> Verdict) {
        self.id = id
        self.statement = statement
        self.source = source
        self.check = check
    }
}

extension ImplementationAdapter {
    public var systemProperties: [SystemProperty<System>] { [] }
    public func setUpDivergences() -> [String?] { [] }
    public func hiddenState(of system: System) -> UInt64? { nil }
    public func shown(in system: System) -> [ShownView<ShownRow>]? { nil }
    public func expectedShown(in state: Spec.State) -> [ShownView<ShownRow>] { [] }

    /// `candidates(in:into:)` into an array with room for 256 from the start. Listed into an
    /// empty array, a state's candidates (about 140 in the myTaxi ci scope) took eight
    /// growths, each an allocation and a copy: 2% of a search of the myTaxi Reference.
    package func candidateList(in state: Spec.State) -> [Spec.Action] {
        var actions: [Spec.Action] = []
        actions.reserveCapacity(256)
        candidates(in: state, into: &actions)
        return actions
    }
}

/// A state of an implementation paired with the model state it should stand for. Two
/// pairs are the same search state when their model states are and their implementations'
/// hidden states (`ImplementationAdapter.hiddenState`) are: details beyond the abstraction
/// that the adapter does not declare hidden do not split them.
///
/// The system is kept behind one reference, shared by every copy of the pair. The explorer
/// copies a search state several times a step (into its transition buffer, out of it for
/// the action properties, into the next level), and a system with dictionaries and arrays
/// inline, as the myTaxi Reference's service is, was retained and released field by field
/// each time: 7% of a search of the Reference. A pair's system never changes after it is
/// made, so sharing it is invisible.
public struct Paired<Key: Hashable & Sendable & StableHashable, System: Sendable & Equatable>: Hashable, Sendable, StableHashable {
    public let key: Key
    private let storage: SystemBox
    /// Read in place (`_read`): a reader that only looks takes no copy.
    public var system: System { _read { yield storage.system } }
    /// How the implementation answered the action that led here.
    public let outcome: Outcome
    /// The implementation no longer stands for `key`: it refused, or ended elsewhere, on
    /// this step or an earlier one. Nothing below a divergence is compared again; the
    /// first one is the finding.
    public let diverged: Bool
    /// One of the search's initial states: compared with the specification's as it is, not
    /// as the end of a step.
    public let isInitial: Bool
    /// The fingerprint of the system's hidden state; 0 when the adapter declares none.
    public let hidden: UInt64

    public init(key: Key, system: System, outcome: Outcome, diverged: Bool = false, isInitial: Bool = false,
                hidden: UInt64 = 0) {
        self.key = key
        self.hidden = hidden
        storage = SystemBox(system)
        self.outcome = outcome
        self.diverged = diverged
        self.isInitial = isInitial
    }

    final class SystemBox: Sendable {
        let system: System
        init(_ system: System) { self.system = system }
    }

    public static func == (a: Self, b: Self) -> Bool { a.key == b.key && a.hidden == b.hidden }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(hidden)
    }
    /// Without hidden state, the model state's own fingerprint: a search that declares none
    /// visits its states in the same order as before hidden states could be declared.
    public func stableHash(into hasher: inout StableHasher) {
        key.stableHash(into: &hasher)
        if hidden != 0 { hasher.combine(hidden) }
    }
}

/// The models built on an adapter share their names, action kinds and legal ends with the
/// specification.
public protocol AdapterModel: Model where State == Paired<Adapter.Spec.State, Adapter.System>, Action == Adapter.Spec.Action {
    associatedtype Adapter: ImplementationAdapter
    var adapter: Adapter { get }
}

extension AdapterModel {
    public var name: String { adapter.spec.name }
    public var actionKindNames: [String] { adapter.spec.actionKindNames }
    public func actionKind(of action: Action) -> Int { adapter.spec.actionKind(of: action) }
    public func isLegalEnd(_ state: State) -> Bool { adapter.spec.isLegalEnd(state.key) }
    public func simplifications(of action: Action) -> [Action] { adapter.spec.simplifications(of: action) }
}
