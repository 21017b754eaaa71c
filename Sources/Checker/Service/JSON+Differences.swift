/// Comparing a state a service reports with the state the specification expects: members of
/// an object in any order, arrays in order, numbers by value.
extension JSON {
    /// The places where `actual` differs from `self`, each as "PATH: EXPECTED → ACTUAL" (a
    /// path of member names and indices, `/bookings/b1/status`), at most `limit` of them.
    public func differences(to actual: JSON, limit: Int = 12) -> [String] {
        var found: [String] = []
        collect(actual, path: "", into: &found, limit: limit)
        return found
    }

    /// Whether the two are the same value, members in any order.
    public func sameValue(as other: JSON) -> Bool { differences(to: other, limit: 1).isEmpty }

    private func collect(_ actual: JSON, path: String, into found: inout [String], limit: Int) {
        guard found.count < limit else { return }
        switch (self, actual) {
        case (.object(let expected), .object(let got)):
            var given: [String: JSON] = [:]
            for (key, value) in got where given[key] == nil { given[key] = value }
            for (key, value) in expected {
                if let other = given.removeValue(forKey: key) {
                    value.collect(other, path: path + "/" + key, into: &found, limit: limit)
                } else if found.count < limit {
                    found.append("\(path)/\(key): \(value.brief) → missing")
                }
            }
            for (key, value) in got where given[key] != nil && found.count < limit {
                found.append("\(path)/\(key): missing → \(value.brief)")
                given[key] = nil
            }
        case (.array(let expected), .array(let got)):
            for (index, pair) in zip(expected, got).enumerated() {
                pair.0.collect(pair.1, path: "\(path)/\(index)", into: &found, limit: limit)
            }
            if expected.count != got.count && found.count < limit {
                found.append("\(path): \(expected.count) items → \(got.count)")
            }
        case (.integer(let a), .number(let b)) where Double(a) == b: return
        case (.number(let a), .integer(let b)) where a == Double(b): return
        default:
            if self != actual { found.append("\(path.isEmpty ? "/" : path): \(brief) → \(actual.brief)") }
        }
    }

    /// The value in one short line.
    var brief: String {
        let text = rendered(pretty: false)
        return text.count <= 80 ? text : String(text.prefix(77)) + "..."
    }
}
