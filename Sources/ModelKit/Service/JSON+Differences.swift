import Checker

/// Comparing a state a service reports with the state the specification expects: members of
/// an object in any order, arrays in order, numbers by value.
extension JSON {
    /// The places where `actual` differs from `self`, each as "PATH: EXPECTED → ACTUAL" (a
    /// path of member names and indices, `/bookings/b1/status`), at most `limit` of them.
    public func differences(to actual: JSON, limit: Int = 12) -> [String] {
        // Most states a service reports are the Spec's: told first, with no paths built.
        if sameValue(as: actual) { return [] }
        var found: [String] = []
        collect(actual, path: "", into: &found, limit: limit)
        return found
    }

    /// Whether the two are the same value, members in any order.
    public func sameValue(as other: JSON) -> Bool {
        switch (self, other) {
        case (.object(let mine), .object(let theirs)):
            guard mine.count == theirs.count else { return false }
            if zip(mine, theirs).allSatisfy({ $0.0 == $1.0 }) {
                return zip(mine, theirs).allSatisfy { $0.1.sameValue(as: $1.1) }
            }
            var given: [String: JSON] = [:]
            for (key, value) in theirs { given[key] = value }
            guard given.count == theirs.count else { return false }
            return mine.allSatisfy { key, value in given[key].map(value.sameValue(as:)) ?? false }
        case (.array(let mine), .array(let theirs)):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.sameValue(as: $1) }
        case (.string(let a), .string(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.number(let a), .number(let b)): return a == b
        case (.integer(let a), .number(let b)): return Double(a) == b
        case (.number(let a), .integer(let b)): return a == Double(b)
        default: return false
        }
    }

    private func collect(_ actual: JSON, path: String, into found: inout [String], limit: Int) {
        guard found.count < limit else { return }
        switch (self, actual) {
        case (.object(let expected), .object(let got))
        where expected.count == got.count && zip(expected, got).allSatisfy({ $0.0 == $1.0 }):
            // Members in the same order, as a service that writes the shape in order sends them:
            // compared pairwise, with no table of names.
            for (mine, theirs) in zip(expected, got) {
                mine.1.collect(theirs.1, path: path + "/" + mine.0, into: &found, limit: limit)
            }
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
        case (.string(let a), .string(let b)) where a == b: return
        case (.integer(let a), .integer(let b)) where a == b: return
        case (.bool(let a), .bool(let b)) where a == b: return
        case (.null, .null): return
        case (.number(let a), .number(let b)) where a == b: return
        case (.integer(let a), .number(let b)) where Double(a) == b: return
        case (.number(let a), .integer(let b)) where a == Double(b): return
        default:
            found.append("\(path.isEmpty ? "/" : path): \(brief) → \(actual.brief)")
        }
    }

    /// The value in one short line.
    var brief: String {
        let text = rendered(pretty: false)
        return text.count <= 80 ? text : String(text.prefix(77)) + "..."
    }
}
