import Checker
import ModelKit

/// What a rider has: nothing, a seat held for a while, or a seat of his own.
public enum RiderStatus: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case none, holding, seated
    public var description: String { ["none", "holding", "seated"][Int(rawValue)] }
}

public struct Rider: Sendable, Hashable {
    public var status = RiderStatus.none
    /// The minute the hold was made.
    public var heldAt: UInt8 = 0
    public init() {}
}

/// The whole system in ten bytes: the clock and each rider's seat.
public struct ShuttleState: PlainDataState {
    public static let capacity = 4
    public var now: UInt8 = 0
    public var riders = InlineArray<4, Rider>(repeating: Rider())
    public init() {}

    public func occupied(in scope: ShuttleScope) -> Int { (0..<scope.riders).count { riders[$0].status != .none } }
    /// The minute rider `r`'s hold lapses.
    public func lapse(of r: Int, in scope: ShuttleScope) -> Int { Int(riders[r].heldAt) + scope.holdMinutes }
}

/// The state's JSON shape: the vocabulary of traces, reports and a service under test.
extension ShuttleState: DeclaredState {
    public static var fields: [StateField<(state: ShuttleState, scope: ShuttleScope)>] {
        [
            .number("now") { Int($0.state.now) },
            .entities(
                "riders", "r", { whole in (0..<whole.scope.riders).map { ($0, whole.state.riders[$0]) } },
                fields: [
                    .word("status", among: RiderStatus.allCases.map(\.description)) { "\($0.status)" },
                    .number("heldAt") { Int($0.heldAt) },
                ]),
        ]
    }
}
