import Checker
import ModelKit

/// What riders and the clock do. Declared once: the cases and labels are the actions and
/// their parameters in traces and in their JSON shape.
public enum ShuttleAction: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Hold a free seat for `holdMinutes`.
    case hold(rider: Int)
    /// Turn one's hold into a seat of one's own.
    case confirm(rider: Int)
    /// Give up a hold or a seat.
    case cancel(rider: Int)
    /// The clock moves on; holds whose time has come lapse.
    case advance(minutes: Int)

    public var description: String {
        switch self {
        case .hold(let r): "hold(rider: r\(r + 1))"
        case .confirm(let r): "confirm(rider: r\(r + 1))"
        case .cancel(let r): "cancel(rider: r\(r + 1))"
        case .advance(let minutes): "advance(minutes: \(minutes))"
        }
    }

    public static let kinds = ["hold", "confirm", "cancel", "advance"]
    public var kind: Int {
        switch self {
        case .hold: 0
        case .confirm: 1
        case .cancel: 2
        case .advance: 3
        }
    }
}

extension ShuttleAction: DeclaredAction {
    public static var names: [String] { kinds }
    public static var spellings: [String: ParameterSpelling<ShuttleScope>] {
        ["rider": .name("r", count: { $0.riders }), "minutes": .number(in: { 1...$0.horizon })]
    }
}
