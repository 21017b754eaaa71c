/// The selected properties in flat arrays by kind: each entry is the property's position
/// in the selection, the model's key (-1 for none) and its closure's position in a separate
/// array. The entries are plain integers, so walking them costs no reference counting; a
/// closure is touched only when it is called: for a property without a key, or to explain
/// a violation.
struct CompiledProperties<M: Model>: Sendable {
    struct Entry: Sendable {
        let number: Int
        let key: Int
        let closure: Int
    }

    var invariants: [Entry] = []
    var reachability: [Entry] = []
    var transitions: [Entry] = []
    var stateClosures: [@Sendable (M.State, inout PropertyCheck) -> Void] = []
    var transitionClosures: [@Sendable (M.State, M.Action, M.State, inout PropertyCheck) -> Void] = []
    let count: Int

    init(_ properties: [Property<M>]) {
        count = properties.count
        for (number, property) in properties.enumerated() {
            let key = property.key ?? -1
            switch property.predicate {
            case .state(let predicate):
                let entry = Entry(number: number, key: key, closure: stateClosures.count)
                stateClosures.append(predicate)
                if property.kind == .reachability { reachability.append(entry) } else { invariants.append(entry) }
            case .transition(let predicate):
                transitions.append(Entry(number: number, key: key, closure: transitionClosures.count))
                transitionClosures.append(predicate)
            }
        }
    }
}
