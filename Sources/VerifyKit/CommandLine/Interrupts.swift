import Checker
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while `verify check` explores or `verify simulate` walks: the first asks the run to
/// stop (a search within a chunk's work, a simulation after its walk) and report what it
/// covered (incomplete, exit 3, findings so far included); a second ends the process at
/// once, as Ctrl-C does anywhere else. Outside a run, Ctrl-C keeps its usual meaning: the
/// handler is installed only while one runs.
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
        let previous = signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "ridecheck.interrupts"))
        source.setEventHandler { [request] in
            if request.isRaised {
                signal(SIGINT, SIG_DFL)
                kill(getpid(), SIGINT)
                return
            }
            request.raise()
            console.error("\ninterrupted: stopping after the work in hand to report what was covered (Ctrl-C again quits at once)")
        }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, previous)
        }
        return try body()
    }
}
