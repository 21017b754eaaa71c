import Checker
import Testing

/// A search of a small test model: one worker, four levels deep, as the adapter tests run it.
func searchFourDeep<M: Model>(_ model: M) throws -> ExplorationResult<M> {
    var options = ExplorationOptions()
    options.workers = 1
    options.maxDepth = 4
    return try BreadthFirstExplorer(model: model, options: options).run()
}

/// The outcome of property `id` in `result`; a test failure when the run has no such property.
func outcome<M: Model>(_ result: ExplorationResult<M>, _ id: String) throws -> PropertyOutcome<M> {
    try #require(result.properties.first { $0.property.id == id })
}
