import Checker
import Foundation
import ModelKit

extension Verify {
    /// The `verify` program for `models`, the default first: reads the process's arguments,
    /// writes to its standard output and error (in colour on a terminal unless NO_COLOR is
    /// set), stops a check early on Ctrl-C or SIGTERM, and exits with the command's code. A
    /// team's own package gets every command, report and trace file for its model with a
    /// `main.swift` of one line: `Verify.main(models: [MyPlugin()])`.
    public static func main(models: [any ModelPlugin]) -> Never {
        precondition(!models.isEmpty, "verify needs at least one model")
        let environment = ProcessInfo.processInfo.environment
        let colour = Console.wantsColour(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
        let console = Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            isTerminal: isatty(STDERR_FILENO) == 1, colour: colour)
        exit(
            run(
                arguments: Array(CommandLine.arguments.dropFirst()), console: console, models: models,
                interrupts: .controlC()))
    }
}
