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
        let footprint: StateParts
        /// For a transition property: the kinds of action it is about (`Property.actionKinds`).
        var actionKinds: UInt64 = .max
        /// For a state property: its footprint's position in `footprints`.
        let footprintSlot: Int
        /// For an invariant: its bit in a state's row of `AppliedInvariants`.
        var bit: Int
    }

    var invariants: [Entry] = []
    var reachability: [Entry] = []
    var transitions: [Entry] = []
    var stateClosures: [@Sendable (M.State, inout PropertyCheck) -> Void] = []
    var transitionClosures: [@Sendable (M.State, M.Action, M.State, inout PropertyCheck) -> Void] = []
    /// The distinct footprints of the state properties: the check phase selects the states
    /// to evaluate once per footprint, not once per property.
    var footprints: [StateParts] = []
    /// Which footprints a step touches, looked up rather than tested: entry `m` holds, one
    /// bit per footprint, those that meet the changed parts `m & footprintParts`, where
    /// `footprintParts` is every part some footprint reads. Empty when the footprints are
    /// more than 64 or read parts past the twelfth (a table of at most 4,096 words); the
    /// check phase then tests every footprint against every state.
    var touchedFootprints: [UInt64] = []
    var footprintParts: UInt64 = 0
    /// Per footprint: the invariants that read it, as positions in `invariants`, in the order
    /// of their bits, which are consecutive within one word of a row when there are at most
    /// 64; and the footprint's words when the check phase caches their verdicts
    /// (`VerdictMemo`), where bit `i` of a cached verdict is the group's `i`-th invariant's.
    var groups: [[Int]] = []
    var cachedFootprints: [FootprintWords?] = []
    /// Whether any footprint is cached.
    var cachesVerdicts = false
    /// Bits in a row of applied invariants, gaps included.
    var rowBits = 0
    let count: Int

    /// `stateBytes` is the model's `stateBytes(of:)`: where a footprint lies in a state.
    init(_ properties: [Property<M>], stateBytes: (StateParts) -> [Range<Int>]? = { _ in nil }) {
        count = properties.count
        for (number, property) in properties.enumerated() {
            let key = property.key ?? -1
            switch property.predicate {
            case .state(let predicate):
                let slot = footprints.firstIndex(of: property.footprint) ?? footprints.count
                if slot == footprints.count { footprints.append(property.footprint) }
                let isInvariant = property.kind != .reachability
                let entry = Entry(number: number, key: key, closure: stateClosures.count, footprint: property.footprint,
                                  footprintSlot: slot, bit: isInvariant ? invariants.count : -1)
                stateClosures.append(predicate)
                if isInvariant { invariants.append(entry) } else { reachability.append(entry) }
            case .transition(let predicate):
                transitions.append(Entry(number: number, key: key, closure: transitionClosures.count, footprint: .all,
                                         actionKinds: property.actionKinds, footprintSlot: -1, bit: -1))
                transitionClosures.append(predicate)
            }
        }
        let parts = footprints.reduce(UInt64(0)) { $0 | $1.rawValue }
        if !footprints.isEmpty && footprints.count <= 64 && parts < 1 << 12 {
            footprintParts = parts
            touchedFootprints = (0...parts).map { changed in
                var touched: UInt64 = 0
                for (slot, footprint) in footprints.enumerated() where footprint.rawValue & changed != 0 { touched |= 1 << UInt64(slot) }
                return touched
            }
        }
        // Each footprint's invariants get consecutive bits, a group of at most 64 within
        // one word, so that a cached verdict is written into a row with one mask.
        groups = footprints.indices.map { slot in invariants.indices.filter { invariants[$0].footprintSlot == slot } }
        for group in groups {
            if group.count <= 64 && rowBits % 64 + group.count > 64 { rowBits += 64 - rowBits % 64 }
            for member in group {
                invariants[member].bit = rowBits
                rowBits += 1
            }
        }
        // A footprint is cached when the state is plain data, the model says where the
        // footprint lies, and at least two invariants read it, all keyed: a lookup costs
        // about as much as evaluating one of them.
        let plainData = _isPOD(M.State.self) && MemoryLayout<M.State>.size >= 8
        cachedFootprints = footprints.indices.map { slot in
            let group = groups[slot]
            guard plainData, slot < 64, (2...64).contains(group.count), group.allSatisfy({ invariants[$0].key >= 0 }),
                  let ranges = stateBytes(footprints[slot]) else { return nil }
            return FootprintWords(ranges: ranges, size: MemoryLayout<M.State>.size)
        }
        cachesVerdicts = cachedFootprints.contains { $0 != nil }
    }

    /// Words in a state's row of applied invariants.
    var invariantWords: Int { (rowBits + 63) / 64 }
}
