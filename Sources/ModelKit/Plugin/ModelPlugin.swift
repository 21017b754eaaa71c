import Checker

/// Everything the `verify` tool needs from a model, in one value: its name, its scopes and
/// default suite, the Spec built for a scope, the Reference adapter, the fault and property
/// catalogues, how its states and actions are written to ITF and read back, and how a step is
/// shown to a person. The tool knows no model by name: a model registers one of these (in
/// `Sources/Models`, or `Verify.main(models:)` in a team's own package), and every command,
/// report and trace file works through it.
///
/// A model whose Spec declares its scope (`DeclaredScope`), state (`DeclaredState`) and
/// actions (`DeclaredAction`) writes only what is its own: the name and summary, a sentence
/// per scope, the default suite, the Spec and adapter for a scope, the faults and the actions'
/// sources. Everything else has a default (`ModelPlugin+Declared*`, `+Defaults`); a model
/// writes its own where it wants more (myTaxi's queues, a catalogue's preamble).
/// CONTRIBUTING.md walks through Examples/ShuttleHolds, a whole model in its own package.
public protocol ModelPlugin: Sendable {
    associatedtype Spec: Model
    associatedtype Adapter: ImplementationAdapter where Adapter.Spec == Spec
    /// A scope of the model: the bounds one check explores.
    associatedtype Bounds: Sendable

    /// The model's name as the command line spells it (`--model NAME`): lower case, no spaces.
    var name: String { get }
    /// One line: what the model is and which seeds it comes from.
    var summary: String { get }

    // MARK: Scopes

    /// The named scopes, each with a sentence on what it covers, in the order `list` shows them.
    var scopes: [ScopeDescription] { get }
    /// The keys `--set KEY=VALUE` accepts, with their ranges.
    var settableKeys: [SettableKey] { get }
    /// What `verify check` runs when no scope is given, in order (at least one entry): named
    /// scopes searched exhaustively, and seeded walks on a scope where a search cannot go deep.
    var defaultSuite: [SuiteEntry] { get }
    /// The scope named `name` (one of `scopes`) with `assignments` applied, or an error in words.
    func bounds(named name: String, setting assignments: [(key: String, value: Int)]) throws(ModelInputError) -> Bounds
    /// The scope's name as reports print it, with its `--set` overrides.
    func name(of bounds: Bounds) -> String
    /// The deepest level a check of `bounds` explores (nil: until no new state).
    func depth(of bounds: Bounds) -> Int?

    // MARK: What is checked

    /// The Spec for `bounds`; `literal`: the seed's rules as written replace the corrected ones.
    func spec(for bounds: Bounds, literal: Bool) -> Spec
    /// The Reference adapter for `spec`, with the named fault (one of `faults`) planted.
    func adapter(for spec: Spec, fault: String?) -> Adapter
    /// The bugs `--inject` can plant in the Reference, and what catches each.
    var faults: [FaultDescription] { get }
    /// Checked properties the default suite cannot exercise (or, for a reachability property,
    /// reach), each with the reason: a test requires every other one exercised by the suite.
    var unexercisedBySuite: [String: String] { get }
    /// The actions of the model with their sources in the seeds.
    var actions: [ActionDescription] { get }
    /// How often each entry of the default suite reached each boundary value and each case of
    /// a situation the Spec declares (`CoverageDeclaring`), the entry named as reports name it;
    /// empty when it declares none.
    /// Left to its default, compiled specialised in the model's module like `explore`.
    func coverage(workers: Int) throws -> [(entry: String, coverage: Coverage)]
    /// What the user sees that the Spec leaves out on purpose (`CoverageDeclaring.notModelled`).
    var notModelled: [NotModelled] { get }
    /// The property catalogue as `verify list` prints it, in one of `CatalogueFormat`.
    func catalogue(_ format: CatalogueFormat) -> String

    /// Explores one target. Left to its default (in `TargetResult.swift`), which each model's
    /// conformance compiles specialised for the model's types.
    func explore(_ target: CheckTarget, spec: Spec, adapter: Adapter,
                 options: ExplorationOptions) throws(ExplorationError) -> TargetResult<Spec>

