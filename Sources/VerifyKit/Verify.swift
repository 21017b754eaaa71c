import Checker
import ModelKit

/// The `verify` command line as a function: arguments in, text out, an exit code back.
/// `main` is one call to this, so every path is testable.
public enum Verify {
    static let commands = ["check", "list", "replay", "simulate", "bench", "serve", "help"]

    /// The tool's version, which `--version` prints.
    public static let version = "0.3.0"

    static let usage = """
        usage: verify [COMMAND] [options]

        commands:
          check     explore a model and check every property (the default command)
          list      print the models, scopes, properties, actions or faults
          replay    run a trace file again against the Spec and the Reference
          simulate  seeded random walks far deeper than the exhaustive bound
          bench     measure the explorer on a fixed scope
          serve     serve a model's Reference over the service protocol (docs/PROTOCOL.md)
          help      show this help, or a command's: verify help COMMAND

        Run 'verify COMMAND --help' for a command's options and examples.
        exit codes: 0 every checked property holds within the bound; 1 a violation or a
                    conformance divergence was found; 2 usage or input error;
                    3 incomplete (a budget, Ctrl-C or SIGTERM stopped the run first)
        """

    static func command(_ name: String) -> (specs: [OptionSpec], help: String) {
        switch name {
        case "list": (ListCommand.specs, ListCommand.help)
        case "replay": (ReplayCommand.specs, ReplayCommand.help)
        case "simulate": (SimulateCommand.specs, SimulateCommand.help)
        case "bench": (BenchCommand.specs, BenchCommand.help)
        case "serve": (ServeCommand.specs, ServeCommand.help)
        default: (CheckCommand.specs, CheckCommand.help)
        }
    }

    /// `models`: the registered models, the default first. `interrupts`: how a running check
    /// or simulation is asked to stop early (the tool passes Ctrl-C and SIGTERM).
    public static func run(arguments: [String], console: Console, models: [any ModelPlugin],
                           interrupts: Interrupts = Interrupts(request: StopRequest())) -> Int32 {
        var arguments = arguments
        switch arguments.first {
        case "--help", "-h":
            console.print(usage)
            return 0
        case "--version":
            console.print("verify \(version) (RideCheck)")
            return 0
        case "help":
            guard arguments.count <= 2 else { return usageError(UsageError("help takes one command at most"), usage: "usage: verify help [COMMAND]", console: console) }
            guard let name = arguments.dropFirst().first else { console.print(usage); return 0 }
            guard commands.contains(name) else {
                return usageError(UsageError("unknown command '\(name)'; valid commands: \(commands.joined(separator: ", "))\(Suggestion.phrase(for: name, among: commands))"),
                                  usage: "usage: verify help [COMMAND]", console: console)
            }
            let (specs, help) = command(name)
            console.print(help + "\n\noptions:\n" + optionsHelp(specs))
            return 0
        default: break
        }
        var name = "check"
        if let first = arguments.first, !first.hasPrefix("-") {
            guard commands.contains(first) else {
                return usageError(UsageError("unknown command '\(first)'; valid commands: \(commands.joined(separator: ", "))\(Suggestion.phrase(for: first, among: commands))"),
                                  usage: "usage: verify [COMMAND] [options]\nRun 'verify --help' for the commands.", console: console)
            }
            name = first
            arguments.removeFirst()
        }
        let (specs, help) = command(name)
        do {
            let parsed = try ParsedArguments.parse(arguments, specs: specs, positionals: name == "replay" ? 1 : 0)
            if parsed.flag("help") {
                console.print(help + "\n\noptions:\n" + optionsHelp(specs))
                return 0
            }
            switch name {
            case "list": return try ListCommand.run(parsed, console: console, models: models)
            case "replay": return try ReplayCommand.run(parsed, console: console, models: models)
            case "simulate": return try SimulateCommand.run(parsed, console: console, interrupts: interrupts, models: models)
            case "bench": return try BenchCommand.run(parsed, console: console, interrupts: interrupts, models: models)
            case "serve": return try ServeCommand.run(parsed, console: console, models: models)
            default: return try CheckCommand.run(parsed, console: console, interrupts: interrupts, models: models)
            }
        } catch {
            // One line naming the problem, the command's usage line, and where the rest is.
            let usageLine = help.split(separator: "\n").first.map(String.init) ?? "usage: verify \(name) [options]"
            return usageError(error, usage: usageLine + "\nRun 'verify \(name) --help' for the options and examples.", console: console)
        }
    }

    static func usageError(_ error: UsageError, usage: String, console: Console) -> Int32 {
        console.error("verify: \(error.message)")
        console.error(usage)
        return 2
    }

    static func optionsHelp(_ specs: [OptionSpec]) -> String {
        let width = specs.map(\.usage.count).max() ?? 0
        return specs.map { "  \($0.usage.rightPadded(to: width))  \($0.help)" }.joined(separator: "\n")
    }
}
