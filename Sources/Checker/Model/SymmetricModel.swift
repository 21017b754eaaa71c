#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A model with interchangeable entities, declared rather than hand-coded, as TLC's
/// `SYMMETRY Permutations(S)`: the model names its sets of interchangeable ids and says how a
/// state is renamed under a permutation of them (a mechanical map of its id fields); the
/// Checker keeps the least renaming of a state by its bytes. That is an exact canonical form
/// (two states get the same one exactly when a renaming maps one onto the other).
///
/// Trying every permutation costs n! renamings a state for a set of n (288 for 2 zones,
/// 3 drivers and 4 clients). A model may also give each id a signature that names no id
/// (`signatures(of:into:)`): the form then tries only the renamings that sort each set by
/// signature, and every order of the ties, which is usually one. It stays exact, because
/// every member of a symmetry class is offered the same renamed states. `SymmetryCheck`
/// checks both the renaming and the signatures on a small scope, and refuses either when it
/// is wrong.
public protocol SymmetricModel: Model where State: PlainDataState {
    /// How many ids each interchangeable set has in this model (for example `[3]`: three
    /// resource managers). Ids of set `s` are `0..<symmetricSets[s]`.
    var symmetricSets: [Int] { get }

    /// `state` with every id of every set renamed: id `i` of set `s` becomes
    /// `permutation[s, i]`, in every field that holds one, and what is indexed by ids moves
    /// with them.
    func renamed(_ state: State, by permutation: Permutation) -> State

    /// Writes a key for each id of `state` that describes it without naming any id (its
    /// status, how many of something it holds), so that renaming the state moves the keys
    /// with the ids. Ids with different keys are never tried in each other's place. The
    /// default writes nothing: every id ties, and every permutation is tried.
    func signatures(of state: State, into signatures: inout IDSignatures)

    /// Every permutation the canonical form tries when every id ties, the identity first.
    /// The default computes them once per list of set sizes and shares them
    /// (`Permutation.shared(ofSets:)`).
    var permutations: [Permutation] { get }
}

extension SymmetricModel {
    public var supportsSymmetry: Bool { true }

    public var permutations: [Permutation] { Permutation.shared(ofSets: symmetricSets) }

    public func signatures(of state: State, into signatures: inout IDSignatures) {}

    /// The least, by bytes, of the renamings of `state` that its signatures allow.
    public func canonicalForm(of state: State) -> State { declaredCanonicalForm(of: state) }

    /// The canonical form by the declaration (`renamed` and `signatures`), for a model that
    /// also has a hand-tuned form of its own and measures one against the other.
    public func declaredCanonicalForm(of state: State) -> State {
        var state = state, scratch = state
        return withUnsafePointer(to: &state) { state in
            withUnsafeMutablePointer(to: &scratch) { declaredCanonicalForm(of: state, scratch: $0).pointee }
        }
    }

    /// The same, read in place: `state` when it is its own form, else the form written over
    /// `scratch` (which holds some state).
    public func declaredCanonicalForm(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>)
        -> UnsafePointer<State> {
        IDSignatures.withKeys(sizes: symmetricSets) { keys in
            signatures(of: state.pointee, into: &keys)
            var arrangement = SignatureArrangement(keys)
            // No signatures (or all equal): the shared list, without building each renaming.
            if arrangement.allTied { return leastOfEveryPermutation(of: state, scratch: scratch) }
            if arrangement.isSingle && arrangement.permutation.isIdentity { return state }
            scratch.pointee = renamed(state.pointee, by: arrangement.permutation)
            while arrangement.advance() {
                let candidate = renamed(state.pointee, by: arrangement.permutation)
                if Self.precedes(candidate, scratch.pointee) { scratch.pointee = candidate }
            }
            return UnsafePointer(scratch)
        }
    }

    private func leastOfEveryPermutation(of state: UnsafePointer<State>, scratch: UnsafeMutablePointer<State>)
        -> UnsafePointer<State> {
        var found = false
        for permutation in permutations.dropFirst() {
            let candidate = renamed(state.pointee, by: permutation)
            if Self.precedes(candidate, found ? scratch.pointee : state.pointee) {
                scratch.pointee = candidate
                found = true
            }
        }
        return found ? UnsafePointer(scratch) : state
    }

    /// Byte order, as `memcmp` defines it.
    @inline(__always)
    static func precedes(_ a: State, _ b: State) -> Bool {
        guard MemoryLayout<State>.size > 0 else { return false }
        return withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in memcmp(a.baseAddress!, b.baseAddress!, MemoryLayout<State>.size) < 0 }
        }
    }
}
