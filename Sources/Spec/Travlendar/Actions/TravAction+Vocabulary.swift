import Checker
import ModelKit

/// How Travlendar+'s actions are written in traces and in their JSON shape: the enum's cases
/// and labels are the actions and their parameters; this says how each label is spelled.
extension TravAction: DeclaredAction {
    public static var names: [String] { TravActionKind.allCases.map(\.name) }

    public static var spellings: [String: ParameterSpelling<TravScope>] {
        [
            "appointment": .name("a", count: { $0.appointments }),
            "schedule": .name("s", count: { $0.schedules }),
            "template": .name("T", from: 0, count: { $0.templates.count }),
            "profile": .name("P", from: 0, count: { $0.profiles.count }),
            "criteria": .name("C", from: 0, count: { $0.criteriaOrders.count }),
            "place": .name("L", from: 0, count: { $0.placesInRegion }),
            // A set of appointment slots as bits, never empty.
            "selection": .number(in: { 1...(1 << $0.appointments) - 1 }),
            "minutes": .number(in: { 1...max(1, $0.horizon) }),
            "seats": .flag,
        ]
    }
}
