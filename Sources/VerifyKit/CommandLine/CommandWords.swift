/// A command line split into its program and arguments as a POSIX shell splits words, with
/// nothing else of a shell: no variables, globs, pipes or redirections. `--implementation`
/// runs a service this way, so that no text of the command is ever run by a shell.
enum CommandWords {
    static func split(_ line: String) throws(UsageError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(character)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
                inWord = true
            case ("\"", _):
                word.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        if let quote { throw UsageError("--implementation: the command has an unclosed \(quote)") }
        if escaped { throw UsageError("--implementation: the command ends with a lone backslash") }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw UsageError("--implementation needs a command, not an empty line") }
        return words
    }
}
