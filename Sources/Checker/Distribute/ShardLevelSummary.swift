/// What one process found at one level of a split search, published last among its files for
/// that level: its presence tells the others the process has finished the level.
///
/// The level's check (its states' invariants and reachability properties) and its expansion
/// (their successors, the action properties, the deadlocks) are kept apart because the merge
/// (`ShardTally`) takes them at different moments, as a single process's search does.
struct ShardLevelSummary: Equatable {
    /// A property's first finding in this process's part of the level: the path of action
    /// indices from an initial state (`ShardPath`) to the state, or for an action property to
    /// the step, that shows it.
    struct Finding: Equatable {
        let property: Int
        let path: [UInt32]
        let witness: String
    }

    /// The states this process kept at the level (new to the whole search), and how many of
    /// them each kind of action reached first.
    var kept = 0
    var newStates: [Int]
    var checkExercised: [Int]
    var checkFindings: [Finding] = []
    /// Whether the level was expanded: not at the depth bound.
    var expanded = false
    var generated = 0
    var enabled: [Int]
    var expandExercised: [Int]
    var expandFindings: [Finding] = []
    var deadlock: [UInt32]?
    /// The exchange failed under this process (a full disk): the run stops.
    var failure: String?
    /// This process was asked to stop (Ctrl-C, SIGTERM): the run stops.
    var interrupted = false

    init(actionKinds: Int, properties: Int) {
        newStates = Array(repeating: 0, count: actionKinds)
        enabled = Array(repeating: 0, count: actionKinds)
        checkExercised = Array(repeating: 0, count: properties)
        expandExercised = Array(repeating: 0, count: properties)
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.put(kept)
        writer.put(newStates)
        writer.put(checkExercised)
        Self.put(checkFindings, into: &writer)
        writer.put(expanded)
        writer.put(generated)
        writer.put(enabled)
        writer.put(expandExercised)
        Self.put(expandFindings, into: &writer)
        writer.put(deadlock != nil)
        if let deadlock { writer.put(path: deadlock) }
        writer.put(failure != nil)
        if let failure { writer.put(failure) }
        writer.put(interrupted)
        return writer.bytes
    }

    init(from reader: inout ByteReader, actionKinds: Int, properties: Int) throws(ExchangeDamage) {
        kept = try reader.int()
        newStates = try reader.ints()
        checkExercised = try reader.ints()
        checkFindings = try Self.findings(from: &reader, properties: properties)
        expanded = try reader.bool()
        generated = try reader.int()
        enabled = try reader.ints()
        expandExercised = try reader.ints()
        expandFindings = try Self.findings(from: &reader, properties: properties)
        deadlock = try reader.bool() ? try reader.path() : nil
        failure = try reader.bool() ? try reader.string() : nil
        interrupted = try reader.bool()
        guard reader.atEnd, kept >= 0, generated >= 0, newStates.count == actionKinds, enabled.count == actionKinds,
            checkExercised.count == properties, expandExercised.count == properties
        else { throw ExchangeDamage(offset: reader.offset) }
    }

    private static func put(_ findings: [Finding], into writer: inout ByteWriter) {
        writer.put(findings.count)
        for finding in findings {
            writer.put(finding.property)
            writer.put(path: finding.path)
            writer.put(finding.witness)
        }
    }

    private static func findings(from reader: inout ByteReader, properties: Int) throws(ExchangeDamage) -> [Finding] {
        let count = try reader.int()
        guard (0...properties).contains(count) else { throw ExchangeDamage(offset: reader.offset) }
        var findings: [Finding] = []
        for _ in 0..<count {
            let property = try reader.int()
            guard (0..<properties).contains(property) else { throw ExchangeDamage(offset: reader.offset) }
            findings.append(Finding(property: property, path: try reader.path(), witness: try reader.string()))
        }
        return findings
    }
}

/// A state's place in the search: the index of its initial state, then the index of each
/// step's action among those enabled where it was taken. Breadth-first search in frontier
/// order keeps, of each state, the first path in this order among its shortest, and finds
/// first the finding whose path comes first: so every process, comparing paths, picks the
/// state, the parent and the counterexample that one process would.
enum ShardPath {
    @inline(__always)
    static func precedes<Left: Collection<UInt32>, Right: Collection<UInt32>>(_ left: Left, _ right: Right) -> Bool {
        left.lexicographicallyPrecedes(right)
    }
}
