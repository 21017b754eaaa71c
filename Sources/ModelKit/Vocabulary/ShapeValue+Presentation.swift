import Checker

/// A state's shape in words, for the reports of a model that writes no presentation of its
/// own: one line for a whole state, one change per field that differs, a card per entity.
extension ShapeValue {
    /// The value in a few words: `5`, `true`, `DESIGNATED`, `c2` or `-`, `{d1,d2}`, `[r1, r2]`,
    /// a record as `field value, ...`.
    public var words: String {
        switch self {
        case .number(let number): "\(number)"
        case .flag(let flag): "\(flag)"
        case .word(let word): word
        case .name(let name): name ?? "-"
        case .names(let names): "{\(names.joined(separator: ","))}"
        case .list(let items): "[\(items.map(\.words).joined(separator: ", "))]"
        case .record(let members): members.map { "\($0.name) \($0.value.words)" }.joined(separator: ", ")
        case .entities(let members): members.map { "\($0.name) (\($0.value.words))" }.joined(separator: "; ")
        }
    }

    /// What changed from `self` to `after`, one change per leaf that differs, named by its path
    /// (`b1 cab`, `s1 a2 start`; an entity map's own name is left out, its entities' names say
    /// it); an entity that appears or goes is one change, its fields in words on one side.
    func changes(to after: ShapeValue, at path: String) -> [StateChange] {
        switch (self, after) {
        case (.record(let old), .record(let new)) where old.map(\.name) == new.map(\.name):
            return zip(old, new).flatMap { $0.value.changes(to: $1.value, at: Self.join(path, $0.name)) }
        case (.entities(let old), .entities(let new)):
            var changes: [StateChange] = []
            for member in old {
                if let now = new.first(where: { $0.name == member.name }) {
                    changes += member.value.changes(to: now.value, at: Self.join(path.entityParent, member.name))
                } else {
                    changes.append(StateChange(Self.join(path.entityParent, member.name), member.value.words, "-"))
                }
            }
            for member in new where !old.contains(where: { $0.name == member.name }) {
                changes.append(StateChange(Self.join(path.entityParent, member.name), "-", member.value.words))
            }
            return changes
        default:
            return self == after ? [] : [StateChange(path, words, after.words)]
        }
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path) \(name)" }

    /// The entities' cards: each entity's name with its words and names (a status, a cab).
    func cards(marked: Set<String>) -> [String] {
        guard case .entities(let members) = self else { return [] }
        return members.map { member in
            var label = [member.name]
            if case .record(let fields) = member.value {
                for field in fields {
                    switch field.value {
                    case .word(let word): label.append(word)
                    case .name(let name?): label.append(name)
                    default: break
                    }
                }
            }
            let html = label.map(HTMLText.escape).joined(separator: " ")
            return #"<span class="entity\#(marked.contains(member.name) ? " witness" : "")">\#(html)</span>"#
        }
    }
}

extension String {
    /// Where an entity map's members are named from: the record that holds the map, never
    /// the map's own field (`s1 plan` → `s1`).
    fileprivate var entityParent: String {
        guard let space = lastIndex(of: " ") else { return "" }
        return String(self[..<space])
    }
}

/// Text put into HTML or XML (the JUnit report): the five characters markup reserves escaped.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension DeclaredState {
    /// The whole state in one line: each field in words, `; ` between them.
    public func summary(in scope: Scope) -> String {
        shape(in: scope).map { member in
            if case .entities = member.value { return member.value.words }
            return "\(member.name) \(member.value.words)"
        }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// One change per field that differs, named by its path.
    public func changes(to after: Self, in scope: Scope) -> [StateChange] {
        zip(shape(in: scope), after.shape(in: scope)).flatMap { old, new in
            old.value.changes(to: new.value, at: old.name)
        }
    }

    /// The state as HTML: the plain fields on one line, then a row of cards per entity map,
    /// the entities in `marked` standing out.
    public func html(in scope: Scope, marked: Set<String>) -> String {
        let members = shape(in: scope)
        let plain = members.filter { if case .entities = $0.value { false } else { true } }
            .map { "\(HTMLText.escape($0.name)) \(HTMLText.escape($0.value.words))" }
        var html = #"<div class="shape">"#
        if !plain.isEmpty { html += #"<div class="fields">\#(plain.joined(separator: " · "))</div>"# }
        for member in members {
            let cards = member.value.cards(marked: marked)
            if !cards.isEmpty { html += #"<div class="entities">\#(cards.joined())</div>"# }
        }
        return html + "</div>"
    }
}
