/// Something a user of the service is shown or charged that the state holds only implicitly:
/// a list in the order it is shown (the pending bookings, a plan's legs) or a sum (a plan's
/// total minutes). The abstraction carries the facts; a view is what the service makes of
/// them, and a bug in that (a cancelled booking listed as pending, walking metres counted as
/// polluting) changes no abstract state. So the specification derives each view from its
/// state, the adapter reads the implementation's, and conformance compares the two.
///
/// Rows are plain values in the specification's terms (slots, not the implementation's ids),
/// one per row or total, put into words only when a witness quotes them: the views are
/// compared on every transition, and rows built as text there took myTaxi `qa` from 89 s to 113 s.
public struct ShownView<Row: Hashable & Sendable & CustomStringConvertible>: Hashable, Sendable {
    /// What the user looks at: "pending bookings of p1", "plan of s1".
    public let title: String
    public let entries: [Row]

    public init(_ title: String, _ entries: [Row]) {
        self.title = title
        self.entries = entries
    }

    /// The rows on one line, as a witness quotes them.
    public var rows: String { entries.isEmpty ? "(empty)" : entries.map(\.description).joined(separator: ", ") }
}

/// The row type of an adapter that reads no views.
public enum NoShownRow: Hashable, Sendable, CustomStringConvertible {
    public var description: String { switch self {} }
}

/// A specification that says what its users are shown, derived from its state alone.
public protocol UserFacing: Model {
    /// One row of any of its views, as a value.
    associatedtype ShownRow: Hashable & Sendable & CustomStringConvertible

    /// Every view a user can open in `state`, in a fixed order.
    func shown(in state: State) -> [ShownView<ShownRow>]
}

extension ImplementationAdapter {
    /// The views the implementation shows that differ from those the specification derives
    /// from `expected`, each as "title shows …; expected …"; empty when they agree or when
    /// the adapter reads no views.
    public func viewDifferences(expected: Spec.State, actual system: System) -> [String] {
        guard let shown = shown(in: system) else { return [] }
        let derived = expectedShown(in: expected)
        guard shown != derived else { return [] }
        var differences: [String] = []
        for index in 0..<max(shown.count, derived.count) {
            let mine = index < shown.count ? shown[index] : nil, theirs = index < derived.count ? derived[index] : nil
            guard mine != theirs else { continue }
            let title = (theirs ?? mine)!.title
            let seen = mine?.rows ?? "(no such view)", wanted = theirs?.rows ?? "(no such view)"
            differences.append("\(title) shows \(seen); expected \(wanted)")
        }
        return differences
    }

    /// Whether the implementation shows other views than the specification derives from
    /// `expected`; false when the adapter reads none.
    func showsOtherwise(_ system: System, _ expected: Spec.State) -> Bool {
        guard let shown = shown(in: system) else { return false }
        return shown != expectedShown(in: expected)
    }
}

extension ImplementationAdapter where Spec: UserFacing, Spec.ShownRow == ShownRow {
    public func expectedShown(in state: Spec.State) -> [ShownView<ShownRow>] { spec.shown(in: state) }
}

/// The entity a row names: a slot of the specification's, or an id of the implementation's
/// that maps to no slot, quoted as the implementation writes it (a difference to show).
public enum ShownName<Slot: Hashable & Sendable & CustomStringConvertible>: Hashable, Sendable,
    CustomStringConvertible {
    case slot(Slot)
    case unmapped(String)

    public var description: String {
        switch self {
        case .slot(let slot): slot.description
        case .unmapped(let id): id
        }
    }
}
