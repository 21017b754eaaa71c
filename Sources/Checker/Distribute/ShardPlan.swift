import Synchronization

/// This process's part in one search split across processes and machines
/// (`ExplorationOptions.shard`): process `index` of `count` owns the states whose fingerprint
/// falls to it, expands them, and sends each successor to its owner through files in
/// `directory`, a folder every process sees (a local disk, NFS, a mounted volume). Every
/// process merges the same files in the same order, so each ends with the whole result, the
/// same as one process's: the same counts, verdicts and shortest counterexamples.
///
/// One plan serves every search of a run (a check's targets and scopes, in the same order
/// in every process): each takes the next number and a folder of that number.
public final class ShardPlan: Sendable {
    public let index: Int
    public let count: Int
    public let directory: String
    /// What every process of the run must share, in words: the build and what is checked.
    /// A process whose identity differs from the run's in the folder is refused.
    public let identity: String
    /// How long a process waits for the others to finish a level before the run stops
    /// incomplete (a process that never comes back).
    public let waitLimit: Double
    /// Tests only: the process stops as if killed once it has published this level.
    let crashAfterLevel: Int?
    private let searches = Atomic<Int>(0)
    private let tally = Mutex(ShardFigures())
    /// The run's identity as a number, in every file's header.
    let runHash: UInt64

    public convenience init(index: Int, count: Int, directory: String, identity: String, waitLimit: Double = 600) {
        self.init(
            index: index, count: count, directory: directory, identity: identity, waitLimit: waitLimit,
            crashAfterLevel: nil)
    }

    init(index: Int, count: Int, directory: String, identity: String, waitLimit: Double, crashAfterLevel: Int?) {
        precondition(count >= 1 && (0..<count).contains(index), "shard \(index) of \(count) does not exist")
        self.index = index
        self.count = count
        self.directory = directory
        self.identity = identity
        self.waitLimit = waitLimit
        self.crashAfterLevel = crashAfterLevel
        var hasher = StableHasher(seed: 0x5348_4152_4453)
        hasher.combine(identity)
        hasher.combine(count)
        runHash = hasher.fingerprint()
    }

    /// The process that owns a state: the fingerprint's low 32 bits, spread over the count. Not
    /// its high bits: the visited set places a fingerprint by those, and a part whose states all
    /// shared them would fill one stretch of its table.
    @inline(__always)
    func owner(of fingerprint: UInt64) -> Int {
        Int(truncatingIfNeeded: ((fingerprint & 0xFFFF_FFFF) &* UInt64(count)) >> 32)
    }

    /// What this process has done so far, over every search of the run.
    public var figures: ShardFigures { tally.withLock { $0 } }

    func add(levels: Int = 0, kept: Int = 0, sent: Int = 0, waited: Double = 0) {
        tally.withLock {
            $0.levels += levels
            $0.kept += kept
            $0.bytesSent += sent
            $0.secondsWaiting += waited
        }
    }

    /// The number of the next search of the run, from 1; the first also enrols this process
    /// in the run's folder, refusing a folder that holds another run.
    func nextSearch() throws(ExplorationError) -> Int {
        let number = searches.add(1, ordering: .relaxed).newValue
        if number == 1 { try enrol() }
        return number
    }

    /// The run's manifest, `run` in the folder: written by the first process to come, read
    /// and compared by every other.
    private func enrol() throws(ExplorationError) {
        let manifest = "ridecheck exchange \(ExchangeEnvelope.format)\nshards \(count)\n\(identity)\n"
        let exchange = ExchangeDirectory(root: directory)
        let existing: [UInt8]
        do {
            existing = try exchange.create(Array(manifest.utf8), at: "\(directory)/run")
        } catch {
            throw .exchange("the exchange folder \(directory): \(error.reason)")
        }
        let found = String(decoding: existing, as: UTF8.self)
        guard found == manifest else {
            throw .exchange(
                """
                the exchange folder \(directory) holds another run: remove it, or give each run a folder of its own
                  that run:  \(found.split(separator: "\n").dropFirst().joined(separator: "; "))
                  this one:  \(manifest.split(separator: "\n").dropFirst().joined(separator: "; "))
                """)
        }
    }
}

/// What one process of a split run has done, for the line it ends with: how much it sent the
/// others and how long it waited for them.
public struct ShardFigures: Sendable, Equatable {
    /// Levels finished, over every search.
    public var levels = 0
    /// States this process kept (owned and new).
    public var kept = 0
    /// Bytes of successors written for the others (and itself) to read.
    public var bytesSent = 0
    /// Seconds spent waiting for the others to finish a level.
    public var secondsWaiting: Double = 0
}
