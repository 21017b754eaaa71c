/// One command-line option, declared once: parsing, validation messages and help text all
/// come from this declaration, so they never disagree.
struct OptionSpec: Sendable {
    enum Arity: Sendable { case flag, single, repeatable }
    let name: String
    let valueName: String
    let arity: Arity
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: "", arity: .flag, help: help)
    }
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, arity: .single, help: help)
    }
    static func repeated(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, arity: .repeatable, help: help)
    }

    var usage: String { arity == .flag ? "--\(name)" : "--\(name) \(valueName)" }
}

/// A usage error: one line naming the problem and the valid choices. Exit code 2.
struct UsageError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The parsed arguments of one command.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var positional: [String] = []

    func flag(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(String(text.filter { $0 != "_" })), range.contains(number) else {
            throw UsageError("--\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    func choice(_ name: String, from choices: [String]) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            throw UsageError("--\(name) '\(text)' is not one of: \(choices.joined(separator: ", "))\(Suggestion.phrase(for: text, among: choices))")
        }
        return text
    }

    static func parse(_ arguments: [String], specs: [OptionSpec], positionals: Int) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // `--` ends the options: what follows is positional, even when it starts with a dash.
            if argument == "--" && !optionsEnded { optionsEnded = true; continue }
            if optionsEnded { parsed.positional.append(argument); continue }
            if argument == "-h", specs.contains(where: { $0.name == "help" }) { parsed.values["help", default: []].append(""); continue }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(argument)'; options start with --\(Suggestion.phrase(for: String(argument.drop { $0 == "-" }), among: specs.map(\.name), prefix: "--"))")
                }
                parsed.positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                let near = Suggestion.closest(to: name, among: specs.map(\.name))
                throw UsageError("unknown option '--\(name)'" + (near.map { "; did you mean '--\($0)'?" } ?? "; see --help for the options"))
            }
            switch spec.arity {
            case .flag:
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.values[name, default: []].append("")
            case .single, .repeatable:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw UsageError("--\(name) needs a value (\(spec.valueName))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if spec.arity == .single && parsed.values[name] != nil {
                    throw UsageError("--\(name) is given twice")
                }
                parsed.values[name, default: []].append(value)
            }
        }
        if parsed.positional.count > positionals {
            throw UsageError("unexpected argument '\(parsed.positional[positionals])'")
        }
        return parsed
    }
}
