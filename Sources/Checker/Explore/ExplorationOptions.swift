import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a search runs: its bounds, its budgets and what it checks.
public struct ExplorationOptions: Sendable {
    /// Worker threads; by default every core.
    public var workers: Int = ExplorationOptions.availableCores
    /// The deepest level explored (number of steps from an initial state); nil = no bound.
    public var maxDepth: Int?
    /// Budgets: when one is reached the search stops cleanly and reports itself incomplete.
    public var maxStates: Int?
    public var maxSeconds: Double?
    /// The memory a search may use; nil means three quarters of the machine's memory, so
    /// that a scope too large for the machine stops cleanly instead of being killed.
    public var maxMemoryBytes: Int?
    /// Asked from outside to stop (a command line's Ctrl-C): the search stops as a spent
    /// time budget stops it, within a chunk's work, and reports itself interrupted with what
    /// it covered.
    public var stopRequest: StopRequest?
    /// Where the states of the level being expanded and of the next one are kept, in two
    /// unlinked files, rather than in memory (`LevelFile`): for searches larger than memory.
    /// Only for a model whose states are plain bytes; others keep their levels in memory.
    public var levelDirectory: String?
    /// Where the levels go when, kept in memory, they would outgrow the memory budget: the
    /// search moves them into unlinked files here before expanding the level that would, and
    /// goes on (`ExplorationResult.levelsMoved` says so). Nil: the search stops at the budget.
    /// Unused with `levelDirectory` (the levels are in files from the start), and for states
    /// that are not plain bytes (a Reference's target's), which stay in memory.
    public var spillDirectory: String?
    /// The bytes each level file may hold before a write fails as on a full disk: how tests
    /// fill a disk up. Nil: what the disk takes.
    var levelFileLimit: Int?
    /// This process's part in a search split across processes (`ShardPlan`); nil: the search
    /// is this process's alone. With a plan, each process runs one thread and no state, time
    /// or memory budget, and keeps its levels in memory.
    public var shard: ShardPlan?
    /// Count states that differ by a renaming of interchangeable entities once.
    public var symmetry: Bool = false
    /// The properties to check, by id; nil checks every property checked by default.
    public var propertyIDs: [String]?
    /// Whether a reachable state with no enabled action (and not a legal end) is a finding.
    public var checkDeadlock: Bool = true
    /// Stop after the level in which the first violation was found.
    public var stopAtFirstViolation: Bool = false
    /// Skip a state property on a state whose step changed none of the parts it reads
    /// (`Property.footprint`), taking the parent's verdict. Off: every property runs on every
    /// state, which is how a test holds a model's footprints to their word.
    public var useFootprints: Bool = true
    /// Called from a worker thread at most once per `progressInterval` seconds, across levels.
    public var progress: (@Sendable (ExplorationProgress) -> Void)?
    public var progressInterval: Double = 1
    /// Entries the canonical memo of a symmetric search starts with (a power of two); nil
    /// takes as many as fit a sixteenth of the memory budget, up to
    /// `CanonicalMemo.initialEntries`. Tests make it tiny, so that entries clash all the time.
    var canonicalMemoEntries: Int?
    /// Whether the canonical memo grows between levels with the states found. Tests turn it
    /// off to keep a tiny memo tiny.
    var canonicalMemoGrows = true

    public init() {}

    /// The budget in force: the one given, or three quarters of physical memory.
    public var memoryBudget: Int { maxMemoryBytes ?? ExplorationOptions.physicalMemory / 4 * 3 }

    public static var physicalMemory: Int {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1 << 30, Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))))
        #else
        return 8 << 30
        #endif
    }

    public static var availableCores: Int {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}

/// A flag another thread raises to stop a search (see `ExplorationOptions.stopRequest`).
public final class StopRequest: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    public func raise() { raised.store(true, ordering: .relaxed) }
    public var isRaised: Bool { raised.load(ordering: .relaxed) }
}

/// A snapshot of a running search, for a progress line.
public struct ExplorationProgress: Sendable {
    public let generated: Int
    public let distinct: Int
    public let queue: Int
    public let depth: Int
    public let seconds: Double
    public var statesPerSecond: Double { seconds > 0 ? Double(distinct) / seconds : 0 }
}

/// Settings that make a search impossible; thrown before anything is explored.
public enum ExplorationError: Error, Sendable, Equatable, CustomStringConvertible {
    case symmetryUnsupported(model: String)
    case unknownProperty(id: String, known: [String])
    case invalidWorkers(Int)
    case invalidBudget(String)
    case noInitialStates(model: String)
    /// The state type is declared `PlainDataState` but breaks its rules: the reason, naming the type.
    case notPlainData(String)
    case levelFile(LevelFileError)
    /// A search split across processes (`ShardPlan`) met files it must not read: another
    /// run's, another search's, or damaged ones. Nothing is read from them.
    case exchange(String)

    public var description: String {
        switch self {
        case .symmetryUnsupported(let model):
            return "model \(model) declares no interchangeable entities, so symmetry reduction cannot be applied"
        case .unknownProperty(let id, let known):
            return "unknown property '\(id)'; known: \(known.joined(separator: ", "))"
        case .invalidWorkers(let count):
            return "workers must be at least 1 (got \(count))"
        case .invalidBudget(let text):
            return text
        case .noInitialStates(let model):
            return "model \(model) has no initial state"
        case .levelFile(let error):
            return error.description
        case .notPlainData(let reason):
            return reason
        case .exchange(let reason):
            return reason
        }
    }
}

extension Model {
    /// Refuses a state type that is declared plain data and is not (see `PlainDataState`).
    func checkPlainData(_ initials: [State]) throws(ExplorationError) {
        guard let sample = initials.first as? any PlainDataState, let problem = PlainDataLayout.problem(in: sample) else { return }
        throw .notPlainData(problem)
    }
}
