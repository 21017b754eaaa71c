import Checker
import ModelKit

/// The bounds of one check: how many riders and seats, how long a hold lasts, how far the
/// clock may go, and how deep the search goes.
public struct ShuttleScope: DeclaredScope {
    public var name: String
    public var depth: Int?
    public var riders: Int
    public var seats: Int
    /// A hold lapses this many minutes after it was made, unless confirmed first.
    public var holdMinutes: Int
    public var horizon: Int

    public static let ci = ShuttleScope(name: "ci", depth: 8, riders: 3, seats: 2, holdMinutes: 10, horizon: 30)
    public static let rush = ShuttleScope(name: "rush", depth: 10, riders: 4, seats: 2, holdMinutes: 5, horizon: 20)
    public static var named: [ShuttleScope] { [.ci, .rush] }

    public static var keys: [ScopeKey<ShuttleScope>] {
        [
            ScopeKey("riders", 1...ShuttleState.capacity, \.riders), ScopeKey("seats", 1...4, \.seats),
            ScopeKey("hold", 1...30, \.holdMinutes), ScopeKey("horizon", 1...120, \.horizon), .depth,
        ]
    }
}
