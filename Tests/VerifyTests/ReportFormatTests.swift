import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import VerifyKit

/// The report formats for CI and reviewers, on a run with one fault caught by conformance.
@Suite("Report formats")
struct ReportFormatTests {
    static let failing = ["check", "--scope", "ci", "--quiet", "--stop-at-first", "--target", "conformance", "--inject", "changeZoneJoinsFront"]

    @Test("JUnit: well-formed XML, a test case per property, the violation a failure whose text is the trace")
    func junit() throws {
        let result = runVerify(Self.failing + ["--format", "junit"])
        #expect(result.code == 1)
        let parser = XMLParser(data: Data(result.out.utf8))
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        #expect(result.out.contains(#"<testsuite name="mytaxi.conformance" tests="5" failures="1""#))
        #expect(result.out.contains(#"<testcase classname="mytaxi.conformance" name="Conformance">"#))
        #expect(result.out.contains(#"<failure type="violated" message="after changeZone(driver: d1, zone: z2) the implementation differs"#))
        #expect(result.out.contains("3  changeZone(driver: d1, zone: z2)"), "the failure text is the readable trace")
        #expect(result.out.contains(#"<testcase classname="mytaxi.conformance" name="RefusalsLeaveStateUnchanged"/>"#))
    }

    @Test("Markdown: the verdict, a table per target, the trace folded under its property")
    func markdown() {
        let result = runVerify(Self.failing + ["--format", "markdown"])
        #expect(result.out.hasPrefix("## RideCheck: violated"))
        #expect(result.out.contains("| `Conformance` | **violated** | counterexample of 3 steps |"))
        #expect(result.out.contains("<details open><summary><code>Conformance</code> violated"))
        #expect(result.out.contains("```text\n── Conformance violated: 3 steps ──"))
    }

    @Test("Colour only on a terminal, and never with NO_COLOR set", arguments: [
        (true, nil as String?, true), (true, "1", false), (true, "", true), (false, nil, false),
    ])
    func colour(terminal: Bool, noColor: String?, expected: Bool) {
        var environment = ["TERM": "xterm"]
        if let noColor { environment["NO_COLOR"] = noColor }
        #expect(Console.wantsColour(isTerminal: terminal, environment: environment) == expected)
    }

    @Test("Text with colour paints the verdicts; without, it has no escape codes")
    func textColour() {
        let plain = runVerify(Self.failing)
        #expect(!plain.out.contains("\u{1B}["))
        #expect(runVerify(Self.failing, colour: true).out.contains("\u{1B}[31;1mVIOLATED"))
    }
}

/// The HTML report rendered by a real browser: Debian's chromium, headless.
@Suite("HTML report in a browser")
struct HTMLReportBrowserTests {
    static let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("The page shows the results, the steps with changes highlighted, the queues and the witness",
          .enabled(if: browser != nil, "skipped: no chromium at /usr/bin (install Debian's chromium; .ci/run does)"))
    func rendered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("report.html")
        #expect(runVerify(ReportFormatTests.failing + ["--format", "html", "--output", page.path]).code == 1)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page fetches nothing")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.browser!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile",
                             "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Written by the page's script, so only a browser that ran the page shows it.
        #expect(dom.contains(#"<p id="summary">1 of 5 checks violated</p>"#))
        #expect(dom.contains(#"data-violations="1""#), "the browser did not run the page's script")
        #expect(dom.contains(#"<tr class="violated" data-property="Conformance">"#))
        #expect(dom.contains(#"<li class="changed">queue z2 [d2]→[d2,d1]</li>"#))
        #expect(dom.contains(#"<div class="queue" data-zone="z2"><span class="zone">z2</span><span class="driver witness" title="d2 with t2">d2</span><span class="driver witness" title="d1 with t1">d1</span></div>"#))
        #expect(dom.contains("✗ after changeZone(driver: d1, zone: z2) the implementation differs from the specification"))
    }
}
