import Checker

/// What a step changed, one field at a time, as the reports show it: a field with its value
/// before and after ("d2", "AVAILABLE", "BUSY", written "d2 AVAILABLE→BUSY"), or a phrase with
/// no two values ("r1 offered to d1"). A divergence table shows the two values side by side,
/// so a value may hold spaces ("M13 booking confirmed") without being split wrongly.
public struct StateChange: Sendable, Equatable, CustomStringConvertible {
    public let field: String
    /// Nil for a phrase.
    public let values: (before: String, after: String)?

    /// A field whose value went from `before` to `after`.
    public init(_ field: String, _ before: String, _ after: String) {
        self.field = field
        values = (before, after)
    }

    /// A phrase with no two values.
    public init(note: String) {
        field = note
        values = nil
    }

    /// A phrase written "FIELD BEFORE→AFTER", split at the last space before the arrow (so
    /// the field may hold spaces and the value after it too, but not the value before it); a
    /// phrase without an arrow is a note.
    public init(phrase: String) {
        guard let arrow = phrase.firstIndex(of: "→") else {
            self.init(note: phrase)
            return
        }
        let left = phrase[..<arrow], after = String(phrase[phrase.index(after: arrow)...])
        guard let space = left.lastIndex(of: " ") else {
            self.init("", String(left), after)
            return
        }
        self.init(String(left[..<space]), String(left[left.index(after: space)...]), after)
    }

    public var description: String {
        guard let values else { return field }
        return (field.isEmpty ? "" : field + " ") + "\(values.before)→\(values.after)"
    }

    public static func == (a: StateChange, b: StateChange) -> Bool {
        a.field == b.field && a.values?.before == b.values?.before && a.values?.after == b.values?.after
    }
}

extension [StateChange] {
    /// Appends the change of `field` when `before` and `after` differ, each shown by `show`: the
    /// one line a hand-written presentation needs per field.
    public mutating func compare<Value: Equatable>(
        _ field: String, _ before: Value, _ after: Value, _ show: (Value) -> String = { "\($0)" }
    ) {
        if before != after { append(StateChange(field, show(before), show(after))) }
    }
}
