/// "Did you mean": the known word nearest a misspelt one, if one is near enough to be what
/// the user meant (at most two edits, and fewer than half the word).
enum Suggestion {
    static func closest(to word: String, among known: [String]) -> String? {
        let limit = min(2, max(1, word.count / 2))
        let scored = known.map { ($0, distance(word.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// " (did you mean 'x'?)", or nothing.
    static func phrase(for word: String, among known: [String], prefix: String = "") -> String {
        closest(to: word, among: known).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
