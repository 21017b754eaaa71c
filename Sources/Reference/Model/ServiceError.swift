/// Why the service refused an operation, in words a person understands. A refused
/// operation leaves the service exactly as it was.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case unknownEntity, notConfirmed, notActivated, alreadyDone, notAllowedNow, outsideWindow
        case capacity, nothingToDo, timersDue
    }
    public let reason: Reason
    public let description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
