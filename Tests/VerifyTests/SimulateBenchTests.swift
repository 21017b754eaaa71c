import Checker
import ModelKit
import Models
import Testing
@testable import VerifyKit

@Suite("verify simulate and verify bench")
struct SimulateBenchTests {
    @Test("A seeded simulation prints its seed, and the same seed prints the same run")
    func reproducible() {
        let arguments = ["simulate", "--seed", "11", "--walks", "20", "--steps", "50", "--set", "horizon=10"]
        let first = runVerify(arguments), second = runVerify(arguments)
        #expect(first.code == 0)
        #expect(first.out == second.out)
        #expect(first.out.contains("seed 11"))
        #expect(first.out.contains("20 walks, 1,000 steps"))
        #expect(first.out.contains("rerun with: verify simulate --set horizon=10 --walks 20 --steps 50 --seed 11"))
    }

    @Test("An interrupted simulation (Ctrl-C) exits 3 and says how many walks it took")
    func interrupted() {
        let request = StopRequest()
        request.raise()
        let console = Console()
        let code = Verify.run(arguments: ["simulate", "--seed", "11", "--walks", "20"], console: console, models: Models.all, interrupts: Interrupts(request: request))
        #expect(code == 3)
        #expect(console.standardOutput.contains("0 walks of 20 (interrupted), 0 steps"))
        #expect(console.standardOutput.contains("result: incomplete"))
    }

    @Test("A fault found by simulation comes back shrunk, with exit 1")
    func findsAndShrinks() {
        let result = runVerify(["simulate", "--target", "reference", "--inject", "thirdRefusalKeepsDriverQueued", "--seed", "1", "--walks", "2000"])
        #expect(result.code == 1)
        #expect(result.out.contains("RefusingDriverMovesToBack VIOLATED in walk 12 after 42 steps; shrunk to 19"))
        #expect(result.out.contains("✗ driver d1 refused 3 calls in a row and is still AVAILABLE"))
    }

    @Test("bench runs its configurations in rounds: each once a round, the first turning by one each round",
          arguments: [1, 2, 4])
    func benchRounds(configurations: Int) {
        let rounds = (0..<(2 * configurations)).map { BenchCommand.roundOrder($0, of: configurations) }
        for (round, order) in rounds.enumerated() {
            #expect(order.sorted() == Array(0..<configurations), "round \(round) runs \(order)")
            #expect(order.first == round % configurations)
        }
        // Over `configurations` rounds, each configuration takes each place once, so that none
        // always follows the same one.
        for place in 0..<configurations {
            #expect(Set(rounds.prefix(configurations).map { $0[place] }).count == configurations)
        }
    }

    @Test("bench with several runs prints each configuration's slowest and fastest run beside the median")
    func benchSpread() throws {
        let result = runVerify(["bench", "--repeat", "3", "--depth", "2"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "slowest and fastest of the 3 runs (distinct/s):"))
        let top = try #require(lines.firstIndex { $0.hasPrefix("configuration") })
        let table = lines[(top + 1)...].prefix { !$0.isEmpty }
        #expect(table.count >= 2)
        for (offset, row) in table.enumerated() {
            let fields = row.split(separator: " ").map(String.init)
            let median = Double(fields[fields.count - 3].filter(\.isNumber))!
            let spread = lines[header + 1 + offset].split(separator: " ").map(String.init)
            let slowest = Double(spread[spread.count - 2].filter(\.isNumber))!, fastest = Double(spread[spread.count - 1].filter(\.isNumber))!
            #expect(row.hasPrefix(spread.dropLast(2).joined(separator: " ")), "\(row) against \(lines[header + 1 + offset])")
            #expect(slowest <= median && median <= fastest, "\(slowest) ≤ \(median) ≤ \(fastest)")
        }
    }

    @Test("bench prints the table and the exactness of the symmetry reduction (figures are not checked: machines are noisy)")
    func bench() {
        let result = runVerify(["bench", "--repeat", "1", "--depth", "3"])
        #expect(result.code == 0)
        for words in ["configuration", "distinct/s", "visited B/state", "1 worker", "1 worker, symmetry",
                      "exactness of the symmetry reduction", "ci depth 3:", "0.00% above exact"] {
            #expect(result.out.contains(words), "missing '\(words)'")
        }
    }

    @Test("bench runs the declared symmetry beside the hand-tuned form, with the same counts, and --only runs one row")
    func benchDeclaredSymmetry() throws {
        let all = runVerify(["bench", "--repeat", "1", "--depth", "4"])
        #expect(all.code == 0)
        func counts(_ label: String, in output: String) -> String? {
            output.split(separator: "\n").first { $0.hasPrefix(label + "  ") }
                .map { $0.dropFirst(label.count).split(separator: " ").prefix(2).joined(separator: " ") }
        }
        let tuned = try #require(counts("1 worker, symmetry", in: all.out))
        #expect(counts("1 worker, declared symmetry", in: all.out) == tuned)
        #expect(counts("1 worker, declared, no signatures", in: all.out) == tuned)
        let one = runVerify(["bench", "--repeat", "1", "--depth", "4", "--only", "1 worker, declared symmetry"])
        #expect(one.code == 0)
        #expect(counts("1 worker, declared symmetry", in: one.out) == tuned)
        #expect(counts("1 worker, symmetry", in: one.out) == nil)
        #expect(!one.out.contains("exactness"))
        let unknown = runVerify(["bench", "--only", "3 workers"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("no bench configuration is named '3 workers'"), "\(unknown.err)")
    }
}
