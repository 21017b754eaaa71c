/// Where a command writes: standard output and standard error, or buffers in tests.
public final class Console: @unchecked Sendable {
    private var outText = ""
    private var errText = ""
    private let writeOut: (@Sendable (String) -> Void)?
    private let writeErr: (@Sendable (String) -> Void)?
    /// Whether standard output is a terminal (colour, live progress line).
    public let isTerminal: Bool
    public let useColour: Bool

    /// A console that keeps everything in memory, for tests.
    public init(colour: Bool = false) {
        writeOut = nil
        writeErr = nil
        isTerminal = false
        useColour = colour
    }

    /// Colour only on a terminal, not when NO_COLOR is set to anything but the empty string
    /// (no-color.org), and not on a terminal that says it has none (TERM=dumb: Emacs' shell,
    /// some CI consoles).
    public static func wantsColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool, colour: Bool) {
        writeOut = out
        writeErr = err
        self.isTerminal = isTerminal
        useColour = colour
    }

    public func print(_ text: String = "") {
        if let writeOut { writeOut(text + "\n") } else { outText += text + "\n" }
    }

    public func error(_ text: String) {
        if let writeErr { writeErr(text + "\n") } else { errText += text + "\n" }
    }

    /// A progress line that rewrites itself on a terminal.
    public func status(_ text: String) {
        if let writeErr { writeErr(isTerminal ? "\r\u{1B}[K" + text : text + "\n") } else { errText += text + "\n" }
    }

    public var standardOutput: String { outText }
    public var standardError: String { errText }
}
