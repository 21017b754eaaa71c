@testable import Checker
import Testing

/// The core layer of `Model`: a model written with one successor function, a plain-data state
/// and symmetry by declaration, and the Checker's refusals of states that are not plain data.
@Suite("The core model layer")
struct CoreLayerTests {
    static func explore<M: Model>(_ model: M, symmetry: Bool = false) throws -> ExplorationResult<M> {
        var options = ExplorationOptions()
        options.symmetry = symmetry
        options.workers = 2
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    @Test("TwoPhase in the core layer counts TLC's distinct states and depth", arguments: [(3, 288, 11), (5, 8_832, 17)])
    func twoPhaseCounts(_ managers: Int, _ distinct: Int, _ depth: Int) throws {
        let result = try Self.explore(TwoPhase(count: managers))
        #expect(result.distinct == distinct)
        #expect(result.depth == depth)
        #expect(result.properties.first { $0.property.id == "TCConsistent" }?.status == .holds)
        #expect(result.properties.first { $0.property.id == "CommitReachable" }?.status == .satisfied)
    }

    @Test("Symmetry by declaration counts the exact orbits: 314 for 5 resource managers")
    func declaredSymmetry() throws {
        #expect(try Self.explore(TwoPhase(count: 5), symmetry: true).distinct == 314)
    }

    @Test("The declared canonical form equals the hand-tuned one on small scopes", arguments: [2, 3, 4])
    func declaredEqualsHandTuned(_ managers: Int) throws {
        let declared = try Self.explore(TwoPhase(count: managers), symmetry: true)
        let tuned = try Self.explore(TwoPhaseCommit(count: managers), symmetry: true)
        #expect(declared.distinct == tuned.distinct)
        #expect(declared.generated == tuned.generated)
    }

    @Test("A renaming of a state has the state's canonical form")
    func renamingsShareTheirForm() throws {
        let model = TwoPhase(count: 3)
        var state = TwoPhase.State()
        state.set(0, .prepared)
        state.preparedMessages = 0b001
        state.set(2, .aborted)
        let forms = Set(Permutation.all(ofSets: [3]).map { model.canonicalForm(of: model.renamed(state, by: $0)) })
        #expect(forms.count == 1)
        // The form is one of the renamings, and the least of them by bytes.
        let renamings = Permutation.all(ofSets: [3]).map { model.renamed(state, by: $0) }
        let form = try #require(forms.first)
        #expect(renamings.contains(form))
        #expect(renamings.allSatisfy { other in
            withUnsafeBytes(of: form) { a in withUnsafeBytes(of: other) { b in !b.lexicographicallyPrecedes(a) } }
        })
    }

    @Test("Every permutation of each set once, the identity first")
    func permutations() {
        let all = Permutation.all(ofSets: [3, 2])
        #expect(all.count == 12)
        #expect(Set(all.map(\.maps)).count == 12)
        #expect(all[0] == Permutation(maps: [[0, 1, 2], [0, 1]]))
    }

    @Test("enabledActions and successor(of:via:) are derived from successors")
    func derivedListing() {
        let model = TwoPhase(count: 2)
        var transitions: [Transition<TwoPhase.Action, TwoPhase.State>] = []
        let start = model.initialStates[0]
        model.successors(of: start, into: &transitions)
        #expect(model.enabledActions(in: start) == transitions.map(\.action))
        for transition in transitions { #expect(model.successor(of: start, via: transition.action) == transition.state) }
        #expect(model.successor(of: start, via: .managerCommits) == nil)
    }

    @Test("The default successor(of:via:) is found out as it rebuilds; a model's own is not")
    func derivedSuccessorFoundOut() {
        func listed<M: Model>(_ model: M) -> Bool {
            var transitions: [Transition<M.Action, M.State>] = []
            let start = model.initialStates[0]
            model.successors(of: start, into: &transitions)
            return withUnsafePointer(to: start) { state in
                let slot = UnsafeMutablePointer<M.State>.allocate(capacity: 1)
                defer { slot.deallocate() }
                let rebuilt = model.hooks.successorFindingOutListing(of: state, via: transitions[0].action, into: slot)
                #expect(rebuilt.found && slot.pointee == transitions[0].state)
                slot.deinitialize(count: 1)
                return rebuilt.listed
            }
        }
        #expect(listed(TwoPhase(count: 2)))
        #expect(!listed(TwoPhaseCommit(count: 2)))
        #expect(!listed(Grid(size: 3)))
    }

    @Test("With the default successor(of:via:), the check phase lists each parent of new states once")
    func oneListingPerParent() throws {
        let model = CountedFan(width: 10)
        let result = try Self.explore(model)
        #expect(result.distinct == 11)
        // One listing per state expanded (11), one by the default for the first new state (the
        // rebuild that finds the default out), one for the other nine: one each would make 21.
        #expect(model.listings.count.load(ordering: .relaxed) == 11 + 1 + 1)
    }

    @Test("A plain-data state's equality, hash and fingerprint follow its bytes")
    func plainDataIdentity() {
        var a = TwoPhase.State(), b = TwoPhase.State()
        #expect(a == b && a.hashValue == b.hashValue && a.fingerprint == b.fingerprint && a.fingerprint == TwoPhase.State.fingerprint(at: &b))
        b.abortSent = true
        #expect(a != b && a.fingerprint != b.fingerprint)
        a.abortSent = true
        #expect(a == b)
    }

    @Test("A state type that breaks the plain-data rules is refused by name", arguments: [
        (Probe.padded, "Padded", "padding"), (Probe.reference, "WithReference", "reference"),
        (Probe.optional, "WithOptional", "optional"), (Probe.payload, "WithPayload", "payload"),
        (Probe.paddedElements, "PaddedElements", "padding"),
    ])
    func refused(_ probe: Probe, _ typeName: String, _ rule: String) throws {
        let error: ExplorationError? = switch probe {
        case .padded: Self.refusal(Single(state: Padded()))
        case .reference: Self.refusal(Single(state: WithReference()))
        case .optional: Self.refusal(Single(state: WithOptional()))
        case .payload: Self.refusal(Single(state: WithPayload()))
        case .paddedElements: Self.refusal(Single(state: PaddedElements()))
        }
        let description = try #require(error).description
        #expect(description.contains(typeName) && description.contains(rule), "\(description)")
        let simulated = Result { () throws(ExplorationError) in try Simulator(model: Single(state: Padded()), seed: 1, walks: 1, maxSteps: 1).run() }
        #expect(throws: ExplorationError.self) { try simulated.get() }
    }

    @Test("A state that keeps the rules is accepted")
    func accepted() {
        #expect(PlainDataLayout.problem(in: TwoPhase.State()) == nil)
        #expect(PlainDataLayout.problem(in: WholeElements()) == nil)
        #expect(Self.refusal(Single(state: TwoPhase.State())) == nil)
    }

    static func refusal<S: PlainDataState>(_ model: Single<S>) -> ExplorationError? {
        do { _ = try BreadthFirstExplorer(model: model).run(); return nil } catch { return error }
    }

    enum Probe: Sendable { case padded, reference, optional, payload, paddedElements }
    /// Five bytes a record, eight apart: three bytes of padding between the two.
    struct Record: Hashable, Sendable { var wide: UInt32 = 0; var small: UInt8 = 0 }
    struct PaddedElements: PlainDataState { var records: InlineArray<2, Record> = [Record(), Record()] }
    /// Eight bytes a record: none between them.
    struct FullRecord: Hashable, Sendable { var wide: UInt32 = 0; var small: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        static func == (a: FullRecord, b: FullRecord) -> Bool { a.wide == b.wide && a.small == b.small }
        func hash(into hasher: inout Hasher) { hasher.combine(wide) }
    }
    struct WholeElements: PlainDataState { var records: InlineArray<2, FullRecord> = [FullRecord(), FullRecord()] }
    struct Padded: PlainDataState { var small: UInt8 = 0; var wide: UInt64 = 0 }
    struct WithReference: PlainDataState { var ids: [UInt8] = [] }
    struct WithOptional: PlainDataState { var wide: UInt16 = 0; var maybe: UInt8? = nil }
    enum Choice: Hashable, Sendable { case none, some(UInt8) }
    struct WithPayload: PlainDataState { var choice = Choice.none }

    /// A model of one state and no action, to try a state type.
    struct Single<S: PlainDataState>: Model {
        let state: S
        var name: String { "single" }
        var initialStates: [S] { [state] }
        func successors(of state: S, into transitions: inout [Transition<Int, S>]) {}
        var properties: [Property<Single>] { [] }
        var actionKindNames: [String] { [] }
        func actionKind(of action: Int) -> Int { 0 }
        func isLegalEnd(_ state: S) -> Bool { true }
    }
}

