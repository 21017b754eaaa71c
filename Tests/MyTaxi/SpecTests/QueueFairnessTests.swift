import Testing
@testable import MyTaxiSpec

@Suite("QueueOrderIsFair's judgement of one queue, on packed slots")
struct QueueFairnessTests {
    struct Verdict: Equatable, CustomStringConvertible {
        let inOrder: Bool
        let arrivalAhead: Bool
        var description: String { "in order \(inOrder), arrival ahead \(arrivalAhead)" }
    }

    /// The property's statement as plain loops over sets and lists: the drivers in both
    /// queues (the refuser aside) stayed; they keep their order, and stand first.
    static func judged(old: [UInt8], new: [UInt8], refuser: UInt8?) -> Verdict {
        var oldSet = IDSet<DriverID>()
        for raw in old { oldSet.insert(DriverID(raw: raw)) }
        var stayed = IDSet<DriverID>()
        for raw in new where oldSet.contains(DriverID(raw: raw)) && raw != refuser { stayed.insert(DriverID(raw: raw)) }
        var inOrder = true, position = 0
        for raw in new where stayed.contains(DriverID(raw: raw)) {
            while position < old.count && old[position] != raw { position += 1 }
            if position == old.count { inOrder = false; break }
        }
        var arrivalSeen = false, arrivalAhead = false
        for raw in new {
            if stayed.contains(DriverID(raw: raw)) { if arrivalSeen { arrivalAhead = true } } else { arrivalSeen = true }
        }
        return .init(inOrder: inOrder, arrivalAhead: arrivalAhead)
    }

    static func packed(_ raws: [UInt8]) -> PackedIDs<DriverID> {
        PackedIDs(bits: raws.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }, count: raws.count)
    }

    /// Every queue of up to four slots over drivers 0, 1, 2 and an id no set can hold,
    /// repeats included: broken queues come from the Reference too.
    static let queues: [[UInt8]] = {
        var all: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 0..<4 {
            last = last.flatMap { queue in [0, 1, 2, 9].map { queue + [$0] } }
            all += last
        }
        return all
    }()

    @Test("Agrees with the plain statement on every pair of queues and every refuser", arguments: [nil, 0, 1, 9] as [UInt8?])
    func agreesWithPlainStatement(refuser: UInt8?) {
        var disagreements = 0
        for old in Self.queues {
            for new in Self.queues {
                let fast = QueueFairness(old: Self.packed(old), new: Self.packed(new), refuser: refuser.map { DriverID(raw: $0) })
                if Verdict(inOrder: fast.inOrder, arrivalAhead: fast.arrivalAhead) != Self.judged(old: old, new: new, refuser: refuser) {
                    disagreements += 1
                    if disagreements <= 3 { Issue.record("\(old) → \(new), refuser \(refuser.map(String.init) ?? "none"): \(Verdict(inOrder: fast.inOrder, arrivalAhead: fast.arrivalAhead))") }
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test("Known cases: joining at the back, overtaking, joining ahead, a refuser falling back")
    func knownCases() {
        func verdict(_ old: [UInt8], _ new: [UInt8], refuser: UInt8? = nil) -> Verdict {
            let fast = QueueFairness(old: Self.packed(old), new: Self.packed(new), refuser: refuser.map { DriverID(raw: $0) })
            return Verdict(inOrder: fast.inOrder, arrivalAhead: fast.arrivalAhead)
        }
        #expect(verdict([0, 1], [0, 1, 2]) == .init(inOrder: true, arrivalAhead: false))
        #expect(verdict([0, 1], [1]) == .init(inOrder: true, arrivalAhead: false))
        #expect(verdict([0, 1], [1, 0]) == .init(inOrder: false, arrivalAhead: false))
        #expect(verdict([0, 1], [2, 0, 1]) == .init(inOrder: true, arrivalAhead: true))
        #expect(verdict([0, 1], [1, 0], refuser: 0) == .init(inOrder: true, arrivalAhead: false))
    }

    /// The property reads queues out of `World.queueSignature`; each must be the list
    /// `World.queue(_:)` reads from the world, whatever the lengths (a length past the four
    /// slots included, as a broken world may have).
    @Test("A queue read out of the signature is the queue read from the world", arguments: 0...5)
    func queueFromSignature(length: Int) {
        var world = World()
        for slot in 0..<12 { world.queueDrivers[slot] = UInt8(slot % 5) }
        for zone in 0..<3 { world.queueLength[zone] = UInt8((length + zone) % 6) }
        let signature = world.queueSignature
        for zone in 0..<3 {
            #expect(World.queue(zone, in: signature) == world.queue(ZoneID(zone)), "zone \(zone), length \(world.queueLength[zone])")
        }
    }
}
