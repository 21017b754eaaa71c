/// The whole search's figures, merged from every process's level summaries in level order.
/// Every process merges the same summaries the same way, so each knows when the search stops
/// and why, and holds the same result; the order of the merge is `Search.run`'s, step for step,
/// which is what makes a split search report what one process would.
struct ShardTally {
    let kinds: [PropertyKind]
    let initialStatesOnly: [Bool]
    let maxDepth: Int?
    let stopAtFirstViolation: Bool
    var decided: [Bool]
    var exercised: [Int]
    var findings: [ShardLevelSummary.Finding?]
    var deadlock: [UInt32]?
    var coverage: [ActionCoverage]
    var generated = 0
    var distinct = 0
    /// Levels that hold a state (TLC's depth).
    var levels = 0
    /// Why the search stopped, once it has, with the system's words for a failed exchange.
    var stop: (reason: StopReason, detail: String?)?

    init(
        kinds: [PropertyKind], initialStatesOnly: [Bool], actionKindNames: [String], maxDepth: Int?,
        stopAtFirstViolation: Bool
    ) {
        self.kinds = kinds
        self.initialStatesOnly = initialStatesOnly
        self.maxDepth = maxDepth
        self.stopAtFirstViolation = stopAtFirstViolation
        decided = Array(repeating: false, count: kinds.count)
        exercised = Array(repeating: 0, count: kinds.count)
        findings = Array(repeating: nil, count: kinds.count)
        coverage = actionKindNames.map { ActionCoverage(name: $0, enabled: 0, fired: 0, newStates: 0) }
    }

    /// Takes in every process's summary of `level` (in process order) and says whether the
    /// search goes on to the next level. The level's check comes first, with the stops a single
    /// search makes after a check; then the depth bound; then the level's expansion.
    mutating func absorb(level: Int, _ summaries: [ShardLevelSummary]) -> Bool {
        if let failed = summaries.firstIndex(where: { $0.failure != nil }) {
            stop = (.levelFiles, "shard \(failed): \(summaries[failed].failure!)")
            return false
        }
        if summaries.contains(where: \.interrupted) {
            stop = (.interrupted, nil)
            return false
        }
        let kept = summaries.reduce(0) { $0 + $1.kept }
        for summary in summaries {
            for kind in coverage.indices { coverage[kind].newStates += summary.newStates[kind] }
        }
        take(summaries.map(\.checkExercised), summaries.map(\.checkFindings))
        distinct += kept
        if kept > 0 { levels += 1 }
        if level == 0 {
            // A property of the initial states alone has said all it will.
            for number in kinds.indices where initialStatesOnly[number] { decided[number] = true }
        } else {
            if stopAtFirstViolation
                && (findings.contains { $0 != nil && kinds[$0!.property] != .reachability } || deadlock != nil)
            {
                stop = (.firstViolation, nil)
                return false
            }
            if !decided.isEmpty && decided.allSatisfy({ $0 }) {
                stop = (.allDecided, nil)
                return false
            }
        }
        if kept == 0 {
            stop = (.exhausted, nil)
            return false
        }
        if let maxDepth, level >= maxDepth {
            stop = (.depthBound, nil)
            return false
        }
        precondition(summaries.allSatisfy(\.expanded), "a level below the depth bound was not expanded")
        for summary in summaries {
            generated += summary.generated
            for kind in coverage.indices {
                // Every enabled action is fired: one count serves both columns.
                coverage[kind].enabled += summary.enabled[kind]
                coverage[kind].fired += summary.enabled[kind]
            }
        }
        if deadlock == nil {
            deadlock = summaries.compactMap(\.deadlock).min(by: ShardPath.precedes)
        }
        take(summaries.map(\.expandExercised), summaries.map(\.expandFindings))
        return true
    }

    /// Adds the counts, and decides each undecided property by the finding whose path comes
    /// first among the processes'.
    private mutating func take(_ counts: [[Int]], _ found: [[ShardLevelSummary.Finding]]) {
        for count in counts {
            for number in exercised.indices { exercised[number] += count[number] }
        }
        var first: [ShardLevelSummary.Finding?] = Array(repeating: nil, count: kinds.count)
        for finding in found.joined() where !decided[finding.property] {
            if let best = first[finding.property], !ShardPath.precedes(finding.path, best.path) { continue }
            first[finding.property] = finding
        }
        for case let finding? in first {
            decided[finding.property] = true
            findings[finding.property] = finding
        }
    }
}
