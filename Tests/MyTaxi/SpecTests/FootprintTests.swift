import Checker
import Testing
@testable import MyTaxiSpec

/// A property's footprint is a promise: its verdict depends on those parts of the world
/// only. The explorer relies on it to skip the property on states whose step left them
/// alone, so a part read but not declared would hide violations. These tests hold every
/// property and the byte layout behind `changedParts` to their word.
@Suite("Footprints")
struct FootprintTests {
    /// Worlds of every kind: the broken worlds (each violates a property), every state of
    /// the first levels of a two-client scope, and the states of seeded random walks deep
    /// into it, where reservations fall due and drivers refuse and are suspended.
    static let samples: [World] = {
        let scope = BrokenWorlds.scope
        let model = MyTaxiModel(scope: scope)
        var worlds = BrokenWorlds.cases.map { testCase in
            var world = BrokenWorlds.accepted
            testCase.breakWorld(&world)
            return world
        }
        worlds += Fixture.reachable(by: model, within: 3)
        var random = SplitMix64(seed: 7)
        for _ in 0..<60 {
            var world = model.initialStates[0]
            for _ in 0..<40 {
                let actions = model.enabledActions(in: world)
                guard let action = actions.randomElement(using: &random) else { break }
                world = model.successor(of: world, via: action)!
                worlds.append(world)
            }
        }
        return worlds
    }()

    static let stateProperties = Catalog.definitions(literal: false).filter {
        if case .state = $0.body { return true } else { return false }
    }

    @Test("Every byte of the world belongs to exactly one part, and every part has bytes")
    func layoutCoversTheWorld() {
        var owner = [WorldPart?](repeating: nil, count: MemoryLayout<World>.size)
        for (part, bytes) in WorldPart.layout {
            for byte in bytes {
                #expect(owner[byte] == nil, "byte \(byte) is in \(owner[byte].map(String.init(describing:)) ?? "") and \(part)")
                owner[byte] = part
            }
        }
        #expect(owner.allSatisfy { $0 != nil }, "bytes \(owner.indices.filter { owner[$0] == nil }) belong to no part")
        for part in WorldPart.allCases { #expect(WorldPart.layout.contains { $0.part == part }, "\(part) has no bytes") }
    }

    @Test("The bytes a scope's layout leaves out never change in that scope", arguments: Scope.named.map(\.name))
    func scopeLayoutLeavesOutOnlyConstantBytes(scopeName: String) {
        let scope = Scope.named.first { $0.name == scopeName }!
        let model = MyTaxiModel(scope: scope)
        var inUse = [Bool](repeating: false, count: MemoryLayout<World>.size)
        for range in model.stateBytes(of: .all)! { for byte in range { inUse[byte] = true } }
        let outside = inUse.indices.filter { !inUse[$0] }
        let initial = withUnsafeBytes(of: model.initialStates[0]) { Array($0) }
        var worlds = Fixture.reachable(by: model, within: 3)
        var random = SplitMix64(seed: 11)
        for _ in 0..<40 {
            var world = model.initialStates[0]
            for _ in 0..<80 {
                guard let action = model.enabledActions(in: world).randomElement(using: &random) else { break }
                world = model.successor(of: world, via: action)!
                worlds.append(world)
            }
        }
        for world in worlds {
            let bytes = withUnsafeBytes(of: world) { Array($0) }
            let changed = outside.filter { bytes[$0] != initial[$0] }
            #expect(changed.isEmpty, "bytes \(changed) changed, outside \(scopeName)'s layout")
            if !changed.isEmpty { return }
        }
        // The scope's layout is the full one, cut: each of its ranges lies in one of the
        // full layout's ranges of the same part.
        for (part, bytes) in WorldPart.layout(in: scope) {
            #expect(WorldPart.layout.contains { $0.part == part && $0.bytes.contains(bytes.lowerBound) && $0.bytes.contains(bytes.upperBound - 1) })
        }
    }

    @Test("changedParts names exactly the parts with a changed byte")
    func changedPartsFollowsTheLayout() {
        let base = BrokenWorlds.accepted
        for byte in 0..<MemoryLayout<World>.size {
            var changed = base
            withUnsafeMutableBytes(of: &changed) { $0[byte] ^= 0x5A }
            let part = WorldPart.layout.first { $0.bytes.contains(byte) }!.part
            let reported = withUnsafePointer(to: base) { a in withUnsafePointer(to: changed) { b in World.changedParts(from: a, to: b) } }
            #expect(reported == part.bit, "flipping byte \(byte) of \(part) reported \(reported.rawValue)")
        }
        let same = withUnsafePointer(to: base) { a in withUnsafePointer(to: base) { b in World.changedParts(from: a, to: b) } }
        #expect(same.isEmpty)
    }

    @Test("A property's verdict depends on its footprint alone", arguments: stateProperties.map(\.id))
    func verdictDependsOnFootprintOnly(id: String) {
        let definition = Self.stateProperties.first { $0.id == id }!
        let property = definition.property(scope: BrokenWorlds.scope, key: nil)
        let samples = Self.samples
        // Each world's footprint grafted onto two others: whatever else the others hold,
        // the verdict must be the world's own.
        for (index, world) in samples.enumerated() {
            let expected = property.evaluate(world)
            for other in [samples[(index * 7 + 3) % samples.count], samples[(index * 13 + 5) % samples.count]] {
                let grafted = other.taking(definition.footprint, from: world)
                #expect(property.evaluate(grafted) == expected, "\(id) reads outside its footprint: sample \(index)")
                if property.evaluate(grafted) != expected { return }
            }
        }
    }
}
