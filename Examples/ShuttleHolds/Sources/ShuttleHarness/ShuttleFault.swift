import Checker
import ModelKit

/// The bugs the example's service can carry, and the check that catches each.
public enum ShuttleFault: String, Sendable, CaseIterable {
    case holdLapsesLate

    var description: FaultDescription {
        switch self {
        case .holdLapsesLate:
            FaultDescription(
                name: rawValue, area: "holds", summary: "A hold lapses a minute after its time, not at it.",
                target: "reference", property: "holdsLapseOnTime", scope: "ci", steps: 2)
        }
    }
}