/// Signatures cut the renamings a declared canonical form tries without changing what it counts.
@Suite("Declared symmetry with signatures")
struct SignatureTests {
    @Test("TwoPhase with signatures counts the same orbits as trying every permutation", arguments: [2, 3, 4, 5])
    func sameCounts(_ managers: Int) throws {
        var signed = TwoPhase(count: managers)
        signed.declaresSignatures = true
        let withSignatures = try CoreLayerTests.explore(signed, symmetry: true)
        let everyPermutation = try CoreLayerTests.explore(TwoPhase(count: managers), symmetry: true)
        #expect(withSignatures.distinct == everyPermutation.distinct)
        #expect(withSignatures.generated == everyPermutation.generated)
        if managers == 5 { #expect(withSignatures.distinct == 314) }
    }

    @Test("The renamings tried are every order of each run of tied keys, each sorting the keys, once",
          arguments: [([[5, 1, 5, 1, 3], [2, 2]], 8), ([[1, 2, 3]], 1), ([[0, 0, 0], [4]], 6), ([[7, 7], [1, 2]], 2)])
    func arrangement(_ keys: [[UInt64]], _ expected: Int) {
        let (seen, single) = IDSignatures.withKeys(sizes: keys.map(\.count)) { signatures in
            for (set, setKeys) in keys.enumerated() {
                for (id, key) in setKeys.enumerated() { signatures[set, id] = key }
            }
            var arrangement = SignatureArrangement(signatures)
            var seen: [Permutation] = []
            repeat {
                seen.append(arrangement.permutation)
            } while arrangement.advance()
            return (seen, arrangement.isSingle)
        }
        for permutation in seen {
            for (set, setKeys) in keys.enumerated() {
                let sortedByTarget = setKeys.indices.sorted { permutation[set, $0] < permutation[set, $1] }
                #expect(sortedByTarget.map { setKeys[$0] } == setKeys.sorted(), "\(permutation) sorts set \(set)")
            }
        }
        #expect(Set(seen.map(\.maps)).count == seen.count)
        #expect(seen.count == expected)
        #expect(single == (expected == 1))
    }
}
