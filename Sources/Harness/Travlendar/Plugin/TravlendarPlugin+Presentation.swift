import Checker
import TravlendarSpec

/// How a Travlendar+ trace is shown to a reviewer.
extension TravlendarPlugin {
    public func summary(of world: TravWorld, bounds scope: TravScope) -> String { TravPresentation.summary(world, scope: scope) }

    /// One change per field that differs, "FIELD BEFORE→AFTER".
    public func changes(from before: TravWorld, to after: TravWorld, bounds scope: TravScope) -> [StateChange] {
        var lines: [StateChange] = []
        func compare<T: Equatable>(_ field: String, _ a: T, _ b: T, _ show: (T) -> String = { "\($0)" }) {
            if a != b { lines.append(StateChange(field, show(a), show(b))) }
        }
        compare("minute", before.now, after.now)
        compare("rain", before.rain, after.rain)
        compare("strike", before.strike, after.strike)
        compare("shared bikes", before.sharedBikes, after.sharedBikes) { TravPresentation.places($0) }
        for a in 0..<scope.appointments {
            let x = before.appointments[a], y = after.appointments[a], name = "a\(a + 1)"
            compare(name, x.status, y.status)
            compare("\(name) template", x.template, y.template) { "T\($0)" }
            compare("\(name) day", x.day, y.day)
        }
        for s in 0..<scope.schedules {
            let x = TravPresentation.schedule(before.schedules[s], scope: scope), y = TravPresentation.schedule(after.schedules[s], scope: scope)
            if before.schedules[s].status == .unused && after.schedules[s].status != .unused {
                lines.append(StateChange(note: "s\(s + 1) \(y)"))
            } else {
                compare("s\(s + 1)", x, y)
            }
        }
        return lines
    }

    /// The entity names in a witness sentence (a1, s2, L0).
    public func entities(in witness: String) -> Set<String> {
        Set(witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
            ["a", "s", "L"].contains { word.hasPrefix($0) && Int(word.dropFirst()) != nil }
        })
    }
}
