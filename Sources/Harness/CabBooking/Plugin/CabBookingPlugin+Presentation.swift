import CabBookingSpec
import Checker
import ModelKit

/// How a cab booking trace is shown to a reviewer.
extension CabBookingPlugin {
    public func summary(of world: CabWorld, bounds scope: CabScope) -> String { CabPresentation.summary(world, scope: scope) }

    /// One change per field that differs, "FIELD BEFORE→AFTER" (`CabPresentation.changes`).
    public func changes(from before: CabWorld, to after: CabWorld, bounds scope: CabScope) -> [StateChange] {
        CabPresentation.changes(from: before, to: after, scope: scope)
    }

    /// The entity names in a witness sentence (p1, b2, c3, L0).
    public func entities(in witness: String) -> Set<String> {
        Set(witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
            ["p", "b", "c", "L"].contains { word.hasPrefix($0) && Int(word.dropFirst()) != nil }
        })
    }
}
