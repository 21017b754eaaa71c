import Checker

/// myTaxi's symmetry as a declaration (`SymmetricModel`): the sets, the renaming and the
/// signatures the hand-tuned form already has, given to the Checker's generic form. Two uses:
/// `SymmetryCheck` checks the renaming, the signatures and the hand-tuned form against each
/// other on small scopes (`DeclaredSymmetryTests`), and `symmetryForm = .declared` runs a search
/// on the generic form, which `verify bench` measures against the hand-tuned one.
extension MyTaxiModel: SymmetricModel {
    /// Which canonical form a search uses.
    public enum SymmetryForm: Sendable {
        /// `Symmetry`'s, read in place with hints from the parent's form.
        case tuned
        /// The Checker's `declaredCanonicalForm(of:)` over this declaration, with the
        /// signatures when `signatures` is true, else every permutation.
        case declared(signatures: Bool)
    }

    /// Drivers and taxis, and clients when they are interchangeable (at most two: `Symmetry`).
    public var symmetricSets: [Int] {
        symmetry.clientsAreSymmetric ? [scope.drivers, scope.taxis, scope.clients] : [scope.drivers, scope.taxis]
    }

    public func renamed(_ state: World, by permutation: Checker.Permutation) -> World {
        func inline(_ set: Int) -> Symmetry.Permutation {
            var result = Symmetry.Permutation.identity
            guard set < permutation.sets else { return result }
            for id in 0..<permutation.size(of: set) { result[id] = UInt8(permutation[set, id]) }
            return result
        }
        return symmetry.rename(state, Symmetry.Renaming(drivers: inline(0), taxis: inline(1), clients: inline(2)))
    }

    /// The hand-tuned form's signatures of drivers and taxis (`Symmetry+Signatures`); every
    /// client ties.
    public func signatures(of state: World, into signatures: inout IDSignatures) {
        if case .declared(signatures: false) = symmetryForm { return }
        let keys = symmetry.signatures(in: state)
        for d in 0..<scope.drivers { signatures[0, d] = keys.drivers[d] }
        for t in 0..<scope.taxis { signatures[1, t] = keys.taxis[t] }
    }
}
