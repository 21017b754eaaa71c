// Times the core layer of `Model` against the listing style on Lamport's TwoPhase commit,
// written both ways over one state (`TwoPhaseSystem`): each run explores the whole state
// space once per style, the styles alternating, and the medians and their ratio are printed,
// so that a claim about the core layer's cost is a measurement, not a timed test.
//   swift run -c release core-bench [MANAGERS [RUNS [core|listing]]]
// One style alone (the third argument) is for an instruction count under callgrind.
import Checker
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String) -> Never {
    print("core-bench: \(message)")
    print("usage: core-bench [MANAGERS [RUNS [core|listing]]]")
    exit(2)
}
guard arguments.count <= 3 else { fail("at most three arguments") }
let managers = arguments.count > 0 ? Int(arguments[0]) : 8
guard let managers, (1...15).contains(managers) else { fail("MANAGERS must be a whole number from 1 to 15") }
let runs = arguments.count > 1 ? Int(arguments[1]) : 5
guard let runs, runs >= 1 else { fail("RUNS must be a whole number of at least 1") }
let styles = arguments.count > 2 ? [arguments[2]] : ["core", "listing"]
guard styles.allSatisfy({ $0 == "core" || $0 == "listing" }) else { fail("the style is core or listing") }

/// One whole search of `model` by one worker: its counts and seconds.
func explore<M: Model>(_ model: M) -> (distinct: Int, generated: Int, seconds: Double) {
    var options = ExplorationOptions()
    options.workers = 1
    let clock = ContinuousClock()
    let start = clock.now
    let result: ExplorationResult<M>
    do { result = try BreadthFirstExplorer(model: model, options: options).run() } catch {
        print("core-bench: \(model.name): \(error)")
        exit(1)
    }
    let elapsed = start.duration(to: clock.now).components
    return (result.distinct, result.generated, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
}

var seconds: [String: [Double]] = [:]
var counts: [String: (Int, Int)] = [:]
for run in 1...runs {
    for style in styles {
        let outcome =
            style == "core" ? explore(TwoPhaseCore(managers: managers)) : explore(TwoPhaseListing(managers: managers))
        seconds[style, default: []].append(outcome.seconds)
        counts[style] = (outcome.distinct, outcome.generated)
        print(
            "run \(run) \(style): \(outcome.distinct) distinct, \(outcome.generated) generated, "
                + String(format: "%.3f s", outcome.seconds))
    }
}
if let core = counts["core"], let listing = counts["listing"], core != listing {
    print("core-bench: the two styles counted differently: \(core) against \(listing)")
    exit(1)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
for style in styles { print("median \(style): " + String(format: "%.3f s", median(seconds[style]!))) }
if styles.count == 2 {
    print("core / listing: " + String(format: "%.3f", median(seconds["core"]!) / median(seconds["listing"]!)))
}
