import Checker
import Testing
@testable import MyTaxiSpec

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

    @Test("A successor's form from its parent's hint is the form computed afresh, and leaves the hint a fresh form leaves",
          arguments: ["ci", "bench", "qa", "ci with 3 drivers"])
    func hintedForm(name: String) throws {
        var scope = Scope.named.first { name.hasPrefix($0.name) }!
        if name.hasSuffix("3 drivers") { scope = try scope.setting([("drivers", 3), ("taxis", 3)]) }
        let model = MyTaxiModel(scope: scope)
        let symmetry = Symmetry(scope: scope)
        var (reused, failures) = (0, 0)
        func form(_ world: World) -> (World, UInt64) {
            var world = world, scratch = world, hint: UInt64 = 0
            let form = withUnsafePointer(to: &world) { pointer in
                withUnsafeMutablePointer(to: &scratch) { symmetry.canonicalForm(of: pointer, scratch: $0, parent: pointer, parentHint: 0, hint: &hint).pointee }
            }
            return (form, hint)
        }
        for parent in Fixture.reachable(by: model, within: 3) {
            let (_, parentHint) = form(parent)
            var transitions: [Transition<TaxiAction, World>] = []
            model.successors(of: parent, into: &transitions)
            for step in transitions {
                var child = step.state, scratch = step.state, parentCopy = parent, hint: UInt64 = 0
                let hinted = withUnsafePointer(to: &parentCopy) { parentPointer in
                    withUnsafePointer(to: &child) { childPointer in
                        withUnsafeMutablePointer(to: &scratch) {
                            symmetry.canonicalForm(of: childPointer, scratch: $0, parent: parentPointer, parentHint: parentHint, hint: &hint).pointee
                        }
                    }
                }
                let (fresh, freshHint) = form(step.state)
                if parentHint != 0 && withUnsafePointer(to: parent, { a in withUnsafePointer(to: step.state) { symmetry.rankedBytesEqual(a, $0) } }) {
                    reused += 1
                }
                guard hinted != fresh || hint != freshHint || fresh != symmetry.canonicalForm(of: step.state) else { continue }
                failures += 1
                if failures < 3 { Issue.record("\(step.action) from\n\(parent.summary(scope: scope))\nhinted and fresh forms or hints differ (\(hint) / \(freshHint))") }
            }
        }
        #expect(failures == 0)
        // With two clients to order (qa), a form leaves no hint: every form is fresh.
        #expect(symmetry.clientPermutations.count == 1 ? reused > 0 : reused == 0, "\(reused) forms from a hint")
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

    @Test("The byte offsets the canonical form reads are where MemoryLayout puts the fields")
    func layout() {
        for entry in WorldBytes.Layout.checked {
            #expect(entry.constant == entry.actual, "WorldBytes.Layout.\(entry.name)")
        }
    }

    @Test("Renaming moves each record to its entity's new index and renames every mention, in every named scope",
          arguments: Scope.named.map(\.name))
    func renamingMovesAndRenames(name: String) throws {
        var scope = Scope.named.first { $0.name == name }!
        scope.depth = 4
        let model = MyTaxiModel(scope: scope)
        let symmetry = Symmetry(scope: scope)
        // The last permutation of each kind moves every entity (a rotation or a swap).
        let renaming = Symmetry.Renaming(
            drivers: symmetry.driverPermutations.last!, taxis: symmetry.taxiPermutations.last!,
            clients: symmetry.clientPermutations.last!)
        func driver(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.drivers[Int(raw)] }
        func taxi(_ raw: UInt8) -> UInt8 { raw == noEntity ? raw : renaming.taxis[Int(raw)] }
        let perClient = scope.routesPerClient
        func route(_ raw: UInt8) -> UInt8 {
            raw == noEntity || !symmetry.clientsAreSymmetric ? raw
                : UInt8(Int(renaming.clients[Int(raw) / perClient]) * perClient + Int(raw) % perClient)
        }
        var checked = 0
        for state in Fixture.reachable(by: model, within: 4) {
            let renamed = symmetry.rename(state, renaming)
            for d in 0..<scope.drivers {
                let before = state.drivers[d], after = renamed.drivers[Int(renaming.drivers[d])]
                #expect(after.taxiRaw == taxi(before.taxiRaw) && after.statusRaw == before.statusRaw && after.zoneRaw == before.zoneRaw
                        && after.refusals == before.refusals && after.suspended == before.suspended)
            }
            for t in 0..<scope.taxis {
                let owners = (0..<scope.drivers).filter { state.taxiOwners[t] & (1 << $0) != 0 }.map { driver(UInt8($0)) }
                #expect(renamed.taxiOwners[Int(renaming.taxis[t])] == owners.reduce(0) { $0 | 1 << $1 })
            }
            for c in 0..<scope.clients where symmetry.clientsAreSymmetric {
                let after = renamed.clients[Int(renaming.clients[c])]
                #expect(after.cards == state.clients[c].cards && after.emailConfirmed == state.clients[c].emailConfirmed)
            }
            for position in 0..<(scope.zones * World.queueSlots) {
                #expect(renamed.queueDrivers[position] == driver(state.queueDrivers[position]))
                #expect(renamed.queueTaxis[position] == taxi(state.queueTaxis[position]))
            }
            for r in 0..<scope.routes {
                let before = state.routes[r], after = renamed.routes[Int(route(UInt8(r)))]
                #expect(after.offeredToRaw == driver(before.offeredToRaw) && after.rideRaw == route(before.rideRaw)
                        && after.joinedRaw == route(before.joinedRaw) && after.statusRaw == before.statusRaw)
                let ride = state.rides[r], renamedRide = renamed.rides[Int(route(UInt8(r)))]
                let members = (0..<scope.routes).filter { ride.routeMask & (1 << $0) != 0 }.map { route(UInt8($0)) }
                #expect(renamedRide.driverRaw == driver(ride.driverRaw) && renamedRide.taxiRaw == taxi(ride.taxiRaw)
                        && renamedRide.routeMask == members.reduce(0) { $0 | 1 << $1 })
            }
            for position in 0..<Int(state.dispatchCount) {
                #expect(renamed.dispatchLine[position] == route(state.dispatchLine[position]))
            }
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test("Clients are symmetric only in scopes of at most two: with three, group leadership breaks ties by client number")
    func clientSymmetryScope() {
        #expect(Symmetry(scope: .qa).clientsAreSymmetric)
        var three = Scope.qa
        three.clients = 3
        #expect(!Symmetry(scope: three).clientsAreSymmetric)
    }
}

