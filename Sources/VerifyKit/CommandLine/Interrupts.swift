import Checker
import Dispatch
import ModelKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM while `verify check` explores, `verify simulate` walks or
/// `verify bench` measures: the first asks the run to stop (a search within a chunk's work, a
/// simulation after its walk) and report what it covered (incomplete, exit 3, findings so far
/// included); a second ends the process at once, as the signal does anywhere else. Outside a
/// run, the signals keep their usual meaning: the handlers are installed only while one runs.
/// SIGTERM is what a CI runner or `timeout` sends: a run it stops still leaves its report.
public final class Interrupts: Sendable {
    let request: StopRequest
    private let fromSignal: Bool

    /// Ctrl-C (SIGINT): the command-line tool's.
    public static func controlC() -> Interrupts { Interrupts(request: StopRequest(), fromSignal: true) }

    /// No signal, only `request`, raised by whoever holds it: how tests interrupt a run.
    public convenience init(request: StopRequest) { self.init(request: request, fromSignal: false) }

    private init(request: StopRequest, fromSignal: Bool) {
        self.request = request
        self.fromSignal = fromSignal
    }

    /// Runs `body` with Ctrl-C turned into a stop request.
    func armed<T>(console: Console, _ body: () throws(UsageError) -> T) throws(UsageError) -> T {
        guard fromSignal else { return try body() }
        // The signal is ignored by the process and delivered to the source instead, on a
        // queue of its own: a signal handler proper may not print or take locks.
        // What the process had before is put back after: a job started in the background
        // inherits SIGINT ignored, and must keep it so.
        let sources = [SIGINT, SIGTERM].map { number in
            let previous = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "ridecheck.interrupts"))
            source.setEventHandler { [request] in
                if request.isRaised {
                    // No service process outlives the tool.
                    ServiceProcesses.endAll()
                    signal(number, SIG_DFL)
                    kill(getpid(), number)
                    return
                }
                request.raise()
                let name = number == SIGINT ? "Ctrl-C" : "SIGTERM"
                console.error("\ninterrupted (\(name)): stopping after the work in hand to report what was covered (\(name) again quits at once)")
            }
            source.resume()
            return (source, number, previous)
        }
        defer {
            for (source, number, previous) in sources {
                source.cancel()
                signal(number, previous)
            }
        }
        return try body()
    }
}
