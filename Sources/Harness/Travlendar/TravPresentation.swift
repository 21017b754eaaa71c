import Checker
import ModelKit
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

    /// One change per field that differs, "FIELD BEFORE→AFTER": the trace's changes and the
    /// divergence witness, in the same words.
    public static func changes(from before: TravWorld, to after: TravWorld, scope: TravScope) -> [StateChange] {
        var lines: [StateChange] = []
        lines.compare("minute", before.now, after.now)
        lines.compare("rain", before.rain, after.rain)
        lines.compare("strike", before.strike, after.strike)
        lines.compare("shared bikes", before.sharedBikes, after.sharedBikes) { TravPresentation.places($0) }
        for a in 0..<scope.appointments {
            let x = before.appointments[a], y = after.appointments[a], name = "a\(a + 1)"
            lines.compare(name, x.status, y.status)
            lines.compare("\(name) template", x.template, y.template) { "T\($0)" }
            lines.compare("\(name) day", x.day, y.day)
        }
        for s in 0..<scope.schedules {
            let x = schedule(before.schedules[s], scope: scope), y = schedule(after.schedules[s], scope: scope)
            if before.schedules[s].status == .unused && after.schedules[s].status != .unused {
                lines.append(StateChange(note: "s\(s + 1) \(y)"))
            } else {
                lines.compare("s\(s + 1)", x, y)
            }
        }
        return lines
    }
}
