import Checker

extension ModelPlugin where Spec: CoverageDeclaring {
    /// The Spec's list, as the first scope of the default suite builds it.
    public var notModelled: [NotModelled] {
        guard let first = defaultSuite.first, let bounds = try? bounds(named: first.scope, setting: []) else {
            return []
        }
        return spec(for: bounds, literal: false).notModelled
    }

    /// The default suite's entries, each searched or walked as `verify check` does it, with
    /// the boundaries and situations measured on what the conformance check offers the
    /// Reference in each state: the adapter's candidates, near misses included.
    @inlinable
    public func coverage(workers: Int) throws -> [(entry: String, coverage: Coverage)] {
        try defaultSuite.map { entry in
            let bounds = try self.bounds(named: entry.scope, setting: [])
            let spec = self.spec(for: bounds, literal: false)
            let adapter = self.adapter(for: spec, fault: nil)
            let offered: Offered<Spec> = { state, actions in adapter.candidates(in: state, into: &actions) }
            if let plan = entry.walks {
                let coverage = try spec.coverage(seed: plan.seed, walks: plan.walks, steps: plan.steps,
                                                 offered: offered)
                return ("\(entry.scope) walks", coverage)
            }
            var options = ExplorationOptions()
            options.workers = workers
            options.maxDepth = depth(of: bounds)
            return (entry.scope, try spec.coverage(options: options, offered: offered))
        }
    }
}
