import Checker
import ModelKit
import ShuttleReference
import ShuttleSpec

/// Drives the service with the Spec's actions and reads it back in the Spec's terms. Riders
/// r1, r2, ... are the service's "rider-1", "rider-2", ...; a rider's ticket is found by name.
public struct ShuttleAdapter: ImplementationAdapter {
    public let spec: ShuttleModel
    let fault: ShuttleFault?

    public init(spec: ShuttleModel, fault: ShuttleFault? = nil) {
        self.spec = spec
        self.fault = fault
    }

    static func rider(_ r: Int) -> String { "rider-\(r + 1)" }

    public func initialSystems() -> [ShuttleService] {
        [
            ShuttleService(
                seats: spec.scope.seats, holdMinutes: spec.scope.holdMinutes, grace: fault == .holdLapsesLate ? 1 : 0)
        ]
    }

    public func perform(_ action: ShuttleAction, on service: inout ShuttleService) -> Outcome {
        var next = service
        do throws(ShuttleService.Refusal) {
            switch action {
            case .hold(let r): _ = try next.hold(for: Self.rider(r))
            case .confirm(let r): try next.confirm(next.ticket(of: Self.rider(r))?.number ?? 0)
            case .cancel(let r): try next.cancel(next.ticket(of: Self.rider(r))?.number ?? 0)
            case .advance(let minutes): try next.advance(to: next.clock + minutes)
            }
        } catch {
            return .refused(Refusal(describing: error))
        }
        service = next
        return .accepted
    }

    public func abstraction(of service: ShuttleService) -> ShuttleState {
        var state = ShuttleState()
        state.now = UInt8(clamping: service.clock)
        for r in 0..<spec.scope.riders {
            guard let ticket = service.ticket(of: Self.rider(r)) else { continue }
            state.riders[r].status = ticket.confirmed ? .seated : .holding
            state.riders[r].heldAt = UInt8(clamping: ticket.heldAt)
        }
        return state
    }

    /// The Spec's actions and every rider's hold, confirm and cancel, which the service must
    /// refuse where the Spec does not allow them.
    public func candidates(in state: ShuttleState, into actions: inout [ShuttleAction]) {
        spec.enabledActions(in: state, into: &actions)
        for r in 0..<spec.scope.riders {
            for action in [ShuttleAction.hold(rider: r), .confirm(rider: r), .cancel(rider: r)]
            where !actions.contains(action) {
                actions.append(action)
            }
        }
    }

    public func differences(expected: ShuttleState, actual: ShuttleState) -> [String] {
        expected.changes(to: actual, in: spec.scope).map(\.description)
    }
}
