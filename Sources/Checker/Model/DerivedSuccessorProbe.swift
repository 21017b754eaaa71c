import Synchronization

/// Whether rebuilding one successor lists every successor of the state: `Model`'s default
/// `successor(of:via:)` does, and marks a probe bound here when it runs. A search finds out on
/// its first rebuild (`RebuildWay`) and, where it does, rebuilds the new states of one parent
/// from one listing rather than one listing each: a core-layer model would otherwise list each
/// parent's successors once more per new state.
///
/// Why a probe rather than a declaration: every model that writes its own
/// `successor(of:via:)` (an `ActionListingModel`, cab booking, Travlendar+, the conformance
/// models) would have to say so, and one that forgot would lose speed without a word. Why on
/// a rebuild the search makes anyway: a model that counts what it is asked (the coverage of
/// boundaries) would count a rehearsal too.
enum DerivedSuccessorProbe {
    final class Mark: Sendable {
        let ran = Atomic<Bool>(false)
    }

    @TaskLocal static var mark: Mark?
}

/// How one search rebuilds its new states, found out on the first rebuild of any worker.
final class RebuildWay: Sendable {
    enum Way: UInt8 {
        case unknown
        /// `successor(of:via:into:)` for each new state.
        case oneByOne
        /// One listing of each parent for all its new states.
        case byListing
    }

    private let raw = Atomic<UInt8>(Way.unknown.rawValue)

    var way: Way { Way(rawValue: raw.load(ordering: .relaxed))! }

    func settle(listing: Bool) { raw.store((listing ? Way.byListing : .oneByOne).rawValue, ordering: .relaxed) }
}

extension ModelHooks {
    /// `successor(of:via:into:)`, and whether it listed every successor of the state to find
    /// this one (`DerivedSuccessorProbe`).
    func successorFindingOutListing(
        of state: UnsafePointer<Base.State>, via action: Base.Action, into slot: UnsafeMutablePointer<Base.State>
    ) -> (found: Bool, listed: Bool) {
        let mark = DerivedSuccessorProbe.Mark()
        let found = DerivedSuccessorProbe.$mark.withValue(mark) { successor(of: state, via: action, into: slot) }
        return (found, mark.ran.load(ordering: .relaxed))
    }
}
