import Checker
import Synchronization

/// A point on a `size` × `size` grid that moves right or up, with two invariants: one that
/// reads only the column (and declares so) and one that reads everything. Each predicate
/// counts its runs, so a test can see which states the explorer skipped. `forbiddenColumn`
/// plants a violation of the first; `readsNothing` adds an invariant that reads no part of
/// the state (a fact true by construction), `stepsRight` a transition property about steps
/// to the right only.
struct Grid: ActionListingModel, ModelHooks {
    /// Its own hooks: footprints.
    typealias Hooks = Self
    struct State: Hashable, Sendable, StableHashable {
        var column: Int
        var row: Int
        func stableHash(into hasher: inout StableHasher) {
            hasher.combine(column)
            hasher.combine(row)
        }
    }

    enum Action: Hashable, Sendable, CustomStringConvertible {
        case right, up
        var description: String { self == .right ? "right" : "up" }
    }

    /// How often each predicate ran.
    final class Runs: Sendable {
        let column = Atomic<Int>(0)
        let anywhere = Atomic<Int>(0)
        let nothing = Atomic<Int>(0)
        let right = Atomic<Int>(0)
    }

    static let columnPart = StateParts(rawValue: 1 << 0)
    static let rowPart = StateParts(rawValue: 1 << 1)

    let size: Int
    var forbiddenColumn: Int?
    var readsNothing = false
    var stepsRight = false
    let runs = Runs()

    var name: String { "grid" }
    var initialStates: [State] { [State(column: 0, row: 0)] }
    var actionKindNames: [String] { ["right", "up"] }
    func actionKind(of action: Action) -> Int { action == .right ? 0 : 1 }
    func isLegalEnd(_ state: State) -> Bool { true }

    func enabledActions(in state: State, into actions: inout [Action]) {
        if state.column + 1 < size { actions.append(.right) }
        if state.row + 1 < size { actions.append(.up) }
    }

    func successor(of state: State, via action: Action) -> State? {
        switch action {
        case .right: return state.column + 1 < size ? State(column: state.column + 1, row: state.row) : nil
        case .up: return state.row + 1 < size ? State(column: state.column, row: state.row + 1) : nil
        }
    }

    func changedParts(from before: UnsafePointer<State>, to after: UnsafePointer<State>) -> StateParts {
        var changed = StateParts()
        if before.pointee.column != after.pointee.column { changed.formUnion(Grid.columnPart) }
        if before.pointee.row != after.pointee.row { changed.formUnion(Grid.rowPart) }
        return changed
    }

    var properties: [Property<Grid>] {
        [
            Property(id: "ColumnAllowed", kind: .invariant, group: "toy",
                     statement: "The point is never in the forbidden column; applies right of the first column.",
                     source: "test", symbol: "ColumnAllowed", footprint: Grid.columnPart,
                     predicate: .state { [forbiddenColumn, runs] state, check in
                         runs.column.add(1, ordering: .relaxed)
                         guard state.column > 0 else { return }
                         check.expect(state.column != forbiddenColumn, "in column \(state.column)")
                     }),
            Property(id: "Anywhere", kind: .invariant, group: "toy",
                     statement: "Every point is on the grid.", source: "test", symbol: "Anywhere",
                     predicate: .state { [size, runs] state, check in
                         runs.anywhere.add(1, ordering: .relaxed)
                         check.expect(state.column < size && state.row < size, "off the grid")
                     }),
        ] + (readsNothing ? [
            Property(id: "ByConstruction", kind: .invariant, group: "toy",
                     statement: "Holds by construction.", source: "test", symbol: "ByConstruction", footprint: StateParts(),
                     predicate: .state { [runs] _, check in
                         runs.nothing.add(1, ordering: .relaxed)
                         check.applies()
                     }),
        ] : []) + (stepsRight ? [
            Property(id: "RightIsOneColumn", kind: .actionProperty, group: "toy",
                     statement: "A step right moves one column and keeps the row.", source: "test", symbol: "RightIsOneColumn",
                     actionKinds: 1 << 0, predicate: .transition { [runs] before, action, after, check in
                         runs.right.add(1, ordering: .relaxed)
                         guard action == .right else { return }
                         check.expect(after.column == before.column + 1 && after.row == before.row, "moved to \(after)")
                     }),
        ] : [])
    }
}
