/// What a plan costs on each criterion (§2.1.3): minutes travelling (waiting is not travel),
/// cost units, and metres on polluting means (carbon, DT6).
public struct Objective: Sendable, Hashable, CustomStringConvertible {
    public var minutes = 0
    public var money = 0
    public var carbonMetres = 0

    public init(minutes: Int = 0, money: Int = 0, carbonMetres: Int = 0) {
        self.minutes = minutes
        self.money = money
        self.carbonMetres = carbonMetres
    }

    public mutating func add(_ option: TravelOption, by mean: TravelMean) {
        minutes += option.minutes
        money += option.cost
        if mean.isPolluting { carbonMetres += option.metres }
    }

    public func value(_ criterion: Criterion) -> Int {
        switch criterion {
        case .time: minutes
        case .money: money
        case .carbon: carbonMetres
        }
    }

    /// The criteria's values in the user's order, compared lexicographically (R7, DT6).
    public func ranked(_ order: [Criterion]) -> [Int] { order.map(value) }

    public var description: String { "\(minutes) min, \(money) units, \(carbonMetres) m polluting" }
}

extension Array where Element == Int {
    /// Lexicographic order: the first differing element decides.
    static func lexicallyBefore(_ a: [Int], _ b: [Int]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return a.count < b.count
    }
}

extension PlanRules {
    /// The plan's cost on each criterion, from the scope's travel options.
    public func objective(of plan: Plan, for request: ScheduleRequest) -> Objective {
        var objective = Objective()
        for k in plan.stops.indices {
            if let option = option(k, plan, request) { objective.add(option, by: plan.stops[k].mean) }
        }
        return objective
    }
}
