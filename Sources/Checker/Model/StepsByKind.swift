/// A batch's steps grouped by action kind: kind `k`'s steps, in step order, are
/// `order[starts[k] ..< starts[k + 1]]`.
///
/// Why: most transition properties are about a few kinds of action (an acceptance, a
/// refusal). Scanning every step's kind to find theirs cost eight instructions a step for
/// each such property, 3% of a myTaxi search with symmetry; with the steps grouped once per
/// chunk, a property visits only its own.
public struct StepsByKind {
    public let order: UnsafeBufferPointer<Int32>
    public let starts: UnsafeBufferPointer<Int32>

    /// `starts` holds one more entry than there are kinds, the last equal to `order.count`.
    public init(order: UnsafeBufferPointer<Int32>, starts: UnsafeBufferPointer<Int32>) {
        precondition(starts.count >= 1 && Int(starts[starts.count - 1]) == order.count, "starts end where the order does")
        self.order = order
        self.starts = starts
    }

    /// The steps of kind `kind`, in step order; none for a kind past the grouping.
    @inline(__always)
    public subscript(kind: Int) -> UnsafeBufferPointer<Int32> {
        guard kind >= 0 && kind < starts.count - 1 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: order[Int(starts[kind])..<Int(starts[kind + 1])])
    }

    /// Groups steps whose kinds are `kinds`, of which `counts[k]` are of kind `k`, writing
    /// `order` (room for every step) and `starts` (room for `counts.count + 1`): a counting
    /// sort, two passes over the kinds.
    public static func group(
        kinds: UnsafeBufferPointer<Int32>, counts: UnsafeBufferPointer<Int>,
        order: UnsafeMutableBufferPointer<Int32>, starts: UnsafeMutableBufferPointer<Int32>
    ) {
        precondition(order.count >= kinds.count && starts.count >= counts.count + 1, "room for every step and every kind")
        var next = 0
        for kind in counts.indices {
            starts[kind] = Int32(truncatingIfNeeded: next)
            next += counts[kind]
        }
        precondition(next == kinds.count, "the counts add up to the steps")
        starts[counts.count] = Int32(truncatingIfNeeded: next)
        // `starts` doubles as each kind's cursor, then is put back.
        for index in kinds.indices {
            let kind = Int(kinds[index])
            order[Int(starts[kind])] = Int32(truncatingIfNeeded: index)
            starts[kind] &+= 1
        }
        for kind in counts.indices { starts[kind] &-= Int32(truncatingIfNeeded: counts[kind]) }
    }
}
