import Testing
@testable import Checker

@Suite("Property checks")
struct PropertyCheckTests {
    /// A predicate that applies twice and fails twice, counting the messages it is asked for.
    final class Messages: @unchecked Sendable { var built = 0 }

    static func predicate(_ messages: Messages) -> (inout PropertyCheck) -> Void {
        { check in
            check.expect(true, "never built")
            check.expect(false, { messages.built += 1; return "first" }())
            check.expect(false, { messages.built += 1; return "second" }())
        }
    }

    @Test("On the hot path a check only counts: no message is built")
    func countingBuildsNoMessage() {
        let messages = Messages()
        var check = PropertyCheck()
        Self.predicate(messages)(&check)
        #expect(check.applied && check.violated)
        #expect(messages.built == 0)
    }

    @Test("Explained, a check keeps the first violation's message and builds no other")
    func explainedKeepsTheFirstMessage() {
        let messages = Messages()
        let verdict = PropertyCheck.explained(Self.predicate(messages))
        #expect(verdict == .violated(witness: "first"))
        #expect(messages.built == 1)
    }

    @Test("A verdict recorded into a check says the same thing", arguments: [Verdict.holds, .vacuous, .violated(witness: "w")])
    func verdictsRoundTrip(_ verdict: Verdict) {
        #expect(PropertyCheck.explained { $0.record(verdict) } == verdict)
    }
}

@Suite("A rule over every item of a collection")
struct VerdictAllTests {
    @Test("The first violation wins; holds when one item applied; vacuous when none did", arguments: [
        ([Verdict.vacuous, .holds, .violated(witness: "2"), .violated(witness: "3")], Verdict.violated(witness: "2")),
        ([.vacuous, .holds, .vacuous], .holds),
        ([.vacuous, .vacuous], .vacuous),
        ([], .vacuous),
    ])
    func all(_ verdicts: [Verdict], _ expected: Verdict) {
        #expect(Verdict.all(verdicts) { $0 } == expected)
    }
}
