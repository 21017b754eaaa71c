import Checker
import Testing

/// A declared symmetry is checked before it is trusted: a renaming that is not a symmetry is
/// refused with the state and the permutation that show it.
@Suite("SymmetryCheck refuses a renaming that is not a symmetry")
struct SymmetryCheckTests {
    @Test("TwoPhase's renaming of resource managers commutes with its steps and keeps every verdict")
    func rightRenaming() {
        #expect(SymmetryCheck.problems(of: TwoPhase(count: 3), depth: 6) == [])
    }

    @Test("A renaming that forgets the prepared messages is refused, naming what broke")
    func wrongRenaming() {
        var model = TwoPhase(count: 3)
        model.forgetsMessagesWhenRenaming = true
        let problems = SymmetryCheck.problems(of: model, depth: 6)
        #expect(!problems.isEmpty)
        let named = problems.contains { $0.contains("are not the renamed successors") || $0.contains("by the inverse") }
        #expect(named, "\(problems)")
    }

    @Test("A permutation's inverse undoes it", arguments: Permutation.all(ofSets: [3, 2]))
    func inverse(_ permutation: Permutation) {
        for set in permutation.maps.indices {
            for id in permutation.maps[set].indices {
                #expect(permutation.inverse[set, permutation[set, id]] == id)
            }
        }
    }
}