/// myTaxi's symmetry as a declaration: the Checker's check of it, and the generic form on it.
@Suite("myTaxi's declared symmetry")
struct DeclaredSymmetryTests {
    @Test("SymmetryCheck finds nothing wrong with the renaming, the signatures or the hand-tuned form",
          arguments: ["ci", "qa", "sharing"])
    func checked(_ name: String) throws {
        let scope = try #require(Scope.named.first { $0.name == name })
        #expect(SymmetryCheck.problems(of: MyTaxiModel(scope: scope), depth: 3, states: 400) == [])
    }

    @Test("The declared form, with signatures and without, counts what the hand-tuned form counts",
          arguments: [("ci", 6), ("sharing", 6), ("bench", 7)])
    func sameCounts(_ name: String, _ depth: Int) throws {
        var scope = try #require(Scope.named.first { $0.name == name })
        scope.depth = depth
        var options = ExplorationOptions()
        options.symmetry = true
        options.maxDepth = depth
        options.checkDeadlock = false
        func counts(_ form: MyTaxiModel.SymmetryForm) throws -> [Int] {
            var model = MyTaxiModel(scope: scope)
            model.symmetryForm = form
            let result = try BreadthFirstExplorer(model: model, options: options).run()
            return [result.distinct, result.generated]
        }
        let tuned = try counts(.tuned)
        #expect(try counts(.declared(signatures: true)) == tuned)
        #expect(try counts(.declared(signatures: false)) == tuned)
    }
}
