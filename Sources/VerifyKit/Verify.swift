import Checker

/// The `verify` command line as a function: arguments in, text out, an exit code back.
/// `main` is one call to this, so every path is testable.
public enum Verify {
    static let commands = ["check", "list", "replay", "simulate", "bench"]

    static let usage = """
        usage: verify [check|list|replay|simulate|bench] [options]

          check     explore the model and check every property (the default command)
          list      print the models, scopes, properties, actions or faults
          replay    run a trace file again against the Spec and the Reference
          simulate  seeded random walks far deeper than the exhaustive bound
          bench     measure the explorer on a fixed scope

        Run 'verify COMMAND --help' for a command's options.
        exit codes: 0 every checked property holds within the bound; 1 a violation or a
                    conformance divergence was found;
                    2 usage or input error; 3 incomplete (a budget or Ctrl-C stopped the run first)
        """

    /// `models`: the registered models, the default first. `interrupts`: how a running check
    /// or simulation is asked to stop early (the tool passes Ctrl-C).
    public static func run(arguments: [String], console: Console, models: [any ModelPlugin],
                           interrupts: Interrupts = Interrupts(request: StopRequest())) -> Int32 {
        var arguments = arguments
        var command = "check"
        if let first = arguments.first, !first.hasPrefix("-") {
            guard commands.contains(first) else {
                return usageError(UsageError("unknown command '\(first)'; valid commands: \(commands.joined(separator: ", "))"), help: usage, console: console)
            }
            command = first
            arguments.removeFirst()
        }
        let (specs, help): ([OptionSpec], String) = switch command {
        case "list": (ListCommand.specs, ListCommand.help)
        case "replay": (ReplayCommand.specs, ReplayCommand.help)
        case "simulate": (SimulateCommand.specs, SimulateCommand.help)
        case "bench": (BenchCommand.specs, BenchCommand.help)
        default: (CheckCommand.specs, CheckCommand.help)
        }
        do {
            let parsed = try ParsedArguments.parse(arguments, specs: specs, positionals: command == "replay" ? 1 : 0)
            if parsed.flag("help") {
                console.print(help + "\n\noptions:\n" + optionsHelp(specs))
                return 0
            }
            switch command {
            case "list": return try ListCommand.run(parsed, console: console, models: models)
            case "replay": return try ReplayCommand.run(parsed, console: console, models: models)
            case "simulate": return try SimulateCommand.run(parsed, console: console, interrupts: interrupts, models: models)
            case "bench": return try BenchCommand.run(parsed, console: console, models: models)
            default: return try CheckCommand.run(parsed, console: console, interrupts: interrupts, models: models)
            }
        } catch {
            return usageError(error, help: help + "\n\noptions:\n" + optionsHelp(specs), console: console)
        }
    }

    static func usageError(_ error: UsageError, help: String, console: Console) -> Int32 {
        console.error("verify: \(error.message)")
        console.error("")
        console.error(help)
        return 2
    }

    static func optionsHelp(_ specs: [OptionSpec]) -> String {
        let width = specs.map(\.usage.count).max() ?? 0
        return specs.map { "  \($0.usage.rightPadded(to: width))  \($0.help)" }.joined(separator: "\n")
    }
}
