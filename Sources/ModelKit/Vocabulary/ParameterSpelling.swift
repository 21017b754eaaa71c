import Checker

/// How one parameter of a model's actions is written in traces, in the JSON shape of an action
/// and on the command line: an entity's name ("p1"), a whole number, a flag or a word. Declared
/// once per parameter name (`passenger` is a passenger's name in every action that takes one);
/// the values it allows depend on the scope.
public struct ParameterSpelling<Scope: DeclaredScope>: Sendable {
    enum Form: Sendable {
        /// `prefix` and a number from `first`: the index 0 is written `prefix` + `first`.
        case name(prefix: String, first: Int, count: @Sendable (Scope) -> Int)
        /// A whole number among the scope's allowed values, written in decimal.
        case number(allowed: @Sendable (Scope) -> [Int], contiguous: Bool)
        /// `true` or `false`; left out of a trace when false if `omittedWhenFalse`, and true
        /// only where `trueAllowed` holds.
        case flag(omittedWhenFalse: Bool, trueAllowed: @Sendable (Scope) -> Bool)
        /// One of `words`; the index is the value's raw value.
        case word([String])
    }

    let form: Form

    /// An entity's name: `prefix` and its number, counting from `first` (p1, p2; L0, L1).
    public static func name(_ prefix: String, from first: Int = 1, count: @escaping @Sendable (Scope) -> Int) -> Self {
        Self(form: .name(prefix: prefix, first: first, count: count))
    }

    /// A whole number in the scope's range.
    public static func number(in range: @escaping @Sendable (Scope) -> ClosedRange<Int>) -> Self {
        Self(form: .number(allowed: { Array(range($0)) }, contiguous: true))
    }

    /// A whole number among the scope's values.
    public static func number(among values: @escaping @Sendable (Scope) -> [Int]) -> Self {
        Self(form: .number(allowed: values, contiguous: false))
    }

    /// `true` or `false`, always written.
    public static var flag: Self { Self(form: .flag(omittedWhenFalse: false, trueAllowed: { _ in true })) }

    /// A flag written only when true (a trace without it reads as false), and true only in a
    /// scope where `allowed` holds (a promo code the scope offers).
    public static func optionalFlag(allowedIn allowed: @escaping @Sendable (Scope) -> Bool) -> Self {
        Self(form: .flag(omittedWhenFalse: true, trueAllowed: allowed))
    }

    /// One of `words`, the value's raw value its index.
    public static func word(_ words: [String]) -> Self { Self(form: .word(words)) }

    /// Whether a trace leaves the parameter out when it has this value.
    func omits(_ value: ActionParameterValue) -> Bool {
        if case .flag(true, _) = form, value == .bool(false) { return true }
        return false
    }

    /// The value as a trace writes it.
    func written(_ value: ActionParameterValue) -> String {
        switch (form, value) {
        case (.name(let prefix, let first, _), .int(let index)): "\(prefix)\(index + first)"
        case (.word(let words), .int(let index)): words.indices.contains(index) ? words[index] : "\(index)"
        case (_, .int(let number)): "\(number)"
        case (_, .bool(let flag)): "\(flag)"
        }
    }

    /// The value `text` stands for in `scope`, or an error naming the action, the parameter
    /// and the values allowed.
    func read(_ text: String, key: String, action: String, scope: Scope) throws(ModelInputError) -> ActionParameterValue
    {
        switch form {
        case .name(let prefix, let first, let count):
            let count = count(scope)
            guard text.hasPrefix(prefix), let number = Int(text.dropFirst(prefix.count)),
                (first..<first + count).contains(number)
            else {
                throw ModelInputError(
                    "\(action): \(key) '\(text)' is not one of \(prefix)\(first)...\(prefix)\(first + count - 1)"
                        + " in scope \(scope.name)"
                )
            }
            return .int(number - first)
        case .number(let allowed, let contiguous):
            let allowed = allowed(scope)
            guard let number = Int(text), allowed.contains(number) else {
                let values =
                    contiguous && !allowed.isEmpty
                    ? "a whole number in \(allowed.first!)...\(allowed.last!)"
                    : "one of \(allowed.map(String.init).joined(separator: ", "))"
                throw ModelInputError("\(action): \(key) '\(text)' is not \(values) in scope \(scope.name)")
            }
            return .int(number)
        case .flag(_, let trueAllowed):
            switch text {
            case "false": return .bool(false)
            case "true" where trueAllowed(scope): return .bool(true)
            case "true": throw ModelInputError("\(action): \(key) cannot be true in scope \(scope.name)")
            default: throw ModelInputError("\(action): \(key) '\(text)' is not true or false")
            }
        case .word(let words):
            guard let index = words.firstIndex(of: text) else {
                throw ModelInputError("\(action): \(key) '\(text)' is not one of \(words.joined(separator: ", "))")
            }
            return .int(index)
        }
    }

    /// Every value the parameter may take in `scope`, as written.
    func allowedValues(in scope: Scope) -> [String] {
        switch form {
        case .name(let prefix, let first, let count): (0..<count(scope)).map { "\(prefix)\($0 + first)" }
        case .number(let allowed, _): allowed(scope).map(String.init)
        case .flag(_, let trueAllowed): trueAllowed(scope) ? ["false", "true"] : ["false"]
        case .word(let words): words
        }
    }

    /// Whether the JSON shape writes the value as a JSON number or Boolean rather than a string.
    var isNumber: Bool { if case .number = form { true } else { false } }
}

/// A parameter's value as the action holds it: an index, a number or a raw value, or a flag.
public enum ActionParameterValue: Sendable, Hashable {
    case int(Int)
    case bool(Bool)
}
