import Dispatch
import Synchronization

/// Breadth-first search over every reachable state up to a bound, checking the selected
/// properties at every state and transition.
///
/// The search is level-synchronous, which is what makes its answers independent of the
/// number of workers:
/// 1. **Expand** (parallel): workers claim fixed chunks of the current level, list each
///    state's enabled actions, compute successors, check action properties on transitions,
///    and drop successors whose fingerprint is already in the visited set.
/// 2. **Merge** (parallel, while later chunks are still being expanded: `LevelMerge`):
///    each shard of the visited set takes its part of every chunk in chunk order, and each
///    chunk's new states get their ids, parent links and origins at the chunk's place in
///    the level. Then the coordinator takes each property's first finding in (state,
///    action) order.
/// 3. **Check** (parallel): workers claim chunks of the next level and check invariants and
///    reachability properties on its states. After the merge each distinct state is checked
///    once; in the bench scope a level's successors not seen before hold each state 3.3
///    times on average, reached from different parents.
///
/// A finding is recorded at the level it first appears, so its trace is a shortest one;
/// and the choice among findings of the same level follows frontier order, so it is the
/// same for 1 worker or 16. The distinct-state count never depends on the worker count.
public struct BreadthFirstExplorer<M: Model>: Sendable {
    public let model: M
    /// The model's performance hooks, asked once (`Model.hooks`).
    let hooks: M.Hooks
    public let options: ExplorationOptions
    /// How many action kinds coverage counts (asked once: a model may build the names).
    let actionKindCount: Int

    public init(model: M, options: ExplorationOptions = ExplorationOptions()) {
        self.model = model
        hooks = model.hooks
        self.options = options
        actionKindCount = model.actionKindNames.count
    }

    public func run() throws(ExplorationError) -> ExplorationResult<M> {
        let selected = try selectProperties()
        guard options.workers >= 1 else { throw .invalidWorkers(options.workers) }
        if options.symmetry && !model.supportsSymmetry { throw .symmetryUnsupported(model: model.name) }
        if let states = options.maxStates, states < 1 { throw .invalidBudget("the state budget must be at least 1") }
        if let seconds = options.maxSeconds, !(seconds > 0) { throw .invalidBudget("the time budget must be positive") }
        if let memory = options.maxMemoryBytes, memory < 1 { throw .invalidBudget("the memory budget must be positive") }
        let initials = model.initialStates
        guard !initials.isEmpty else { throw .noInitialStates(model: model.name) }
        try model.checkPlainData(initials)

        if let plan = options.shard {
            guard options.maxStates == nil, options.maxSeconds == nil, options.maxMemoryBytes == nil,
                  options.levelDirectory == nil
            else {
                throw .invalidBudget(
                    "a search split across processes takes no state, time or memory budget and no level files")
            }
            var search = try ShardedSearch(explorer: self, properties: selected, plan: plan)
            return try search.run(initials: initials)
        }
        var levelFiles: LevelFiles<M>?
        if let directory = options.levelDirectory {
            do {
                levelFiles = try LevelFiles(directory: directory, limit: options.levelFileLimit)
            } catch {
                throw .levelFile(error)
            }
        }
        var search = Search(explorer: self, properties: selected, levelFiles: levelFiles)
        return search.run(initials: initials)
    }

    func selectProperties() throws(ExplorationError) -> [Property<M>] {
        let all = model.properties
        guard let ids = options.propertyIDs else { return all.filter(\.checkedByDefault) }
        var chosen: [Property<M>] = []
        for id in ids {
            guard let property = all.first(where: { $0.id == id }) else {
                throw .unknownProperty(id: id, known: all.map(\.id))
            }
            if !chosen.contains(where: { $0.id == id }) { chosen.append(property) }
        }
        return chosen
    }

    /// Whether the time budget, counted from `start`, is spent, or the search was asked to
    /// stop: both end it the same way, at the next chunk.
    func outOfTime(since start: ContinuousClock.Instant) -> Bool {
        if options.stopRequest?.isRaised == true { return true }
        guard let limit = options.maxSeconds else { return false }
        return Search<M>.seconds(since: start) >= limit
    }

    /// Why `outOfTime` said so.
    var timeStop: StopReason { options.stopRequest?.isRaised == true ? .interrupted : .timeBudget }

    /// The fingerprint under which a state is recorded as visited.
    func key(of state: M.State) -> UInt64 {
        var state = state, scratch = state
        return withUnsafePointer(to: &state) { state in
            withUnsafeMutablePointer(to: &scratch) { key(at: state, scratch: $0) }
        }
    }

    /// The same, for a state read in place; with symmetry, its canonical form is written over
    /// `scratch` (which holds some state) unless the state is its own, and hashed in place.
    @inline(__always)
    func key(at state: UnsafePointer<M.State>, scratch: UnsafeMutablePointer<M.State>) -> UInt64 {
        guard options.symmetry else { return M.State.fingerprint(at: state) }
        return M.State.fingerprint(at: hooks.canonicalForm(of: state, scratch: scratch))
    }
}
