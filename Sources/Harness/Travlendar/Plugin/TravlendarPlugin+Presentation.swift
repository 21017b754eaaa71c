import Checker
import ModelKit
import TravlendarSpec

/// How a Travlendar+ trace is shown to a reviewer.
extension TravlendarPlugin {
    public func summary(of world: TravWorld, bounds scope: TravScope) -> String { TravPresentation.summary(world, scope: scope) }

    /// One change per field that differs, "FIELD BEFORE→AFTER" (`TravPresentation.changes`).
    public func changes(from before: TravWorld, to after: TravWorld, bounds scope: TravScope) -> [StateChange] {
        TravPresentation.changes(from: before, to: after, scope: scope)
    }

    /// The entity names in a witness sentence (a1, s2, L0).
    public func entities(in witness: String) -> Set<String> {
        Set(witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
            ["a", "s", "L"].contains { word.hasPrefix($0) && Int(word.dropFirst()) != nil }
        })
    }
}
