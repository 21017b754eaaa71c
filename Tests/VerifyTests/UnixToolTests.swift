import Checker
import Foundation
import ModelKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Models
import Testing
@testable import VerifyKit

/// `verify` as a well-made Unix tool: where it writes, its budgets and signals, its reports of
/// incomplete runs, its lists in every format, and replay that reads what it wrote.
@Suite("verify as a Unix tool")
struct UnixToolTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let quick = ["list", "--faults", "--format", "json"]

    @Test("--output through a symbolic link writes the link's target and leaves the link")
    func outputThroughLink() throws {
        let folder = try Self.scratch()
        let target = folder.appendingPathComponent("real.json"), link = folder.appendingPathComponent("link.json")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(runVerify(Self.quick + ["--output", link.path]).code == 0)
        #expect(Output.isSymbolicLink(link.path))
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("["))
    }

    @Test("--output to a FIFO writes into it, and leaves it a FIFO")
    func outputToFIFO() async throws {
        let fifo = try Self.scratch().appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // A reader on the other end, as a pipe to another program would have.
        let reader = Task.detached { () -> String in
            let descriptor = open(fifo.path, O_RDONLY)
            defer { close(descriptor) }
            var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(runVerify(Self.quick + ["--output", fifo.path]).code == 0)
        #expect(await reader.value.hasPrefix("["))
        #expect(Output.kind(of: fifo.path) == .special)
    }

    @Test("--output to a device writes to it and leaves it a device")
    func outputToDevice() {
        #expect(runVerify(Self.quick + ["--output", "/dev/null"]).code == 0)
        #expect(Output.kind(of: "/dev/null") == .special)
    }

    @Test("--output over a file keeps the file's permissions")
    func outputKeepsMode() throws {
        let file = try Self.scratch().appendingPathComponent("report.json")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        #expect(runVerify(Self.quick + ["--output", file.path]).code == 0)
        var status = stat()
        #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o640)
    }

    @Test("A state budget covers the whole run: once spent, the targets left do not run")
    func budgetCoversTheRun() throws {
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--format", "json", "--max-states", "500"])
        #expect(result.code == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.map { $0["ran"] as? Bool } == [true, false, false])
        #expect(runs.map { $0["stopReason"] as? String } == ["state budget", "state budget", "state budget"])
        let distinct = runs.compactMap { ($0["states"] as? [String: Any])?["distinct"] as? Int }.reduce(0, +)
        #expect(distinct < 2 * 500, "one budget for all targets, not one each")
        let properties = try #require(report["properties"] as? [[String: Any]])
        #expect(properties.allSatisfy { $0["target"] as? String == "spec" }, "no property of a target that never ran")
    }

    @Test("A time budget covers the whole run")
    func timeBudgetCoversTheRun() throws {
        let result = runVerify(["check", "--quiet", "--format", "json", "--max-seconds", "0.05", "--scope", "qa"])
        #expect(result.code == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.first?["stopReason"] as? String == "time budget")
        #expect(runs.dropFirst().allSatisfy { $0["ran"] as? Bool == false })
    }

    @Test("JUnit of an incomplete run skips what it did not cover and counts checks as the other reports do")
    func junitIncomplete() throws {
        let result = runVerify(["check", "--scope", "ci", "--quiet", "--format", "junit", "--max-states", "500"])
        #expect(result.code == 3)
        #expect(result.out.contains(#"<skipped message="not covered: the run stopped (state budget) before it covered the scope"/>"#))
        #expect(result.out.contains(#"<skipped message="not run: stopped (state budget) before this target started"/>"#))
        let markdown = runVerify(["check", "--scope", "ci", "--quiet", "--format", "markdown", "--max-states", "500"]).out
        let summary = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("**") })
        // "**0 of N checks violated; M not covered ...**": JUnit's tests and skipped say the same.
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(result.out.contains(#"tests="\#(numbers[1])" failures="\#(numbers[0])""#), "\(summary)")
    }

    /// The tool itself, built beside the tests.
    static let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/verify").path

    @Test("SIGTERM ends a run as Ctrl-C does: exit 3 and the report of what it covered",
          .enabled(if: FileManager.default.isExecutableFile(atPath: tool), "needs the verify tool built beside the tests (swift build)"))
    func sigterm() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tool)
        process.arguments = ["check", "--scope", "qa", "--quiet"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Once the search has started: its handlers are installed while a run is under way.
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGTERM)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 3)
        #expect(text.contains("stopped: interrupted") && text.hasSuffix("result: incomplete\n"), "\(text)")
    }

    @Test("An interrupted bench exits 3 with no figures")
    func benchInterrupted() {
        let request = StopRequest()
        request.raise()
        let console = Console()
        let code = Verify.run(arguments: ["bench", "--repeat", "1", "--depth", "2"], console: console, models: Models.all,
                              interrupts: Interrupts(request: request))
        #expect(code == 3)
        #expect(console.standardOutput.contains("no figures") && console.standardOutput.contains("result: incomplete"))
    }

    @Test("list --faults and --actions honour --format", arguments: ["--faults", "--actions"])
    func listFormats(_ what: String) throws {
        let json = runVerify(["list", what, "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(!items.isEmpty && items.allSatisfy { $0["name"] is String })
        let markdown = runVerify(["list", what, "--format", "markdown"]).out
        #expect(markdown.hasPrefix(what == "--faults" ? "| fault | area | the bug | caught by | scope | steps |" : "| action | source |"))
    }

    @Test("--set depth=N reads back as N steps")
    func depthReadsBack() throws {
        let text = runVerify(["check", "--scope", "ci", "--quiet", "--target", "spec", "--set", "depth=5"]).out
        #expect(text.contains("depth 6 (5 steps)"))
        let json = runVerify(["check", "--scope", "ci", "--quiet", "--target", "spec", "--set", "depth=5", "--format", "json"]).out
        #expect(json.contains(#""steps": 5"#))
    }

    @Test("--trace-dir says when it holds traces from an earlier run")
    func staleTraces() throws {
        let folder = try Self.scratch()
        let first = runVerify(["check", "--scope", "ci", "--quiet", "--target", "reference", "--stop-at-first", "--inject", "fifthPassengerAccepted", "--trace-dir", folder.path])
        #expect(first.code == 1 && !first.err.contains("earlier run"))
        let second = runVerify(["check", "--scope", "ci", "--quiet", "--target", "reference", "--stop-at-first", "--inject", "changeZoneJoinsFront", "--trace-dir", folder.path])
        #expect(second.err.contains("note: \(folder.path) also holds 1 trace file from an earlier run"), "\(second.err)")
    }

    @Test("Markdown and HTML lead with the summary and the violations, and mark the failing step")
    func violationsFirst() throws {
        let arguments = ["check", "--scope", "ci", "--quiet", "--target", "conformance", "--inject", "dispatchOnlyInPickupZone", "--stop-at-first"]
        let markdown = runVerify(arguments + ["--format", "markdown"]).out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(markdown[2].hasPrefix("**1 of 5 checks violated"))
        #expect(markdown[4].hasPrefix("- `Conformance` (conformance, 3 steps): the specification allows offer"))
        let table = try #require(markdown.firstIndex(of: "| property | result | |"))
        #expect(markdown[table + 2].hasPrefix("| `Conformance` | **violated**"), "violations first")
        #expect(markdown.contains { $0.hasPrefix("   3  offer(route: r1, driver: d1)   ✗ fails here") })
        let html = runVerify(arguments + ["--format", "html"]).out
        let summary = try #require(html.range(of: #"<p id="summary">1 of 5 checks violated</p>"#))
        let list = try #require(html.range(of: #"<ul class="violations">"#))
        let results = try #require(html.range(of: #"<table class="results">"#))
        #expect(summary.lowerBound < list.lowerBound && list.lowerBound < results.lowerBound)
        #expect(html.contains(#"<span class="fails">✗ fails here</span>"#))
    }

    @Test("A conformance divergence shows the Spec's and the implementation's values side by side")
    func divergenceSideBySide() {
        let arguments = ["check", "--quiet", "--target", "conformance", "--inject", "acceptLeavesDriverQueued", "--stop-at-first"]
        let markdown = runVerify(arguments + ["--format", "markdown"]).out
        #expect(markdown.contains("| field | specification | implementation |"))
        #expect(markdown.contains("| queue z1 | [] | [d1] |"), "\(markdown)")
        let html = runVerify(arguments + ["--format", "html"]).out
        #expect(html.contains(#"<tr><td>queue z1</td><td class="spec">[]</td><td class="impl">[d1]</td></tr>"#))
    }
}
