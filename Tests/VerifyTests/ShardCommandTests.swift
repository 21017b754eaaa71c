import Foundation
import Testing

/// `verify check --shard I/N --exchange DIR`: one check split across processes, run here as
/// the batch systems run it (Examples/Cluster): N processes of the tool sharing a folder,
/// each told its index on the command line or by the scheduler's variable.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: UnixToolTests.tool),
        "needs the verify tool built beside the tests (swift build)"))
struct ShardCommandTests {
    static let check = [
        "check", "--model", "mytaxi", "--scope", "ci", "--set", "depth=5", "--quiet", "--format", "json",
    ]

    /// The JSON report less what the machine measures: times, rates, memory, workers.
    static func verdicts(_ json: String) throws -> String {
        // A split run's collision probability is its own too: its keys are 128 bits wide.
        let measured: Set<String> = [
            "seconds", "statesPerSecond", "workers", "visitedSetBytes", "traceLogBytes",
            "canonicalForms", "canonicalMemoBytes", "collisionProbability",
        ]
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !measured.contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return String(
            decoding: try JSONSerialization.data(withJSONObject: strip(object), options: [.sortedKeys]), as: UTF8.self)
    }

    /// The tool started with `arguments`, its output and errors in pipes (each a few lines).
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: UnixToolTests.tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> (code: Int32, out: String, err: String) {
        let text = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: started.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.0.waitUntilExit()
        return (started.0.terminationStatus, text, errors)
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "ridecheck-exchange-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Two, then three processes report what one does, the index given or taken from the scheduler")
    func splitMatchesOneProcess() throws {
        let alone = runVerify(Self.check + ["--inject", "acceptLeavesDriverQueued"])
        #expect(alone.code == 1)
        for (count, variable) in [(2, "JOB_COMPLETION_INDEX"), (3, "SLURM_ARRAY_TASK_ID")] {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let arguments =
                Self.check + ["--inject", "acceptLeavesDriverQueued", "--shard", "\(count)", "--exchange", folder]
            let parts = try (0..<count).map { index in
                try Self.start(arguments, environment: [variable: "\(index)", "SLURM_ARRAY_TASK_MIN": "0"])
            }
            let results = parts.map(Self.finish)
            #expect(results[0].code == 1)
            #expect(try Self.verdicts(results[0].out) == Self.verdicts(alone.out), "\(count) parts")
            for result in results.dropFirst() {
                #expect(result.code == 0 && result.out.isEmpty, "a part other than 0 writes no report")
                #expect(result.err.contains("states kept in") && result.err.contains("part 0 writes the report"),
                        "\(result.err)")
            }
        }
    }

    @Test("A part killed in the middle of a level and started again carries on to the same report")
    func killedPartCarriesOn() throws {
        let alone = runVerify(Self.check)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = { (index: Int) in Self.check + ["--shard", "\(index)/2", "--exchange", folder] }
        let first = try Self.start(arguments(0))
        let doomed = try Self.start(arguments(1))
        // Killed once it has published level 3 of the first search, at work on level 4.
        let marker = folder + "/search-1/level-3/summary-1"
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(doomed.0.processIdentifier, SIGKILL)
        doomed.0.waitUntilExit()
        #expect(doomed.0.terminationReason == .uncaughtSignal)
        let again = Self.finish(try Self.start(arguments(1)))
        let report = Self.finish(first)
        #expect(report.code == 0 && again.code == 0)
        #expect(try Self.verdicts(report.out) == Self.verdicts(alone.out))
    }

    @Test(
        "Another run's folder, and options a split check cannot take, are refused with exit 2",
        arguments: [
            (["--shard", "0/2"], "--shard needs --exchange DIR"),
            (["--exchange", "/tmp"], "--exchange applies to a check split across processes"),
            (["--shard", "2/2", "--exchange", "/tmp"], "part 2 does not exist"),
            (
                ["--shard", "0/2", "--exchange", "/tmp", "--max-states", "9"],
                "--max-states cannot be used with --shard"
            ),
            (["--shard", "x/2", "--exchange", "/tmp"], "--shard needs I/N"),
        ])
    func refused(arguments: [String], message: String) {
        let result = runVerify(["check", "--model", "mytaxi", "--scope", "ci"] + arguments)
        #expect(result.code == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("A folder that holds another run is refused by name")
    func anotherRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let small = [
            "check", "--model", "mytaxi", "--scope", "ci", "--set", "depth=2", "--quiet", "--exchange", folder,
        ]
        #expect(Self.finish(try Self.start(small + ["--shard", "0/1"])).code == 0)
        let other = Self.finish(try Self.start(small + ["--shard", "0/3"]))
        #expect(other.code == 2)
        #expect(other.err.contains("holds another run") && other.err.contains("shards 1")
                    && other.err.contains("shards 3"),
                "\(other.err)")
    }
}
