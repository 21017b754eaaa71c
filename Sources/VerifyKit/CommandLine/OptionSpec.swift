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
            throw UsageError("--\(name) '\(text)' is not one of: \(choices.joined(separator: ", "))")
        }
        return text
    }

    static func parse(_ arguments: [String], specs: [OptionSpec], positionals: Int) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(argument)'; options start with -- (see --help)")
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
                let known = specs.map { "--\($0.name)" }.joined(separator: ", ")
                throw UsageError("unknown option '--\(name)'; valid options: \(known)")
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
