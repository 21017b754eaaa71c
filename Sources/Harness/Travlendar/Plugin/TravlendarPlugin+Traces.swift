import Checker
import TravlendarSpec

/// Travlendar+ states and actions in ITF: appointments and schedules as maps by name,
/// integers as {"#bigint": "n"}.
extension TravlendarPlugin {
    public var traceVariables: [String] { ["now", "environment", "appointments", "schedules"] }

    public func traceState(_ world: TravWorld, bounds scope: TravScope) -> [(String, JSON)] {
        func int(_ value: some BinaryInteger) -> JSON { .object([("#bigint", .string("\(value)"))]) }
        func map(_ pairs: [(String, JSON)]) -> JSON { .object([("#map", .array(pairs.map { .array([.string($0.0), $0.1]) }))]) }
        let environment = JSON.object([("rain", .bool(world.rain)), ("strike", .bool(world.strike)), ("sharedBikes", int(world.sharedBikes)),
                                       ("hasBike", .bool(world.hasBike))])
        let appointments = (0..<scope.appointments).filter { world.appointments[$0].status != .unused }.map { a -> (String, JSON) in
            let r = world.appointments[a]
            return ("a\(a + 1)", .object([("status", .string("\(r.status)")), ("template", .string("T\(r.template)")), ("day", int(r.day)),
                                         ("occurrences", int(r.occurrences))]))
        }
        let schedules = (0..<scope.schedules).filter { world.schedules[$0].status != .unused }.map { s -> (String, JSON) in
            let r = world.schedules[s]
            let plan = (0..<scope.appointments).filter { r.contains($0) }.map { a -> (String, JSON) in
                ("a\(a + 1)", .object([("template", .string("T\(r.plan[a].template)")), ("start", int(r.plan[a].start)), ("mean", .string("\(r.plan[a].mean)")), ("departure", int(r.plan[a].departure))]))
            }
            return ("s\(s + 1)", .object([("status", .string("\(r.status)")), ("reason", .string("\(r.reason)")), ("selection", int(r.selection)),
                                         ("fulfilled", int(r.fulfilled)), ("profile", .string("P\(r.profile)")), ("criteria", .string("C\(r.criteria)")),
                                         ("readyAt", int(r.readyAt)), ("rain", .bool(r.rain)), ("strike", .bool(r.strike)), ("sharedBikes", int(r.sharedBikes)),
                                         ("hasBike", .bool(r.hasBike)), ("booking", .string("\(r.booking)")), ("charges", int(r.charges)),
                                         ("stale", .bool(r.stale)), ("warned", .bool(r.warned)), ("plan", map(plan))]))
        }
        return [("now", int(world.now)), ("environment", environment), ("appointments", map(appointments)), ("schedules", map(schedules))]
    }

    public func traceAction(_ action: TravAction) -> (name: String, parameters: [(String, String)]) {
        let parameters: [(String, String)] = switch action {
        case .createAppointment(let t): [("template", "T\(t)")]
        case .editAppointment(let a, let t): [("appointment", "a\(a + 1)"), ("template", "T\(t)")]
        case .cancelAppointment(let a): [("appointment", "a\(a + 1)")]
        case .requestSchedule(let selection, let p, let c): [("selection", "\(selection)"), ("profile", "P\(p)"), ("criteria", "C\(c)")]
        case .runSchedule(let s), .discardSchedule(let s), .repeatBookingConfirmation(let s): [("schedule", "s\(s + 1)")]
        case .bookTravel(let s, let seats): [("schedule", "s\(s + 1)"), ("seats", "\(seats)")]
        case .weatherChanges, .strikeAnnounced: []
        case .sharedBikeMoves(let place): [("place", "L\(place)")]
        case .advance(let minutes): [("minutes", "\(minutes)")]
        }
        return (action.kind.name, parameters)
    }

    public func action(named name: String, parameters: [String: String], bounds scope: TravScope) throws(ModelInputError) -> TravAction {
        guard let kind = TravActionKind.allCases.first(where: { $0.name == name }) else {
            throw ModelInputError("unknown action '\(name)'; valid actions: \(TravActionKind.allCases.map(\.name).joined(separator: ", "))")
        }
        func text(_ key: String) throws(ModelInputError) -> String {
            guard let value = parameters[key] else { throw ModelInputError("\(name) needs a parameter '\(key)'") }
            return value
        }
        func entity(_ key: String, _ prefix: String, first: Int, count: Int) throws(ModelInputError) -> Int {
            let value = try text(key)
            guard value.hasPrefix(prefix), let number = Int(value.dropFirst(prefix.count)), (first..<first + count).contains(number) else {
                throw ModelInputError("\(name): \(key) '\(value)' is not one of \(prefix)\(first)...\(prefix)\(first + count - 1) in scope \(scope.name)")
            }
            return number - first
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(ModelInputError) -> Int {
            let value = try text(key)
            guard let number = Int(value), range.contains(number) else { throw ModelInputError("\(name): \(key) '\(value)' is not a whole number in \(range)") }
            return number
        }
        let a = { () throws(ModelInputError) -> Int in try entity("appointment", "a", first: 1, count: scope.appointments) }
        let s = { () throws(ModelInputError) -> Int in try entity("schedule", "s", first: 1, count: scope.schedules) }
        let t = { () throws(ModelInputError) -> Int in try entity("template", "T", first: 0, count: scope.templates.count) }
        let action: TravAction
        switch kind {
        case .createAppointment: action = .createAppointment(template: try t())
        case .editAppointment: action = .editAppointment(try a(), template: try t())
        case .cancelAppointment: action = .cancelAppointment(try a())
        case .requestSchedule:
            action = .requestSchedule(selection: try whole("selection", 1...(1 << scope.appointments) - 1),
                                      profile: try entity("profile", "P", first: 0, count: scope.profiles.count),
                                      criteria: try entity("criteria", "C", first: 0, count: scope.criteriaOrders.count))
        case .runSchedule: action = .runSchedule(try s())
        case .discardSchedule: action = .discardSchedule(try s())
        case .bookTravel:
            let seats = try text("seats")
            guard seats == "true" || seats == "false" else { throw ModelInputError("\(name): seats '\(seats)' is not true or false") }
            action = .bookTravel(try s(), seats: seats == "true")
        case .repeatBookingConfirmation: action = .repeatBookingConfirmation(try s())
        case .weatherChanges: action = .weatherChanges
        case .strikeAnnounced: action = .strikeAnnounced
        case .sharedBikeMoves: action = .sharedBikeMoves(place: try entity("place", "L", first: 0, count: scope.placesInRegion))
        case .advance: action = .advance(minutes: try whole("minutes", 1...max(1, scope.horizon)))
        }
        let expected = Set(traceAction(action).parameters.map(\.0))
        if let extra = parameters.keys.sorted().first(where: { !expected.contains($0) }) { throw ModelInputError("\(name) has no parameter '\(extra)'") }
        return action
    }
}
