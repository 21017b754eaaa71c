/// Why the service refused an operation, in words a person understands. A refused
/// operation leaves the service exactly as it was.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case unknownEntity, notConfirmed, notActivated, alreadyDone, notAllowedNow, outsideWindow
        case capacity, nothingToDo, timersDue
    }
    public let reason: Reason
    let message: Message

    public init(_ reason: Reason, _ message: Message) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message.text }

    /// Two errors are the same when they give the same reason in the same words.
    public static func == (a: ServiceError, b: ServiceError) -> Bool { a.reason == b.reason && a.description == b.description }

    /// A message written as a string literal with interpolations, put into words only when
    /// read. Why: a caller that tries operations to see which are refused (the harness
    /// tries some forty a state, most refused) never reads most messages, and formatting
    /// each one as it was thrown cost about a thousand instructions, a tenth of a search of
    /// the service.
    public struct Message: Sendable, ExpressibleByStringInterpolation {
        enum Part: Sendable {
            case literal(String)
            case value(any CustomStringConvertible & Sendable)
        }
        let parts: [Part]

        public init(stringLiteral value: String) { parts = [.literal(value)] }
        public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

        public struct Interpolation: StringInterpolationProtocol {
            var parts: [Part] = []
            public init(literalCapacity: Int, interpolationCount: Int) { parts.reserveCapacity(2 * interpolationCount + 1) }
            public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { parts.append(.literal(literal)) } }
            public mutating func appendInterpolation(_ value: some CustomStringConvertible & Sendable) { parts.append(.value(value)) }
        }

        var text: String {
            parts.map { part in
                switch part {
                case .literal(let text): text
                case .value(let value): value.description
                }
            }.joined()
        }
    }
}
