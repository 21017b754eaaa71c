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

    @Test("Signatures that name no id pass; one that holds the manager's number is refused")
    func signatures() {
        var model = TwoPhase(count: 3)
        model.declaresSignatures = true
        #expect(SymmetryCheck.problems(of: model, depth: 6) == [])
        model.signatureNamesTheManager = true
        let problems = SymmetryCheck.problems(of: model, depth: 6)
        #expect(problems.contains { $0.contains("a signature must not name an id") }, "\(problems)")
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

/// Ids of different sets are different types in a renaming.
@Suite("Typed sets in a permutation")
struct TypedPermutationTests {
    struct Driver: SymmetricID, Equatable { let index: Int; init(index: Int) { self.index = index } }
    struct Taxi: SymmetricID, Equatable { let index: Int; init(index: Int) { self.index = index } }

    @Test("Each set's ids are renamed by that set's map, and come back typed")
    func typed() {
        let drivers = SymmetricSet<Driver>(0), taxis = SymmetricSet<Taxi>(1)
        let permutation = Permutation(maps: [[1, 2, 0], [1, 0]])
        #expect(permutation[drivers, Driver(index: 0)] == Driver(index: 1))
        #expect(permutation[drivers, Driver(index: 2)] == Driver(index: 0))
        #expect(permutation[taxis, Taxi(index: 0)] == Taxi(index: 1))
        // permutation[drivers, Taxi(index: 0)] does not compile: a taxi is not a driver.
    }
}
