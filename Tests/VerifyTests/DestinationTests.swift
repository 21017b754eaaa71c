import Foundation
import Testing
@testable import VerifyKit

/// A run can take hours: where it writes is tried before it starts, and what it found is
/// never lost to a file that cannot be written.
@Suite("Where a run writes")
struct DestinationTests {
    /// Each command line is a short run, so that if the destination were tried only at the
    /// end, the run would finish and print its report: `out` would not be empty.
    @Test("A destination that cannot take the report is refused before the run, with exit 2", arguments: [
        (["check", "--output", "/nonexistent/folder/report.txt"], "cannot write '/nonexistent/folder/report.txt': the folder '/nonexistent/folder' does not exist"),
        (["check", "--output", "/"], "cannot write '/': it is a folder"),
        (["check", "--trace-dir", "/etc/passwd"], "cannot use '/etc/passwd' as the trace directory: it is a file"),
        (["check", "--trace-dir", "/etc/passwd/traces"], "cannot create the trace directory '/etc/passwd/traces': Not a directory"),
        (["simulate", "--walks", "1", "--steps", "3", "--trace-dir", "/etc/passwd"], "cannot use '/etc/passwd' as the trace directory: it is a file"),
        (["check", "--levels-dir", "/nonexistent/levels"], "--levels-dir '/nonexistent/levels' is not a folder"),
        (["check", "--levels-dir", "/etc/passwd"], "--levels-dir '/etc/passwd' is not a folder"),
    ])
    func refusedBeforeTheRun(arguments: [String], message: String) {
        let short = arguments[0] == "check" ? ["--quiet", "--target", "spec", "--set", "depth=2"] : []
        let result = runVerify(arguments + short)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("verify: \(message)\n"), "got: \(result.err.prefix(200))")
        #expect(result.out.isEmpty)
    }

    /// The levels' files are unlinked as they are made: the folder is left as it was, and
    /// the report is the one a run in memory gives.
    @Test("Levels kept in files give the report levels in memory give, and leave no file behind", arguments: ["off", "on"])
    func levelsInFiles(symmetry: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = ["check", "--scope", "ci", "--quiet", "--target", "spec", "--workers", "2", "--symmetry", symmetry, "--format", "json"]
        let inMemory = runVerify(run), inFiles = runVerify(run + ["--levels-dir", directory.path])
        #expect(inMemory.code == 0 && inFiles.code == 0)
        let timeless = { (text: String) in text.split(separator: "\n").filter { !$0.contains("seconds") } }
        #expect(timeless(inFiles.out) == timeless(inMemory.out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// In files, a level's states take no memory: the budget counts what the level holds,
    /// so a budget that would stop a search in memory lets it finish in files, moved there
    /// by default (`LevelsDefault`) and saying so, and a smaller one still stops it with exit 3.
    @Test("A memory budget that would stop the search in memory lets it finish with its levels in files")
    func levelsInFilesWithinBudget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = ["check", "--scope", "ci", "--quiet", "--target", "spec", "--workers", "2"]
        let moved = runVerify(run + ["--max-memory", "16"])
        let inFiles = runVerify(run + ["--max-memory", "16", "--levels-dir", directory.path])
        let tooSmall = runVerify(run + ["--max-memory", "2", "--levels-dir", directory.path])
        let folder = try #require(LevelsDefault.directory())
        #expect(moved.code == 0 && moved.out.contains("183,372 distinct states"), "\(moved.out)")
        #expect(moved.out.contains("levels: in files in \(folder) from level "), "\(moved.out)")
        #expect(inFiles.code == 0 && inFiles.out.contains("183,372 distinct states"))
        #expect(!inFiles.out.contains("levels: "))
        #expect(tooSmall.code == 3 && tooSmall.out.contains("memory budget"))
    }

    @Test("Levels move to $TMPDIR when it names a folder one may write in, else to /var/tmp")
    func defaultFolderForLevels() {
        let here = FileManager.default.temporaryDirectory.path
        let fallback = access("/var/tmp", W_OK | X_OK) == 0 ? "/var/tmp" : nil
        #expect(LevelsDefault.directory(environment: ["TMPDIR": here]) == here)
        #expect(LevelsDefault.directory(environment: ["TMPDIR": "/nonexistent"]) == fallback)
        #expect(LevelsDefault.directory(environment: ["TMPDIR": ""]) == fallback)
    }

    @Test("Trying the trace directory leaves no file in it")
    func traceDirectoryLeftClean() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)/traces")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--target", "spec", "--set", "depth=2", "--trace-dir", directory.path])
        #expect(result.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("A report that cannot be written at the end goes to standard output, and the error follows")
    func lateFailureLosesNothing() {
        let console = Console()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)/report.txt").path
        #expect(throws: UsageError("cannot write '\(path)': No such file or directory; the report is on standard output instead")) {
            try Output.deliver("result: holds", to: path, console: console)
        }
        #expect(console.standardOutput == "result: holds\n")
    }
}
