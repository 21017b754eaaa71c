import Checker
import Foundation
import ModelKit
import Testing

@testable import VerifyKit

#if canImport(Glibc)
    import Glibc
#endif

/// `verify check --implementation`: the linked Reference served over the protocol by
/// `verify serve` gives the linked check's counts and verdicts, a planted fault is caught, and
/// a service that fails or breaks the protocol is a finding or exit 2, with no process left.
@Suite(
    "Checking a service over the protocol", .serialized,
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: UnixToolTests.tool),
        "needs the verify tool built beside the tests (swift build)"))
struct ServiceProtocolTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let serve = "\(UnixToolTests.tool) serve --model cabbooking"
    static let misbehaving = repository.appendingPathComponent("Tests/ServiceFixtures/misbehaving_service.py").path
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `verify check` on the cab booking ci scope cut to `depth` with `arguments`, its
    /// report and the services' logs in a fresh folder.
    func check(_ arguments: [String], depth: Int = 3) throws -> (code: Int32, out: String, err: String, folder: String)
    {
        let folder = NSTemporaryDirectory() + "/ridecheck-service-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = runVerify(
            [
                "check", "--model", "cabbooking", "--scope", "ci", "--set", "depth=\(depth)", "--quiet",
                "--output", folder + "/report.txt",
            ] + arguments)
        let report = (try? String(contentsOfFile: folder + "/report.txt", encoding: .utf8)) ?? ""
        return (result.code, report + result.out, result.err, folder)
    }

    /// The line of figures of `target` in a text report.
    func figures(of target: String, in report: String) -> String? {
        let lines = report.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains("target \(target),") }) else { return nil }
        return lines[header + 1].components(separatedBy: ", depth").first
    }

    @Test("Over the protocol, the Reference gives the linked conformance check's counts and verdicts")
    func sameAsLinked() throws {
        let linked = try check(["--target", "conformance", "--workers", "1"])
        let served = try check(["--implementation", Self.serve, "--workers", "2"])
        #expect(linked.code == 0 && served.code == 0, "\(served.err)")
        let counts = try #require(figures(of: "conformance", in: linked.out))
        #expect(figures(of: "conformance", in: served.out) == counts, "\(served.out)")
        for id in [
            "Conformance", "RefusalsLeaveStateUnchanged", "InitialStateConforms", "ServiceResponds",
            "ServiceDeterministic",
        ] {
            let verdict = try Regex("\n\(id) +holds")
            #expect(served.out.contains(verdict), "\(id): \(served.out)")
        }
        // The report names the service as it named itself; the linked run names none.
        #expect(served.out.contains("target conformance, implementation \"RideCheck cabbooking Reference "))
        #expect(!linked.out.contains("implementation \""))
        #expect(ServiceProcesses.count == 0)
    }

    @Test("A fault planted in the served Reference is caught, the two values side by side")
    func faultCaught() throws {
        let keepsCab = try check(["--implementation", Self.serve + " --inject cancelKeepsCab", "--stop-at-first"])
        #expect(keepsCab.code == 1)
        #expect(keepsCab.out.contains("after cancel") && keepsCab.out.contains("/cabs/c"), "\(keepsCab.out)")
        let noLimit = try check(
            ["--implementation", Self.serve + " --inject walletLimitNotChecked", "--stop-at-first"],
            depth: 2)
        #expect(noLimit.code == 1)
        #expect(noLimit.out.contains("/passengers/p1/balance: 60000 → 110000"), "\(noLimit.out)")
    }

    @Test(
        "A refusal the service gets wrong is a finding of RefusalsLeaveStateUnchanged",
        .enabled(if: python != nil, "needs Python 3 for the misbehaving service"))
    func refusals() throws {
        let accepted = try check(
            ["--implementation", try misbehaving("accept-refused", at: 1), "--workers", "1"], depth: 1)
        #expect(accepted.code == 1)
        #expect(accepted.out.contains("RefusalsLeaveStateUnchanged  VIOLATED"), "\(accepted.out)")
        #expect(accepted.out.contains("but the service accepted it"), "\(accepted.out)")
        let changed = try check(
            ["--implementation", try misbehaving("refusal-changes", at: 1), "--workers", "1"], depth: 1)
        #expect(changed.code == 1)
        #expect(changed.out.contains("but changed its state: /now: 0 → 1"), "\(changed.out)")
        try nothingLeft(changed.folder)
    }

    /// The misbehaving service around `verify serve`, misbehaving at step request `at`.
    func misbehaving(_ mode: String, at: Int = 3) throws -> String {
        let python = try #require(Self.python, "Python 3 runs the misbehaving service")
        return "\(python) \(Self.misbehaving) \(mode) \(at) -- \(Self.serve)"
    }

    /// Every process the misbehaving service started has ended: itself and its child.
    func nothingLeft(_ folder: String) throws {
        #expect(ServiceProcesses.count == 0)
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder + "/verify-service-logs")
        for log in logs {
            let text = try String(contentsOfFile: folder + "/verify-service-logs/" + log, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("child ") {
                let pid = try #require(Int32(line.dropFirst(6)))
                // SIGKILL is delivered, not awaited: the child is given a moment to end.
                var waited = 0
                while Self.running(pid) && waited < 200 {
                    usleep(10_000)
                    waited += 1
                }
                #expect(!Self.running(pid), "the service's child \(pid) outlived the check")
            }
        }
    }

    /// Whether `pid` runs: a process ended but not yet reaped (a zombie, whose parent ended
    /// too) does not.
    static func running(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return kill(pid, 0) == 0
        }
        guard let end = stat.range(of: ") ", options: .backwards) else { return true }
        return !stat[end.upperBound...].hasPrefix("Z")
    }

    @Test(
        "A service that lets its snapshots go is asked again from the path: the same counts and verdicts",
        .enabled(if: python != nil, "needs Python 3 for the misbehaving service"))
    func evicted() throws {
        let linked = try check(["--target", "conformance", "--workers", "1"])
        let evicting = try check(["--implementation", try misbehaving("evict"), "--workers", "1"])
        #expect(evicting.code == 0, "\(evicting.err)")
        let counts = try #require(figures(of: "conformance", in: linked.out))
        #expect(figures(of: "conformance", in: evicting.out) == counts, "\(evicting.out)")
        try nothingLeft(evicting.folder)
    }

    @Test(
        "A service that crashes or hangs is a finding of ServiceResponds, with nothing left running",
        .enabled(if: python != nil, "needs Python 3 for the misbehaving service"))
    func failures() throws {
        let crashed = try check(["--implementation", try misbehaving("crash"), "--workers", "1", "--stop-at-first"])
        #expect(crashed.code == 1, "\(crashed.err)")
        #expect(crashed.out.contains("the service exited with status 3"), "\(crashed.out)")
        try nothingLeft(crashed.folder)
        let hung = try check([
            "--implementation", try misbehaving("hang"), "--workers", "1", "--step-limit", "1",
            "--stop-at-first",
        ])
        #expect(hung.code == 1)
        #expect(hung.out.contains("did not answer within the step limit"), "\(hung.out)")
        try nothingLeft(hung.folder)
    }

    @Test(
        "A service that breaks the protocol is exit 2 naming the line, after the report",
        .enabled(if: python != nil, "needs Python 3 for the misbehaving service"))
    func protocolBreaks() throws {
        let expected = [
            "not-json": "invalid JSON", "wrong-id": "answers request", "huge-line": "longer than",
            "bad-state": "does not fit the model's schema", "wrong-version": "speaks protocol 99",
        ]
        for (mode, words) in expected.sorted(by: { $0.key < $1.key }) {
            let result = try check(["--implementation", try misbehaving(mode), "--workers", "1"])
            #expect(result.code == 2, "\(mode): \(result.err)")
            #expect(result.err.contains(words), "\(mode): \(result.err)")
            try nothingLeft(result.folder)
        }
    }

    @Test("verify serve answers every bad request with an error that names it, and goes on")
    func serveBadRequests() throws {
        let hello =
            #"{"id":6,"type":"hello","protocol":1,"model":"cabbooking","#
            + #""scope":{"base":"ci","passengers":1,"bookings":2,"horizon":80}}"#
        let requests: [(String, String)] = [
            ("not json", "invalid JSON at byte 0"), (#"{"id":1}"#, #"a request has a \"type\""#),
            (#"{"id":2,"type":"step","from":{"snapshot":1},"tries":[]}"#, "step before hello"),
            (#"{"id":3,"type":"hello","protocol":2,"model":"cabbooking","scope":{"base":"ci"}}"#, "speaks protocol 1"),
            (
                #"{"id":4,"type":"hello","protocol":1,"model":"mytaxi","scope":{"base":"ci"}}"#,
                "serves model cabbooking"
            ),
            (#"{"id":5,"type":"hello","protocol":1,"model":"cabbooking","scope":{"base":"nowhere"}}"#, "unknown scope"),
            (hello, #""snapshots":true"#),
            (#"{"id":7,"type":"init","initial":5}"#, "an initial state from 0 to 0"),
            (#"{"id":71,"type":"step","from":{"initial":0,"path":[]},"tries":[]}"#, "which no init set up"),
            (#"{"id":72,"type":"init","initial":0}"#, #""state":{"#),
            (#"{"id":8,"type":"step","from":{"snapshot":9},"tries":[]}"#, "no snapshot 9"),
            (
                #"{"id":9,"type":"step","from":{"initial":0,"path":[]},"tries":[{"action":{"action":"fly"}}]}"#,
                "unknown action 'fly'"
            ),
            (
                #"{"id":10,"type":"step","from":{"initial":0,"path":[{"action":"logout","passenger":"p1"},"#
                    + #"{"action":"logout","passenger":"p1"}]},"tries":[]}"#, "step 2 of the path"
            ),
            (#"{"id":11,"type":"dance"}"#, "unknown request type 'dance'"),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: UnixToolTests.tool)
        process.arguments = ["serve", "--model", "cabbooking"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((requests.map(\.0).joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(replies.count == requests.count, "\(replies)")
        for (reply, (request, words)) in zip(replies, requests) {
            #expect(reply.contains(words), "\(request) → \(reply)")
            let answered = words.contains("snapshots") || words.contains(#""state""#)
            #expect(reply.contains(#""error""#) == !answered, "\(reply)")
        }
    }

    @Test("--implementation refuses what it cannot drive, exit 2 before anything runs")
    func usage() throws {
        let cases: [([String], String)] = [
            (["--implementation", Self.serve, "--target", "reference"], "drives the conformance target"),
            (["--implementation", Self.serve, "--inject", "cancelKeepsCab"], "a service plants its own"),
            (["--implementation", "'unclosed"], "unclosed '"),
            (["--implementation", "/nonexistent/service"], "could not be started"),
            (["--step-limit", "2"], "applies to --implementation"),
        ]
        for (arguments, words) in cases {
            let result = try check(arguments)
            #expect(result.code == 2 && result.err.contains(words), "\(arguments): \(result.err)")
        }
    }

    @Test("A command line splits into words as a shell would, with nothing else of a shell")
    func commandWords() throws {
        #expect(
            try CommandWords.split(#"python3 -m my.service --db 'a b' "c \"d\"" e\ f $HOME"#)
                == ["python3", "-m", "my.service", "--db", "a b", #"c "d""#, "e f", "$HOME"])
        #expect(throws: UsageError.self) { try CommandWords.split("   ") }
        #expect(throws: UsageError.self) { try CommandWords.split(#"say "hi"#) }
    }
}

/// The other commands over a service: replay, simulate, the default suite's walks, and the
/// transcript of a counterexample. Nested, so that the outer suite runs them one at a time with
/// its own: each test counts the service processes left running.
extension ServiceProtocolTests {
    @Suite("Replaying, walking and transcribing a service")
    struct Commands {
        let serve = ServiceProtocolTests.serve

        @Test("A counterexample's requests and replies are kept, and replay runs its trace against the service again")
        func transcriptAndReplay() throws {
            let folder = NSTemporaryDirectory() + "/ridecheck-service-replay-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let faulty = serve + " --inject cancelKeepsCab"
            let checked = runVerify([
                "check", "--model", "cabbooking", "--scope", "ci", "--set", "depth=3", "--quiet",
                "--implementation", faulty, "--output", folder + "/report.txt", "--trace-dir", folder + "/traces",
            ])
            #expect(checked.code == 1)
            let transcript = try String(
                contentsOfFile: folder + "/verify-service-logs/ci_depth=3-Conformance.transcript",
                encoding: .utf8)
            let lines = transcript.split(separator: "\n")
            #expect(
                lines.first?.hasPrefix(#"→ {"id":0,"type":"hello""#) == true && lines.count % 2 == 0, "\(transcript)")
            #expect(
                transcript.contains(#""action":"cancel""#)
                    && lines.last?.contains(#""c1":{"type":"Nano","at":"L0","booking":"b1"}"#) == true,
                "\(transcript)")
            let trace = folder + "/traces/conformance-Conformance.itf.json"
            let again = runVerify([
                "replay", trace, "--implementation", faulty, "--transcript", folder + "/again.ndjson",
            ])
            #expect(again.code == 1)
            #expect(
                again.out.contains("conformance divergence at step 2")
                    && again.out.contains("/cabs/c1/booking: null → \"b1\""),
                "\(again.out)")
            #expect(FileManager.default.fileExists(atPath: folder + "/again.ndjson"))
            let fixed = runVerify(["replay", trace, "--implementation", serve])
            #expect(fixed.code == 0 && fixed.out.contains("the service follows the specification"), "\(fixed.out)")
            let misused = runVerify(["replay", trace, "--implementation", serve, "--inject", "cancelKeepsCab"])
            #expect(misused.code == 2)
            #expect(ServiceProcesses.count == 0)
        }

        @Test(
            "Seeded walks drive a service: simulate finds and shrinks a divergence, and prints a rerun line that runs")
        func walks() throws {
            let faulty = serve + " --inject cancelKeepsCab"
            let folder = NSTemporaryDirectory() + "/ridecheck-service-walks-\(UUID().uuidString)"
            let arguments = [
                "simulate", "--model", "cabbooking", "--scope", "ci", "--walks", "20", "--steps", "10",
                "--implementation", faulty, "--trace-dir", folder, "--seed", "3",
            ]
            let walked = runVerify(arguments)
            #expect(walked.code == 1 && walked.out.contains("VIOLATED"), "\(walked.out)\(walked.err)")
            let rerun = try #require(
                walked.out.split(separator: "\n").first { $0.hasPrefix("rerun with: verify simulate") })
            #expect(rerun.contains("--implementation '\(faulty)'"))
            #expect(
                try CommandWords.split(String(rerun.dropFirst("rerun with: verify ".count))).dropFirst()
                    == ArraySlice(arguments.dropFirst().filter { $0 != "--trace-dir" && $0 != folder }))
            #expect(FileManager.default.fileExists(atPath: folder + "/verify-service-logs/ci-service-1.log"))
            #expect(ServiceProcesses.count == 0)
        }

        /// Runs `base` linked (conformance target, `linked` added) and over the protocol against
        /// `serve`: both exit statuses, the linked output and the served report.
        func linkedAndServed(_ base: [String], linked: [String] = [], serve: String) throws
            -> (linked: Int32, served: Int32, linkedOut: String, report: String, err: String)
        {
            let folder = NSTemporaryDirectory() + "/ridecheck-service-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let direct = runVerify(base + ["--target", "conformance"] + linked)
            let served = runVerify(
                base + ["--implementation", "\(UnixToolTests.tool) serve \(serve)", "--output", folder + "/report.txt"])
            let report = (try? String(contentsOfFile: folder + "/report.txt", encoding: .utf8)) ?? ""
            return (direct.code, served.code, direct.out, report, served.err)
        }

        // Cab booking's accounts at depth 3: 598 states, 514 were the served Reference not to
        // report its hidden state (the ids it drew, the messages it sent).
        @Test(
            "Every model over the protocol gives the linked conformance check's counts, hidden state included",
            arguments: [("mytaxi", "accounts", 14), ("travlendar", "worlds", 2), ("cabbooking", "accounts", 3)])
        func sameCounts(model: String, scope: String, depth: Int) throws {
            let run = try linkedAndServed(
                ["check", "--model", model, "--scope", scope, "--set", "depth=\(depth)", "--quiet"],
                serve: "--model \(model)")
            #expect(run.linked == 0 && run.served == 0, "\(run.err)")
            func figures(_ text: String) -> String? {
                let lines = text.split(separator: "\n").map(String.init)
                return lines.firstIndex { $0.contains("target conformance,") }.map {
                    lines[$0 + 1].components(separatedBy: ", depth")[0]
                }
            }
            #expect(figures(run.report) != nil && figures(run.report) == figures(run.linkedOut), "\(run.report)")
        }

        @Test("A myTaxi fault planted in the served Reference is caught by the linked check's property, as long")
        func myTaxiFault() throws {
            let fault = "dispatchOnlyInPickupZone"
            let run = try linkedAndServed(
                ["check", "--model", "mytaxi", "--scope", "ci", "--set", "depth=4", "--stop-at-first", "--quiet"],
                linked: ["--inject", fault], serve: "--model mytaxi --inject \(fault)")
            #expect(run.linked == 1 && run.served == 1, "\(run.err)")
            let finding = "── Conformance violated: 3 steps ──"
            #expect(run.linkedOut.contains(finding) && run.report.contains(finding), "\(run.report)")
            #expect(run.report.contains("offer(route: r1, driver: d1)   ✗ fails here"), "\(run.report)")
            #expect(ServiceProcesses.count == 0)
        }
    }
}
