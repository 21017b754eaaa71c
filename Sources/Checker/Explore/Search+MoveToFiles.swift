extension Search {
    /// What each successor costs a level expanded in memory, as the expansion counts it
    /// against the memory budget: a candidate and (at worst) a slot in the next level,
    /// counted at the state's size (what a state points to is not), its row of applied
    /// invariants, its parent link, with symmetry its hint three times (with the candidate,
    /// the origin and the next level), its place in its chunk's order by shard, and its slot
    /// in the visited set three times over (the tables a growing shard replaces are freed
    /// only when the level's merge is over).
    var successorBytesInMemory: Int {
        MemoryLayout<ChunkOutput<M>.Candidate>.stride + MemoryLayout<M.State>.stride + MemoryLayout<UInt32>.stride
            + (compiled.invariantWords + (options.symmetry ? 7 : 4)) * MemoryLayout<UInt64>.stride
    }

    /// Whether expanding `frontier` in memory would likely pass the memory budget: its
    /// successors guessed from the last level's per state, a quarter more for a level that
    /// branches more, each counted as the expansion counts it (`successorBytesInMemory`).
    /// A level that outgrows the guess still stops at the budget, as without files.
    func levelWouldOutgrowMemory(frontier: LevelStates<M.State>, hints: LevelStates<UInt64>) -> Bool {
        guard lastLevel.states > 0 else { return false }
        let successors = Double(frontier.count) * Double(lastLevel.generated) / Double(lastLevel.states) * 1.25
        let held = Double(fixedBytes + frontier.bytes + hints.bytes)
        return held + successors * Double(successorBytesInMemory) > Double(options.memoryBudget)
    }

    /// Moves the levels into unlinked files in `directory` (`LevelFiles`): the frontier is
    /// written there and its memory given back, and the next levels are built there. If the
    /// files cannot be made, or the frontier not written, the levels stay in memory and the
    /// result says why. States that are not plain bytes stay in memory, and nothing is said.
    mutating func moveLevelsToFiles(
        _ directory: String, frontier: inout LevelStates<M.State>, next: inout LevelStates<M.State>
    ) {
        let files: LevelFiles<M>
        do {
            guard let made = try LevelFiles<M>(directory: directory, limit: options.levelFileLimit) else { return }
            files = made
        } catch {
            levelsMoved = LevelsMoved(level: depth, directory: directory, failure: error.description)
            return
        }
        let moved = LevelStates<M.State>(reserving: options.memoryBudget, file: files.states.0)
        moved.replace(with: frontier.states)
        if let failure = files.failure {
            levelsMoved = LevelsMoved(level: depth, directory: directory, failure: failure)
            return
        }
        frontier = moved
        next = LevelStates(reserving: options.memoryBudget, file: files.states.1)
        levelFiles = files
        levelsMoved = LevelsMoved(level: depth, directory: directory, failure: nil)
    }
}