    /// Checks the liveness properties in `ids` (all when nil) of a target on its graph to
    /// `depth`, the graph within `maxBytes` (nil: no limit): nil when it checks none. Left to
    /// its default (`LivenessRun.swift`), compiled specialised in the model's module like
    /// `explore`.
    func checkLiveness(
        _ target: CheckTarget, spec: Spec, adapter: Adapter, depth: Int?, ids: [String]?, maxBytes: Int?
    )
        -> (outcomes: [TargetResult<Spec>.Outcome], figures: LivenessFigures)?

    /// The reference and conformance targets in one search, or nil when it found something.
    /// Left to its default, compiled specialised in the model's module like `explore`.
    func exploreInLockstep(spec: Spec, adapter: Adapter, options: ExplorationOptions)
        throws(ExplorationError) -> (reference: TargetResult<Spec>, conformance: TargetResult<Spec>)?

    /// Takes `walks` seeded random walks of at most `steps` steps through one target. Left to its
    /// default, compiled specialised in the model's module like `explore`.
    func simulate(_ target: CheckTarget, spec: Spec, adapter: Adapter, seed: UInt64, walks: Int, steps: Int,
                  propertyIDs: [String]?, stopRequest: StopRequest?) throws(ExplorationError) -> SimulationResult<Spec>

    // MARK: Reports and trace files

    /// The scope as the JSON report describes it.
    func reportJSON(of bounds: Bounds) -> JSON
    /// The scope as an ITF trace's metadata records it, for replay to rebuild: the name of a
    /// named scope under "base" and every bound as a whole number.
    func traceJSON(of bounds: Bounds) -> JSON
    /// The scope a trace recorded: `base` and the whole numbers of its metadata's scope.
    func bounds(fromTrace base: String, fields: [String: Int]) throws(ModelInputError) -> Bounds
    /// The ITF variables, in the order each state lists them.
    var traceVariables: [String] { get }
    /// One state's variables as ITF values, in the order of `traceVariables`.
    func traceState(_ state: Spec.State, bounds: Bounds) -> [(String, JSON)]
    /// An action as a trace records it: its kind's name and its parameters in words.
    func traceAction(_ action: Spec.Action) -> (name: String, parameters: [(String, String)])
    /// The action a trace recorded, or an error naming what is wrong with it.
    func action(named name: String, parameters: [String: String], bounds: Bounds) throws(ModelInputError) -> Spec.Action

    /// The JSON Schema of the model's states and actions (`ModelSchema`), nil when its Spec does
    /// not declare them (`DeclaredState`, `DeclaredAction`).
    var schema: JSON? { get }

    /// The whole state in one line, for the first step of a trace.
    func summary(of state: Spec.State, bounds: Bounds) -> String
    /// What changed between two states, one change per field: the field with its value before
    /// and after where it has one on both sides ("d2 AVAILABLE→BUSY", "queue z1 [d1]→[]"), a
    /// note otherwise. The reports show a divergence's two values side by side.
    func changes(from before: Spec.State, to after: Spec.State, bounds: Bounds) -> [StateChange]
    /// The state as an HTML fragment for the HTML report; entities in `marked` stand out.
    func html(of state: Spec.State, bounds: Bounds, marked: Set<String>) -> String
    /// The style the HTML report needs for what `html` writes beyond the default classes
    /// (`shape`, `entities`, `entity`); empty when it writes no other.
    var css: String { get }
    /// The names of entities that a witness sentence mentions ("d2", "z1"), which the reports mark.
    func entities(in witness: String) -> Set<String>

    // MARK: Benchmark

    /// The fixed benchmark: the Spec of its scope, a line describing the scope, and the depth
    /// it is explored to (`depth` when given, else the scope's own).
    func benchmark(depth: Int?) -> (description: String, spec: Spec, depth: Int?)?
    /// How close the symmetry reduction is to exact, on small scopes no deeper than `depth`:
    /// per scope, the states kept with the model's canonical form and the number of symmetry
    /// classes that trying every permutation finds. Empty when the model declares no symmetry.
    func symmetryExactness(depth: Int?) throws -> [SymmetryExactness]
    /// The benchmark's Spec with its other canonical forms, each named ("declared symmetry"),
    /// which the benchmark runs beside the model's own. Empty by default.
    func symmetryVariants(of spec: Spec) -> [(label: String, spec: Spec)]
}

