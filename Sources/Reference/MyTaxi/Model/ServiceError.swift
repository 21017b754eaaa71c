/// Why the service refused an operation, in words a person understands. A refused
/// operation leaves the service exactly as it was.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case unknownEntity, notConfirmed, notActivated, alreadyDone, notAllowedNow, outsideWindow
        case capacity, nothingToDo, timersDue
    }
    public let reason: Reason
    /// The words, put together when read. Why: a caller that tries operations to see which
    /// are refused (the harness tries some forty a state, most refused) never reads most
    /// messages. Formatting each one as it was thrown cost about a thousand instructions, a
    /// tenth of a search of the service; keeping its pieces in an array to format later (an
    /// allocation, an append per piece, and tearing both down again) still cost a tenth of a
    /// conformance search. A closure holds what the words need in one allocation, or none.
    ///
    /// A throw ends the function that threw, so the values the closure captured are the
    /// ones they had when it was thrown. Throw sites interpolate local values: a mutating
    /// method's `self` cannot be captured, and a copy of the whole service would be.
    let words: @Sendable () -> String

    public init(_ reason: Reason, _ message: @autoclosure @escaping @Sendable () -> String) {
        self.reason = reason
        self.words = message
    }

    public var description: String { words() }

    /// Two errors are the same when they give the same reason in the same words.
    public static func == (a: ServiceError, b: ServiceError) -> Bool { a.reason == b.reason && a.description == b.description }
}
