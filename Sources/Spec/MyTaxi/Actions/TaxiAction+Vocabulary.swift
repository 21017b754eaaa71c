import Checker
import ModelKit

/// How myTaxi's actions are written in traces and in their JSON shape: the enum's cases and
/// labels are the actions and their parameters (`accept` with `driver: d1`); this says how
/// each label is spelled and which values a trace may give in a scope.
extension TaxiAction: DeclaredAction {
    public static var names: [String] { ActionKind.allCases.map(\.name) + ["longTick"] }

    /// The probe of time at the minute is written as the tick it stands beside.
    public static var writtenNames: [String: String] { ["longTick": "tick"] }

    public static var spellings: [String: ParameterSpelling<Scope>] {
        [
            "client": .name(ClientID.prefix, count: { $0.clients }),
            "driver": .name(DriverID.prefix, count: { $0.drivers }),
            "taxi": .name(TaxiID.prefix, count: { $0.taxis }),
            "zone": .name(ZoneID.prefix, count: { $0.zones }),
            "route": .name(RouteID.prefix, count: { $0.routes }),
            "owner": .name(RouteID.prefix, count: { $0.routes }),
            // 0 to one past a taxi's seats: the seeds' 1 to 4 and the probes beside them.
            "passengers": .number(in: { _ in 0...(Capacity.maxPassengersPerTaxi + 1) }),
            // A reservation's lead in ticks: the window's edges and one tick outside each.
            "lead": .number(in: { ($0.timing.minimumLeadTicks - 1)...($0.timing.maximumLeadTicks + 1) }),
            // Past the next tick, and no further than a tick past the horizon: never empty, since a
            // scope whose clock cannot move (horizon 0) is still probed one minute past a tick.
            "minutes": .number(in: { ($0.timing.minutesPerTick + 1)...($0.timing.minutesPerTick * ($0.horizon + 2)) }),
            "shared": .flag, "byCard": .flag,
        ]
    }
}
