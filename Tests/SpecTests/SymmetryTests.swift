import Checker
import Testing
@testable import Spec

@Suite("Symmetry")
struct SymmetryTests {
    @Test("The canonical form is the same for every renaming of a reachable state")
    func invariant() throws {
        var scope = Scope.qa
        scope.depth = 3
        let model = MyTaxiModel(scope: scope)
        let symmetry = Symmetry(scope: scope)
        var failures = 0
        for state in Fixture.reachable(by: model, within: 3) {
            let canonical = symmetry.canonicalForm(of: state)
            for renaming in [Symmetry.Renaming(drivers: [1, 0], taxis: [0, 1], clients: [0, 1]),
                             Symmetry.Renaming(drivers: [0, 1], taxis: [1, 0], clients: [0, 1]),
                             Symmetry.Renaming(drivers: [0, 1], taxis: [0, 1], clients: [1, 0])] {
                let renamed = symmetry.rename(state, renaming)
                if symmetry.canonicalForm(of: renamed) != canonical {
                    failures += 1
                    if failures < 3 {
                        Issue.record("not invariant under \(renaming):\n\(state.summary(scope: scope))\nrenamed: \(renamed.summary(scope: scope))\nsignatures \(symmetry.signatures(in: state)) / \(symmetry.signatures(in: renamed))")
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("The fast canonical form counts exactly the symmetry classes that trying every permutation counts",
          arguments: [("ci", 5), ("qa", 3), ("sharing", 5), ("accounts", 10)])
    func exact(name: String, depth: Int) throws {
        var scope = Scope.named.first { $0.name == name }!
        scope.depth = depth
        try expectExact(scope)
    }

    @Test("With three drivers and three taxis too, where a renaming is not its own inverse")
    func exactWithThree() throws {
        var scope = Scope.ci
        scope.taxis = 3
        scope.drivers = 3
        scope.depth = 4
        try expectExact(scope)
    }

    func expectExact(_ scope: Scope) throws {
        let depth = scope.depth!
        var options = ExplorationOptions()
        options.symmetry = true
        options.maxDepth = depth
        options.checkDeadlock = false
        let model = MyTaxiModel(scope: scope)
        let fast = try BreadthFirstExplorer(model: model, options: options).run()
        let exhaustive = try BreadthFirstExplorer(model: MyTaxiModel.ExhaustiveSymmetry(model), options: options).run()
        #expect(fast.distinct == exhaustive.distinct)
        options.symmetry = false
        #expect(try BreadthFirstExplorer(model: model, options: options).run().distinct > fast.distinct)
    }

    @Test("Clients are symmetric only in scopes of at most two: with three, group leadership breaks ties by client number")
    func clientSymmetryScope() {
        #expect(Symmetry(scope: .qa).clientsAreSymmetric)
        var three = Scope.qa
        three.clients = 3
        #expect(!Symmetry(scope: three).clientsAreSymmetric)
    }
}
