import Foundation
import ModelKit
import Testing
@testable import VerifyKit

/// The command-line conventions a user of swift-argument-parser tools expects.
@Suite("Command-line conventions")
struct ConventionsTests {
    @Test("verify --help, -h and help list the commands", arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelp(_ arguments: [String]) {
        let result = runVerify(arguments)
        #expect(result.code == 0)
        for command in ["check", "list", "replay", "simulate", "bench", "help"] { #expect(result.out.contains("\n  \(command) ")) }
        #expect(!result.out.contains("--max-states"), "the commands, not one command's options")
    }

    @Test("help COMMAND and COMMAND -h print the command's help")
    func commandHelp() {
        let help = runVerify(["help", "replay"]), short = runVerify(["replay", "-h"])
        #expect(help.code == 0 && short.code == 0 && help.out == short.out)
        #expect(help.out.hasPrefix("usage: verify replay"))
        #expect(runVerify(["help", "chekc"]).err.contains("did you mean 'check'?"))
    }

    @Test("--version prints the version")
    func version() {
        let result = runVerify(["--version"])
        #expect(result.code == 0 && result.out == "verify \(Verify.version) (RideCheck)\n")
    }

    @Test("-- ends the options: what follows is an argument even when it starts with a dash")
    func endOfOptions() {
        let result = runVerify(["replay", "--", "-odd-name.itf.json"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("verify: cannot read trace '-odd-name.itf.json'"), "\(result.err)")
    }

    @Test("A misspelt command, option or value gets a suggestion", arguments: [
        (["chekc"], "did you mean 'check'?"),
        (["check", "--scop", "ci"], "did you mean '--scope'?"),
        (["check", "-scope", "ci"], "did you mean '--scope'?"),
        (["check", "--format", "jsn"], "did you mean 'json'?"),
        (["check", "--target", "referense"], "did you mean 'reference'?"),
        (["list", "--format", "markdwn"], "did you mean 'markdown'?"),
    ])
    func suggestions(_ arguments: [String], _ suggestion: String) {
        let result = runVerify(arguments)
        #expect(result.code == 2)
        #expect(result.err.split(separator: "\n").first?.contains(suggestion) == true, "\(result.err)")
    }

    @Test("An error is one line and a short usage, not the whole help")
    func shortErrors() {
        let result = runVerify(["check", "--workers", "zero"])
        let lines = result.err.split(separator: "\n")
        #expect(result.code == 2 && lines.count == 3, "\(result.err)")
        #expect(lines[0].hasPrefix("verify: --workers needs a whole number"))
        #expect(lines[1] == "usage: verify check [options]")
        #expect(lines[2] == "Run 'verify check --help' for the options and examples.")
    }

    @Test("TERM=dumb gets no colour", arguments: [
        (["TERM": "dumb"], false), (["TERM": "xterm-256color"], true), ([:], true), (["TERM": "xterm", "NO_COLOR": "1"], false),
    ])
    func dumbTerminal(_ environment: [String: String], _ colour: Bool) {
        #expect(Console.wantsColour(isTerminal: true, environment: environment) == colour)
    }

    /// Every example of every help text, run as written with budgets that keep it short and its
    /// paths moved into a scratch folder: none may be a usage error. `serve` reads requests from
    /// standard input, and its examples start a process: ServiceProtocolTests runs them.
    @Test("Every example in every help text runs", arguments: Verify.commands.filter { $0 != "help" && $0 != "serve" })
    func helpExamples(_ command: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let examples = Verify.command(command).help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("swift run") }
        #expect(!examples.isEmpty)
        for example in examples {
            var words = example.split(separator: " ").map(String.init)
            words.removeFirst(words.firstIndex(of: "verify")! + 1)
            let arguments = Self.shortened(words.map { Self.moved($0, into: scratch) })
            let result = runVerify(arguments)
            #expect([0, 1, 3].contains(result.code), "\(example): exit \(result.code): \(result.err)")
        }
    }

    /// A path of an example, moved into the scratch folder.
    static func moved(_ word: String, into scratch: URL) -> String {
        if word == "traces" || word.hasPrefix("traces/") || word.hasPrefix("Invariants/") {
            return scratch.appendingPathComponent(word.replacingOccurrences(of: "Invariants/", with: "")).path
        }
        return word
    }

    /// The example with budgets: a check of a few thousand states, a few short walks, one
    /// shallow bench round.
    static func shortened(_ arguments: [String]) -> [String] {
        var arguments = arguments
        func set(_ option: String, _ value: String) {
            if let index = arguments.firstIndex(of: option) { arguments[index + 1] = value } else { arguments += [option, value] }
        }
        switch arguments.first {
        case "check", nil: set("--max-states", "20000"); arguments.append("--quiet")
        case "simulate": set("--walks", "5"); set("--steps", "20")
        case "bench": set("--repeat", "1"); set("--depth", "3")
        default: break
        }
        return arguments
    }
}