extension ModelPlugin {
    public var unexercisedBySuite: [String: String] { [:] }
    public func coverage(workers: Int) throws -> [(entry: String, coverage: Coverage)] { [] }
    public var notModelled: [NotModelled] { [] }
    public func benchmark(depth: Int?) -> (description: String, spec: Spec, depth: Int?)? { nil }
    public func symmetryExactness(depth: Int?) throws -> [SymmetryExactness] { [] }
    public func symmetryVariants(of spec: Spec) -> [(label: String, spec: Spec)] { [] }
    public var schema: JSON? { nil }
    public var css: String { "" }
}

/// A named scope and what it covers.
public struct ScopeDescription: Sendable, Equatable {
    public let name: String
    public let about: String
    public init(_ name: String, _ about: String) {
        self.name = name
        self.about = about
    }
}

/// An entry of a model's default suite: a named scope, searched exhaustively, or seeded random
/// walks on it. Walks have a fixed seed, number and length, never a time bound, so that the
/// verdict is the same on any machine. A string literal is a scope: `["ci", "sharing"]`.
public struct SuiteEntry: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let scope: String
    /// nil: the exhaustive search.
    public let walks: WalkPlan?

    public init(stringLiteral scope: String) {
        self.scope = scope
        walks = nil
    }

    /// `walks` random walks of at most `steps` steps on `scope`, from `seed`.
    public static func walks(_ scope: String, seed: UInt64, walks: Int, steps: Int) -> SuiteEntry {
        precondition(walks >= 1 && steps >= 1, "a walk plan of at least one walk of at least one step")
        return SuiteEntry(scope: scope, walks: WalkPlan(seed: seed, walks: walks, steps: steps))
    }

    private init(scope: String, walks: WalkPlan?) {
        self.scope = scope
        self.walks = walks
    }

    /// The scope's name, and for walks what they are: `ci (200 walks of 50 steps, seed 7)`.
    public var description: String {
        walks.map { "\(scope) (\($0.walks) walks of \($0.steps) steps, seed \($0.seed))" } ?? scope
    }
}

/// Seeded random walks: how many, how long at most, from which seed.
public struct WalkPlan: Sendable, Equatable {
    public let seed: UInt64
    public let walks: Int
    public let steps: Int
}

/// A key `--set` accepts.
public struct SettableKey: Sendable, Equatable {
    public let key: String
    public let range: ClosedRange<Int>
    public init(_ key: String, _ range: ClosedRange<Int>) {
        self.key = key
        self.range = range
    }
}

/// An action of a model and where the seeds describe it.
public struct ActionDescription: Sendable, Equatable {
    public let name: String
    public let source: String
    public init(name: String, source: String) {
        self.name = name
        self.source = source
    }
}

/// A bug a model's Reference can carry, and the check that catches it: which target and
/// property, in which named scope, and the length of the shortest counterexample. A test holds
/// the harness to it: exit 1, that property violated, a trace no longer than `steps`.
public struct FaultDescription: Sendable, Equatable {
    public let name: String
    /// Where in the service the bug sits ("dispatch", "wallet").
    public let area: String
    /// The bug, in one sentence.
    public let summary: String
    /// `reference` or `conformance`.
    public let target: String
    public let property: String
    public let scope: String
    public let steps: Int

    public init(name: String, area: String, summary: String, target: String, property: String, scope: String, steps: Int) {
        self.name = name
        self.area = area
        self.summary = summary
        self.target = target
        self.property = property
        self.scope = scope
        self.steps = steps
    }
}

/// The formats of the property catalogue.
public enum CatalogueFormat: String, Sendable, CaseIterable {
    case text, markdown, json
}

/// One line of the benchmark's exactness table.
public struct SymmetryExactness: Sendable, Equatable {
    public let label: String
    public let kept: Int
    public let classes: Int
    public init(label: String, kept: Int, classes: Int) {
        self.label = label
        self.kept = kept
        self.classes = classes
    }
}

/// Input a model refuses (a scope bound out of range, an action a trace names wrongly), in words
/// for the person who typed it.
public struct ModelInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
