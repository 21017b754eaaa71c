import Foundation
import Models
import VerifyKit

// The whole tool is `Verify.run`; this file only connects it to the process.
let terminal = isatty(STDOUT_FILENO) == 1
let colour = Console.wantsColour(isTerminal: terminal, environment: ProcessInfo.processInfo.environment)
let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) },
    isTerminal: isatty(STDERR_FILENO) == 1, colour: colour)
exit(Verify.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console, models: Models.all, interrupts: .controlC()))
