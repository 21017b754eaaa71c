extension Model {
    /// The verdict of the liveness property `id` the model declares, on its graph to `depth`
    /// (nil: the whole graph), under `fairness`, or under the fairness the property assumes when
    /// nil: what a model's own tests hold each property to. Nil when it declares no such property.
    public func livenessVerdict(of id: String, depth: Int? = nil, fairness: [Fairness<Self>]? = nil)
        -> LivenessVerdict<Self>?
    {
        guard let property = liveness.properties.first(where: { $0.id == id }) else { return nil }
        let graph = StateGraph(self, depth: depth, atBound: liveness.boundStops)
        return LivenessCheck(graph: graph, fairness: fairness ?? property.fairness ?? liveness.fairness).check(property)
    }
}
