import Checker

/// A model's actions declared once: the action type itself (an enum whose cases are the
/// actions and whose labelled associated values are their parameters, `Codable` as Swift
/// writes it) and, per parameter label, how the value is spelled. Trace files, replay, the
/// JSON shape of an action and its JSON Schema all come from these two declarations, so an
/// action added to the enum is written, read and documented with no other code.
///
/// A label means the same everywhere (`passenger` is a passenger in every action); an
/// unlabelled value has no name to be written under, so every associated value is labelled.
public protocol DeclaredAction: Codable, Sendable {
    associatedtype Scope: DeclaredScope
    /// The names of the enum's cases, in the order `list` shows the actions.
    static var names: [String] { get }
    /// How each parameter label is spelled.
    static var spellings: [String: ParameterSpelling<Scope>] { get }
    /// Cases written under another name, by case name: two cases may share one (myTaxi's
    /// `longTick(minutes:)` is written `tick(minutes: 6)`), told apart when read by the
    /// parameters a trace gives. Empty by default: a case is written as it is named.
    static var writtenNames: [String: String] { get }
}

extension DeclaredAction {
    public static var writtenNames: [String: String] { [:] }

    /// The name traces and JSON shapes write for the case `caseName`.
    static func writtenName(of caseName: String) -> String { writtenNames[caseName] ?? caseName }

    /// The case a trace's `name` and parameter labels stand for: the one case written so, or,
    /// where cases share the name, the one whose labels are those given (else the first).
    static func caseName(written name: String, labels: some Collection<String>) -> String? {
        let cases = names.filter { writtenName(of: $0) == name }
        guard cases.count > 1 else { return cases.first }
        let given = Set(labels)
        return cases.first { Set(parameters(of: $0)) == given } ?? cases.first
    }
}

extension DeclaredAction {
    /// The action's name and its parameters as a trace writes them, in declaration order, a
    /// parameter its spelling omits (a flag written only when true) left out.
    public var spelled: (name: String, parameters: [(String, String)]) {
        let (name, values) = ActionRecorder.record(self)
        let spellings = Self.spellings
        return (
            Self.writtenName(of: name),
            values.compactMap { key, value in
                let spelling = Self.spelling(of: key, in: spellings)
                return spelling.omits(value) ? nil : (key, spelling.written(value))
            }
        )
    }

    /// The action a trace names, or an error that says what is wrong: an unknown action, a
    /// parameter missing, unknown or out of the scope's values.
    public init(named name: String, parameters: [String: String], scope: Scope) throws(ModelInputError) {
        guard let caseName = Self.caseName(written: name, labels: parameters.keys) else {
            var valid: [String] = []
            for written in Self.names.map(Self.writtenName(of:)) where !valid.contains(written) {
                valid.append(written)
            }
            throw ModelInputError("unknown action '\(name)'; valid actions: \(valid.joined(separator: ", "))")
        }
        let reader = ActionReader(
            name: caseName, written: name, source: .trace(parameters, scope: scope, spellings: Self.spellings))
        do {
            self = try Self(from: reader)
        } catch let error as ModelInputError {
            throw error
        } catch {
            preconditionFailure("\(Self.self).\(name) cannot be read back: \(error)")
        }
        if let extra = parameters.keys.sorted().first(where: { !reader.read.contains($0) }) {
            throw ModelInputError("\(name) has no parameter '\(extra)'")
        }
    }

    /// The labels of the case called `name`, in declaration order (read by decoding the
    /// case with placeholder values).
    public static func parameters(of name: String) -> [String] {
        precondition(names.contains(name), "\(Self.self) has no action '\(name)'")
        let reader = ActionReader<Scope>(name: name, written: name, source: .probe)
        guard (try? Self(from: reader)) != nil else {
            preconditionFailure("\(Self.self).\(name) cannot be decoded: is it a case of the enum?")
        }
        return reader.read
    }

    static func spelling(of key: String, in spellings: [String: ParameterSpelling<Scope>]) -> ParameterSpelling<Scope> {
        guard let spelling = spellings[key] else {
            preconditionFailure("\(Self.self) declares no spelling for the parameter '\(key)'")
        }
        return spelling
    }
}
