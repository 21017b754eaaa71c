/// Something a user of the service sees or is charged that the specification leaves out on
/// purpose, with the reason: each one a decision, listed in the model's catalogue and on its
/// page (`verify list --not-modelled`). Everything else the user sees is in the abstraction or
/// a view (`ShownView`), and judged.
public struct NotModelled: Sendable, Equatable {
    /// What the user sees: "the texts of SMS and e-mails".
    public let what: String
    /// Why the specification leaves it out, and what checks it instead, if anything.
    public let reason: String
    /// Where the seeds show it to the user.
    public let source: String

    public init(_ what: String, reason: String, source: String) {
        self.what = what
        self.reason = reason
        self.source = source
    }
}

extension [NotModelled] {
    /// The table of what a model leaves out, as its catalogue and its page carry it.
    public var markdownTable: String {
        (["| not modelled | why | source |", "| --- | --- | --- |"]
            + map { "| \($0.what.replacingPipes) | \($0.reason.replacingPipes) | \($0.source.replacingPipes) |" })
            .joined(separator: "\n")
    }
}
