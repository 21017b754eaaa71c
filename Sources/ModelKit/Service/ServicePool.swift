import Checker
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The service processes of one check, one per worker: each request goes to a process that is
/// free, the one that keeps the state's snapshot when it can. The first break of the protocol
/// is kept and stops the search (`stop`); the tool then exits 2 naming it.
public final class ServicePool: Sendable {
    public let configuration: ServiceConfiguration
    private let slots: [Slot]
    private let nextSnapshot = Atomic<Int>(1)
    private let broken = Locked<ServiceProblem?>(nil)
    /// The specification's initial states in their JSON shapes, by number, as `init` sent them.
    let initialStates = Locked<[Int: JSON]>([:])
    private let stop: StopRequest?

    /// A process can be started this many times in its slot before the check gives up on it.
    static let startsPerSlot = 50

    /// Starts `processes` services and shakes hands with each; an error is a service that
    /// cannot be started or does not speak the protocol.
    public init(configuration: ServiceConfiguration, processes: Int, stop: StopRequest?) throws(ServiceProblem) {
        precondition(processes >= 1, "at least one service process")
        self.configuration = configuration
        self.stop = stop
        slots = (0..<processes).map { Slot(session: ServiceSession(number: $0, configuration: configuration)) }
        do {
            for slot in slots { try slot.session.start() }
        } catch {
            close()
            throw error.isProtocolBreak ? error : .couldNotStart(error.description)
        }
    }

    /// Ends every process.
    public func close() {
        for slot in slots { slot.session.stop() }
    }

    /// The first break of the protocol, if one stopped the check.
    public var protocolBreak: ServiceProblem? { broken.withLock { $0 } }

    /// How many processes the pool runs.
    public var processCount: Int { slots.count }

    /// The implementation as the first process named itself.
    public var implementation: String { slots[0].session.implementation }

    /// Keeps the first break and stops the search.
    func record(_ error: ServiceProblem) {
        broken.withLock { if $0 == nil { $0 = error } }
        stop?.raise()
    }

    func newSnapshotID() -> Int { nextSnapshot.add(1, ordering: .relaxed).oldValue }

    /// Names a snapshot no state holds any more in the next request to its process.
    func release(_ id: Int, in session: Int) {
        slots[session].releases.withLock { $0.append(id) }
    }

    /// Runs `body` with a free process, `preferred`'s when it is free, started again first if it
    /// failed before; the snapshots to release there are handed over with it.
    func withSession<T>(
        preferring preferred: Int?, _ body: (ServiceSession, _ releases: [Int]) throws(ServiceProblem) -> T
    ) throws(ServiceProblem) -> T {
        let order = preferred.map { [$0] + slots.indices.filter { $0 != preferred } } ?? Array(slots.indices)
        var taken: Slot?
        while taken == nil {
            for index in order
            where slots[index].busy.compareExchange(
                expected: false, desired: true, ordering: .acquiring
            ).exchanged {
                taken = slots[index]
                break
            }
            if taken == nil { sched_yield() }
        }
        let slot = taken!
        defer { slot.busy.store(false, ordering: .releasing) }
        let session = slot.session
        if !session.isRunning {
            guard session.starts < Self.startsPerSlot else {
                throw .protocolBreak("the service failed \(Self.startsPerSlot) times; see its log", line: "")
            }
            // Its snapshots went with the process that failed.
            slot.releases.withLock { $0.removeAll() }
            try session.start()
        }
        let releases = slot.releases.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        return try body(session, releases)
    }

    private final class Slot: Sendable {
        let busy = Atomic<Bool>(false)
        /// Used only by the thread that set `busy`.
        let session: ServiceSession
        let releases = Locked<[Int]>([])
        init(session: ServiceSession) { self.session = session }
    }
}
