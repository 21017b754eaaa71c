import Checker

extension MyTaxiModel {
    /// The same model with the exhaustive canonical form (`Symmetry.exhaustiveCanonicalForm`),
    /// for measuring the fast form: `verify bench` compares the state counts.
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
        public func canonicalForm(of state: World) -> World { base.symmetry.exhaustiveCanonicalForm(of: state) }
    }
}
