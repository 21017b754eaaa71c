import Checker
import ModelKit
import Models
@testable import VerifyKit

/// Runs the command line in memory: exit code, standard output, standard error.
func runVerify(_ arguments: [String], colour: Bool = false, models: [any ModelPlugin] = Models.all) -> (code: Int32, out: String, err: String) {
    let console = Console(colour: colour)
    let code = Verify.run(arguments: arguments, console: console, models: models)
    return (code, console.standardOutput, console.standardError)
}
