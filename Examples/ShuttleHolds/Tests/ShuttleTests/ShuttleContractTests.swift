import ShuttleHarness
import ShuttleReference
import Testing
import VerifyKit

@Suite("The shuttle model keeps RideCheck's contract")
struct ShuttleContractTests {
    @Test("The default suite holds, the fault is caught and replays, actions and states fit their shapes")
    func contract() {
        #expect(ModelContract.problems(of: ShuttlePlugin()) == [])
    }

    @Test("The service refuses in words")
    func refusals() throws {
        var service = ShuttleService(seats: 1, holdMinutes: 10)
        _ = try service.hold(for: "ann")
        #expect(throws: ShuttleService.Refusal.noSeatFree) { try service.hold(for: "bob") }
        #expect(ShuttleService.Refusal.noSeatFree.description == "Sorry, every seat is taken.")
    }
}
