/// The shuttle's seat service as a team writes it: tickets with numbers it issues itself,
/// riders by name, a clock it is told about, and refusals that say why in words.
public struct ShuttleService: Sendable, Equatable {
    public struct Ticket: Sendable, Equatable {
        public let number: Int
        public let rider: String
        public let heldAt: Int
        public var confirmed: Bool
    }

    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case noSeatFree
        case alreadyHasTicket(String)
        case noTicket(Int)
        case alreadyConfirmed(Int)
        case clockBackwards

        public var description: String {
            switch self {
            case .noSeatFree: "Sorry, every seat is taken."
            case .alreadyHasTicket(let rider): "\(rider) already has a ticket."
            case .noTicket(let number): "There is no ticket \(number)."
            case .alreadyConfirmed(let number): "Ticket \(number) is already confirmed."
            case .clockBackwards: "The clock cannot go back."
            }
        }
    }

    public let seats: Int
    public let holdMinutes: Int
    public private(set) var tickets: [Ticket] = []
    public private(set) var clock = 0
    private var nextNumber = 1_001
    /// Minutes a hold survives past its time: 0 in the service; the fault plants 1.
    let grace: Int

    public init(seats: Int, holdMinutes: Int, grace: Int = 0) {
        self.seats = seats
        self.holdMinutes = holdMinutes
        self.grace = grace
    }

    public func ticket(of rider: String) -> Ticket? { tickets.first { $0.rider == rider } }

    /// Holds a seat for `rider`; the ticket's number.
    public mutating func hold(for rider: String) throws(Refusal) -> Int {
        guard ticket(of: rider) == nil else { throw .alreadyHasTicket(rider) }
        guard tickets.count < seats else { throw .noSeatFree }
        defer { nextNumber += 1 }
        tickets.append(Ticket(number: nextNumber, rider: rider, heldAt: clock, confirmed: false))
        return nextNumber
    }

    public mutating func confirm(_ number: Int) throws(Refusal) {
        guard let index = tickets.firstIndex(where: { $0.number == number }) else { throw .noTicket(number) }
        guard !tickets[index].confirmed else { throw .alreadyConfirmed(number) }
        tickets[index].confirmed = true
    }

    public mutating func cancel(_ number: Int) throws(Refusal) {
        guard let index = tickets.firstIndex(where: { $0.number == number }) else { throw .noTicket(number) }
        tickets.remove(at: index)
    }

    /// Moves the clock to `minute`, and lets every hold whose time has come lapse.
    public mutating func advance(to minute: Int) throws(Refusal) {
        guard minute >= clock else { throw .clockBackwards }
        clock = minute
        tickets.removeAll { !$0.confirmed && clock >= $0.heldAt + holdMinutes + grace }
    }
}
