import Checker

/// The reference canonical form for measuring `Symmetry`: the smallest world (as bytes) over
/// every permutation of the drivers. Exact by construction and slow (n! renamings per
/// state); `verify bench` compares the state count it gives, the number of symmetry
/// classes, with the count the fast canonical form gives.
extension Symmetry {
    public func exhaustiveCanonicalForm(of world: World) -> World {
        var order = Array(0..<scope.drivers)
        var best = world
        permute(groups: [0..<scope.drivers][...], order: &order) { candidate in
            let renamed = rename(world, newIndexOf: inverse(candidate))
            if less(renamed, best) { best = renamed }
        }
        return best
    }
}

extension MyTaxiModel {
    /// The same model with the exhaustive canonical form, for measuring symmetry reduction.
    public struct ExhaustiveSymmetry: Model {
        public typealias State = World
        public typealias Action = TaxiAction
        public let base: MyTaxiModel
        public init(_ base: MyTaxiModel) { self.base = base }
        public var name: String { base.name }
        public var initialStates: [World] { base.initialStates }
        public func enabledActions(in state: World, into actions: inout [TaxiAction]) { base.enabledActions(in: state, into: &actions) }
        public func successors(of state: World, into transitions: inout [Transition<TaxiAction, World>]) { base.successors(of: state, into: &transitions) }
        public func successor(of state: World, via action: TaxiAction) -> World? { base.successor(of: state, via: action) }
        public var properties: [Property<Self>] { [] }
        public var actionKindNames: [String] { base.actionKindNames }
        public func actionKind(of action: TaxiAction) -> Int { base.actionKind(of: action) }
        public func isLegalEnd(_ state: World) -> Bool { base.isLegalEnd(state) }
        public var supportsSymmetry: Bool { true }
        public func canonicalForm(of state: World) -> World { Symmetry(scope: base.scope).exhaustiveCanonicalForm(of: state) }
    }
}
