import Checker
import ModelKit

/// A Travlendar+ state in its JSON shape, the vocabulary of trace files, reports and a service
/// under test: the environment, the appointments and schedules by name, each schedule's plan
/// by appointment, statuses as words, minutes as whole numbers.
extension TravWorld: DeclaredState {
    public static var fields: [StateField<(state: TravWorld, scope: TravScope)>] {
        [
            .number("now") { Int($0.state.now) },
            .record("environment", { $0.state.environment }, fields: environment),
            .entities(
                "appointments", "a",
                { whole in
                    (0..<whole.scope.appointments).filter { whole.state.appointments[$0].status != .unused }.map {
                        ($0, whole.state.appointments[$0])
                    }
                }, fields: appointment),
            .entities(
                "schedules", "s",
                { whole in
                    (0..<whole.scope.schedules).filter { whole.state.schedules[$0].status != .unused }
                        .map { ($0, (record: whole.state.schedules[$0], appointments: whole.scope.appointments)) }
                }, fields: schedule),
        ]
    }

    static var environment: [StateField<TravEnvironment>] {
        // Shared bikes: bit i, a bike stands at place Li.
        [
            .flag("rain") { $0.rain }, .flag("strike") { $0.strike }, .number("sharedBikes") { Int($0.sharedBikes) },
            .flag("hasBike") { $0.hasBike },
        ]
    }

    static var appointment: [StateField<AppointmentRecord>] {
        [
            .word("status", among: AppointmentStatus.allCases.map(\.description)) { "\($0.status)" },
            .name("template", "T", from: 0) { Int($0.template) }, .number("day") { Int($0.day) },
            .number("occurrences") { Int($0.occurrences) },
        ]
    }

    static var schedule: [StateField<(record: ScheduleRecord, appointments: Int)>] {
        [
            .word("status", among: ScheduleStatus.allCases.map(\.description)) { "\($0.record.status)" },
            .word("reason", among: DiscardReason.allCases.map(\.description)) { "\($0.record.reason)" },
            // The appointments asked for, bit a for slot a.
            .number("selection") { Int($0.record.selection) }, .number("fulfilled") { Int($0.record.fulfilled) },
            .name("profile", "P", from: 0) { Int($0.record.profile) },
            .name("criteria", "C", from: 0) { Int($0.record.criteria) },
            .number("readyAt") { Int($0.record.readyAt) },
            // The environment the plan was computed in.
            .flag("rain") { $0.record.rain }, .flag("strike") { $0.record.strike },
            .number("sharedBikes") { Int($0.record.sharedBikes) }, .flag("hasBike") { $0.record.hasBike },
            .word("booking", among: BookingState.allCases.map(\.description)) { "\($0.record.booking)" },
            .number("charges") { Int($0.record.charges) }, .flag("stale") { $0.record.stale },
            .flag("warned") { $0.record.warned },
            .entities(
                "plan", "a",
                { schedule in
                    (0..<schedule.appointments).filter { schedule.record.contains($0) }.map {
                        ($0, schedule.record.plan[$0])
                    }
                }, fields: stop),
        ]
    }

    static var stop: [StateField<PlanStop>] {
        [
            .name("template", "T", from: 0) { Int($0.template) }, .number("start") { Int($0.start) },
            .word("mean", among: TravelMean.allCases.map(\.description)) { "\($0.mean)" },
            .number("departure") { Int($0.departure) },
        ]
    }
}
