import TravlendarSpec

/// A Travlendar+ world in one line, for traces and divergences.
public enum TravPresentation {
    public static func summary(_ world: TravWorld, scope: TravScope) -> String {
        var parts = ["minute \(world.now)", world.rain ? "rain" : "dry"]
        if world.strike { parts.append("strike") }
        if world.sharedBikes != 0 { parts.append("shared bikes \(places(world.sharedBikes))") }
        if !world.hasBike { parts.append("no bike") }
        for a in 0..<scope.appointments where world.appointments[a].status != .unused {
            let r = world.appointments[a]
            parts.append("a\(a + 1) T\(r.template) \(r.status)\(r.day > 0 ? " day \(r.day)" : "")")
        }
        for s in 0..<scope.schedules where world.schedules[s].status != .unused {
            parts.append("s\(s + 1) \(schedule(world.schedules[s], scope: scope))")
        }
        return parts.joined(separator: "; ")
    }

    static func places(_ bits: UInt8) -> String { (0..<8).filter { bits & (1 << $0) != 0 }.map { "L\($0)" }.joined(separator: ",") }

    /// A schedule: its state, request and plan in visiting order.
    public static func schedule(_ r: ScheduleRecord, scope: TravScope) -> String {
        let stops = (0..<scope.appointments).filter { r.contains($0) }.sorted { (r.plan[$0].start, $0) < (r.plan[$1].start, $1) }
        let plan = r.status == .discarded && r.reason == .infeasible ? "no plan"
            : stops.map { "a\($0 + 1) \(r.plan[$0].mean) \(r.plan[$0].departure)→\(r.plan[$0].start)" }.joined(separator: ", ")
        var text = "\(r.status)\(r.reason == .none ? "" : " (\(r.reason))") P\(r.profile) C\(r.criteria) [\(plan)]"
        if r.booking != .none { text += " tickets \(r.booking)×\(r.charges)" }
        if r.stale { text += " stale" }
        return text
    }
}
