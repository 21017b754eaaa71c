import Checker
import Foundation

/// `--shard I/N`, `--exchange DIR` and `--shard-wait S`: this process's part in one check
/// split across processes and machines (`ShardPlan`), as a batch system starts them.
enum ShardOptions {
    static let specs: [OptionSpec] = [
        .value(
            "shard", "I/N",
            "run part I of N of one check split across processes (I from 0); N alone takes I "
                + "from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm); needs --exchange"),
        .value(
            "exchange", "DIR",
            "the folder every part of a split check shares (a local disk, NFS, a mounted volume); "
                + "part 0 writes the report"),
        .value(
            "shard-wait", "S",
            "seconds a part waits for the others at a level before the check stops incomplete "
                + "(default 600)"),
    ]

    /// The options a split check does without: each process runs one thread, with no budget.
    static let refused = ["max-states", "max-seconds", "max-memory", "levels-dir", "implementation", "workers"]

    /// The options that do not change what is checked, left out of the run's identity: every
    /// part may write elsewhere or print otherwise.
    static let local = ["shard", "exchange", "shard-wait", "output", "report", "trace-dir", "quiet", "format"]

    /// The plan `parsed` asks for, or nil for a check in this process alone.
    static func plan(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError) -> ShardPlan?
    {
        guard let text = parsed.value("shard") else {
            for option in ["exchange", "shard-wait"] where parsed.value(option) != nil {
                throw UsageError("--\(option) applies to a check split across processes: give --shard I/N with it")
            }
            return nil
        }
        guard let directory = parsed.value("exchange") else {
            throw UsageError("--shard needs --exchange DIR, the folder every part of the check shares")
        }
        for option in refused where parsed.value(option) != nil {
            throw UsageError("--\(option) cannot be used with --shard: "
                             + "each part runs one thread, with no budget, its levels in memory")
        }
        guard parsed.value("model") != "all" else {
            throw UsageError("--shard splits one model's check: give --model NAME")
        }
        let (index, count) = try indexAndCount(text, environment: environment)
        let wait = try waitLimit(parsed)
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError("--exchange '\(directory)' cannot be made: \(error.localizedDescription)")
            }
        } else if !isFolder.boolValue {
            throw UsageError("--exchange '\(directory)' is not a folder")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw UsageError("--exchange '\(directory)': \(String(cString: strerror(errno)))")
        }
        return ShardPlan(index: index, count: count, directory: directory, identity: identity(parsed), waitLimit: wait)
    }

    static func indexAndCount(_ text: String, environment: [String: String]) throws(UsageError) -> (Int, Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let count = Int(parts.last!), (1...4096).contains(count) else {
            throw UsageError("--shard needs I/N or N, with N from 1 to 4096, not '\(text)'")
        }
        let index: Int
        if parts.count == 2 {
            guard let given = Int(parts[0]) else { throw UsageError("--shard needs I/N, not '\(text)'") }
            index = given
        } else if let job = environment["JOB_COMPLETION_INDEX"] {
            guard let given = Int(job) else { throw UsageError("JOB_COMPLETION_INDEX is '\(job)', not a number") }
            index = given
        } else if let task = environment["SLURM_ARRAY_TASK_ID"] {
            let first = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            guard let given = Int(task) else { throw UsageError("SLURM_ARRAY_TASK_ID is '\(task)', not a number") }
            index = given - first
        } else {
            throw UsageError(
                "--shard \(text) takes its index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, "
                    + "and neither is set: give --shard I/\(count)")
        }
        guard (0..<count).contains(index) else {
            throw UsageError("--shard: part \(index) does not exist; the parts of \(count) are 0 to \(count - 1)")
        }
        return (index, count)
    }

    static func waitLimit(_ parsed: ParsedArguments) throws(UsageError) -> Double {
        guard let text = parsed.value("shard-wait") else { return 600 }
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw UsageError("--shard-wait needs seconds between 0 and 86400, not '\(text)'")
        }
        return seconds
    }

    /// What every part must share: this build (its executable's bytes) and every option that
    /// changes what is checked.
    static func identity(_ parsed: ParsedArguments) -> String {
        let options = parsed.values.keys.sorted().filter { !local.contains($0) }
            .map { key in "--\(key) \(parsed.values[key]!.joined(separator: " --\(key) "))" }
        return "build \(buildFingerprint)\ncheck \(options.joined(separator: " "))"
    }

    /// What a part says when it is done, on standard error: its share of the work, what it
    /// sent the others, and how long it waited for them.
    static func closingLine(_ plan: ShardPlan) -> String {
        let figures = plan.figures
        let perState = figures.kept > 0 ? " (\(figures.bytesSent / figures.kept) bytes per state kept)" : ""
        return "verify: part \(plan.index) of \(plan.count): "
            + "\(grouped(figures.kept)) states kept in \(figures.levels) levels, "
            + "\(grouped(figures.bytesSent >> 10)) KB sent\(perState), "
            + "\(String(format: "%.2f", figures.secondsWaiting)) s waiting for the other parts"
            + (plan.index == 0 ? "" : "; part 0 writes the report")
    }

    /// The running executable's bytes as a number: parts of one run must run one build.
    static let buildFingerprint: String = {
        guard let url = Bundle.main.executableURL, let data = try? Data(contentsOf: url, options: .alwaysMapped) else {
            return "unknown"
        }
        return String(data.withUnsafeBytes { StableHasher.fingerprint(ofRawBytes: $0) }, radix: 16)
    }()
}
