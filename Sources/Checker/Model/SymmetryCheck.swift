/// Whether a model's declared symmetry is a symmetry: a renaming that is not (one that moves
/// an empty slot, forgets a field, or mixes two sets up) merges states that behave
/// differently, and a search then reports wrong counts and can miss a violation, silently.
/// On every state of a small search and every permutation, the check asks what makes the
/// reduction sound: renaming by a permutation and then by its inverse gives the state back;
/// the successors of the renamed state are exactly the renamed successors; and every
/// property's verdict (holds, vacuous, violated) is the same on a state and its renaming, and
/// on a step and its renaming; every id's signature is the one its renamed id has in the
/// renamed state (a signature that names an id is not); and the state and its renaming have
/// the same canonical form. Each problem names the state, the permutation and what broke.
public enum SymmetryCheck {
    public static func problems<M: SymmetricModel>(of model: M, depth: Int = 4, states limit: Int = 2_000)
        -> [String] {
        let permutations = Permutation.all(ofSets: model.symmetricSets)
        var problems: [String] = []
        for state in model.statesOfFirstLevels(through: depth, limit: limit) {
            problems += Self.problems(of: model, at: state, permutations: permutations)
            if problems.count >= 10 { return Array(problems.prefix(10)) }
        }
        return problems
    }

    static func problems<M: SymmetricModel>(of model: M, at state: M.State, permutations: [Permutation]) -> [String] {
        var problems: [String] = []
        var transitions: [Transition<M.Action, M.State>] = []
        model.successors(of: state, into: &transitions)
        let keys = signatures(of: state, in: model)
        let form = model.canonicalForm(of: state)
        for permutation in permutations.dropFirst() {
            let renamed = model.renamed(state, by: permutation)
            // Described only for a problem: reflecting a large state for every permutation of
            // every state cost more than the check itself.
            func named() -> String { "renaming \(permutation.maps) of \(Self.shortened(state))" }
            if model.renamed(renamed, by: permutation.inverse) != state {
                problems.append("\(named()): renaming back by the inverse does not give the state again")
            }
            let renamedKeys = signatures(of: renamed, in: model)
            for set in keys.indices {
                for id in keys[set].indices where keys[set][id] != renamedKeys[set][permutation[set, id]] {
                    let after = renamedKeys[set][permutation[set, id]]
                    problems.append(
                        "\(named()): the signature of id \(id) of set \(set) is \(keys[set][id]) before and "
                            + "\(after) after (a signature must not name an id)")
                }
            }
            if model.canonicalForm(of: renamed) != form {
                problems.append("\(named()): the state and its renaming have different canonical forms")
            }
            var renamedTransitions: [Transition<M.Action, M.State>] = []
            model.successors(of: renamed, into: &renamedTransitions)
            let expected = Set(transitions.map { model.renamed($0.state, by: permutation) })
            if Set(renamedTransitions.map(\.state)) != expected {
                problems.append("\(named()): the renamed state's successors are not the renamed successors")
            }
            for property in model.properties {
                switch property.predicate {
                case .state:
                    if property.evaluate(state).kind != property.evaluate(renamed).kind {
                        problems.append("\(named()): \(property.id) is \(property.evaluate(state).kind) before and "
                                        + "\(property.evaluate(renamed).kind) after")
                    }
                case .transition:
                    for transition in transitions {
                        let after = model.renamed(transition.state, by: permutation)
                        let verdict = property.evaluate(state, transition.action, transition.state).kind
                        let renamedVerdicts = renamedTransitions.filter { $0.state == after }
                            .map { property.evaluate(renamed, $0.action, after).kind }
                        if !renamedVerdicts.isEmpty && !renamedVerdicts.contains(verdict) {
                            problems.append("\(named()): \(property.id) is \(verdict) on \(transition.action) "
                                            + "and not on its renaming")
                        }
                    }
                }
            }
        }
        return problems
    }
}

extension SymmetryCheck {
    /// The signatures the model gives `state`'s ids, per set.
    static func signatures<M: SymmetricModel>(of state: M.State, in model: M) -> [[UInt64]] {
        IDSignatures.withKeys(sizes: model.symmetricSets) { keys in
            model.signatures(of: state, into: &keys)
            return (0..<keys.sets).map { set in (0..<keys.size(of: set)).map { keys[set, $0] } }
        }
    }

    /// A state as its description gives it, cut to a line: a large state's reflection runs to
    /// thousands of characters, and the problem is in the permutation and what broke.
    static func shortened<State>(_ state: State) -> String {
        let text = String(describing: state)
        return text.count <= 160 ? text : String(text.prefix(160)) + "…"
    }
}

extension Verdict {
    /// holds, vacuous or violated, without the witness (which names the renamed entities).
    var kind: String {
        switch self {
        case .holds: "holds"
        case .vacuous: "vacuous"
        case .violated: "violated"
        }
    }
}
