import Checker

/// A snapshot a service keeps for the checker: released (named in the next request to its
/// process) when no state holds it any more.
final class ServiceSnapshot: Sendable {
    let id: Int
    let session: Int
    /// The start of the process in its slot that keeps it: a process started again keeps none.
    let generation: Int
    private let pool: ServicePool

    init(id: Int, session: Int, generation: Int, pool: ServicePool) {
        self.id = id
        self.session = session
        self.generation = generation
        self.pool = pool
    }

    deinit { pool.release(id, in: session) }
}

/// The way back to a state by replaying: the initial state's number and the actions from it,
/// each node holding its parent, so that the paths of a level share their prefixes.
final class ServicePath: Sendable {
    let parent: ServicePath?
    let initial: Int
    let action: JSON?

    init(initial: Int) {
        parent = nil
        self.initial = initial
        action = nil
    }

    init(parent: ServicePath, action: JSON) {
        self.parent = parent
        initial = parent.initial
        self.action = action
    }

    var actions: [JSON] {
        var actions: [JSON] = []
        var node: ServicePath? = self
        while let current = node, let action = current.action {
            actions.append(action)
            node = current.parent
        }
        return actions.reversed()
    }
}

/// What the checker knows of the service at a state it drove the service to: where the
/// service keeps it, and once the state's actions were tried, their results. The snapshot is
/// let go once the actions are tried: the search never comes back to a state it expanded.
final class ServiceNode: Sendable {
    let path: ServicePath
    let snapshot: Locked<ServiceSnapshot?>
    let tried = Locked<TriedActions?>(nil)

    init(path: ServicePath, snapshot: ServiceSnapshot?) {
        self.path = path
        self.snapshot = Locked(snapshot)
    }
}

/// The answers of a service to one state's actions, each tried on a copy of the state.
struct TriedActions: Sendable {
    /// A step the specification allows, as the service took it.
    enum Step: Sendable {
        /// It ended in the specification's state, kept as `snapshot` (nil: the service keeps none),
        /// with the fingerprint of the hidden state the service reported there (0: none).
        case conforms(snapshot: ServiceSnapshot?, hidden: UInt64)
        case diverged(witness: String)
    }

    enum Result: Sendable {
        /// `hidden`: the fingerprint of the hidden state the service reported (0: none).
        case accepted(state: JSON, snapshot: ServiceSnapshot?, hidden: UInt64)
        /// `state` nil: the service reports its state unchanged.
        case refused(message: String, state: JSON?)
        case skipped(reason: String)
    }
    /// How each step the specification allows went, by the action's JSON, rendered.
    var steps: [String: Step] = [:]
    /// What went wrong with the service while it tried them: it failed (a finding of
    /// `ServiceResponds`), or broke the protocol (the check stops).
    var failure: String?
    /// An action the specification forbids that the service accepted, or a refusal that
    /// changed its state.
    var refusalProblem: String?
    /// The service came back to the state as another one.
    var nondeterminism: String?
    /// Whether any action the specification forbids was tried and refused.
    var refusalsTried = false
}
