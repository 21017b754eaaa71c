/// Travlendar+ as a service: the user's appointments, the schedules planned for them, the
/// booking of tickets, the world's changes and the clock, as one value. Every operation either
/// succeeds or throws a `CalendarError` and changes nothing.
public struct CalendarService: Sendable, Equatable {
    public let home: PlaceID
    let region: Set<PlaceID>
    let options: TravelTable
    /// When rain starts on a day rain is forecast.
    let rainStartsAt: MinuteOfDay
    public let wakeUp: MinuteOfDay
    let fault: CalendarFault?

    public internal(set) var appointments: [AppointmentID: Appointment] = [:]
    public internal(set) var schedules: [ScheduleID: Schedule] = [:]
    var nextAppointment = 1
    var nextSchedule = 1
    /// The ids the next appointment and schedule will get.
    public var nextAppointmentID: Int { nextAppointment }
    public var nextScheduleID: Int { nextSchedule }
    public internal(set) var now: MinuteOfDay
    public internal(set) var conditions: Conditions
    public internal(set) var outbox: [Notice] = []

    public init(home: PlaceID, region: Set<PlaceID>, options: TravelTable, wakeUp: MinuteOfDay, now: MinuteOfDay, rainStartsAt: MinuteOfDay,
                conditions: Conditions, fault: CalendarFault? = nil) {
        self.home = home
        self.region = region
        self.options = options
        self.wakeUp = wakeUp
        self.now = now
        self.rainStartsAt = rainStartsAt
        self.conditions = conditions
        self.fault = fault
    }

    /// Open appointments are Scheduled exactly when a live schedule still holds them.
    mutating func refreshStates() {
        for (id, appointment) in appointments where appointment.state == .unscheduled || appointment.state == .scheduled {
            let held = schedules.values.contains { $0.isLive && $0.holds(id) }
            appointments[id]!.state = held ? .scheduled : .unscheduled
        }
    }

    func send(_ kind: Notice.Kind, _ schedule: ScheduleID, _ text: String) -> Notice { Notice(kind: kind, schedule: schedule, text: text) }
}
