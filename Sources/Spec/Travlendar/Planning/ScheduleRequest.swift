/// What the scheduler is asked (UC Schedule appointments): the appointments selected, the
/// profile, the criteria order, the environment, and when the user can leave home. Each
/// appointment keeps its slot number, by which plans and tie-breaks name it.
public struct ScheduleRequest: Sendable, Hashable {
    public var appointments: [Selected]
    public var profile: Int
    public var criteria: Int
    public var environment: TravEnvironment
    public var readyAt: Int

    public struct Selected: Sendable, Hashable {
        public var slot: Int
        public var template: Int
    }
}

/// A plan: the appointments in the order visited, each with its start and the leg into it.
public struct Plan: Sendable, Equatable {
    public var stops: [Stop]

    public struct Stop: Sendable, Equatable {
        public var slot: Int
        public var mean: TravelMean
        public var departure: Int
        public var start: Int
    }
}

/// The scheduler's answer: a plan, or none when no arrangement keeps every rule.
public enum PlanOutcome: Sendable, Equatable {
    case planned(Plan)
    case infeasible
}
