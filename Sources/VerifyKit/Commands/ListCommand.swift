import Checker
import ModelKit

/// `verify list`: the registered models, a model's scopes, its property catalogue (generated
/// from the declarations in its Spec), its actions, its faults, or what its default suite
/// reached of the boundaries, environments and contention the Spec declares.
struct ListCommand {
    static let specs: [OptionSpec] = [
        .value("model", "NAME", "the model (see --models; default: the first listed)"),
        .value("format", "FORMAT", "text, markdown or json (default text)"),
        .value("output", "FILE", "write the list to FILE"),
        .flag("models", "list the registered models"),
        .flag("scopes", "list the model's named scopes, its default suite and the keys --set accepts"),
        .flag("actions", "list the actions instead of the properties"),
        .flag("faults", "list the faults --inject can plant in the Reference, and what catches each"),
        .flag("boundaries", "run the default suite: how often it reached each threshold, and one unit either side"),
        .flag("environments", "run the default suite: how often each environment that changes an answer met "
              + "its action"),
        .flag("contention", "run the default suite: how often each competing rule met as many actors as it "
              + "needs, and one more"),
        .flag("not-modelled", "list what the user sees that the model leaves out on purpose, and why"),
        .flag("schema", "print the JSON Schema of the model's states and actions (the shapes a service speaks)"),
        .flag("help", "show this help"),
    ]

    static let help = """
        usage: verify list [options]

        Prints every property of the model: its id, kind, group, statement and source in the
        seeds. Invariants/NAME.md is this command's markdown output for model NAME.

        examples:
          swift run verify list --models
          swift run verify list --model mytaxi --scopes
          swift run verify list --format markdown --output Invariants/mytaxi.md
          swift run verify list --faults
          swift run verify list --model cabbooking --schema
          swift run -c release verify list --model cabbooking --boundaries --format markdown
          swift run -c release verify list --model travlendar --environments
        """

    static func run(_ parsed: ParsedArguments, console: Console, models: [any ModelPlugin]) throws(UsageError) -> Int32 {
        let plugin = try CommonOptions.model(parsed, among: models)
        let format = try parsed.choice("format", from: CatalogueFormat.allCases.map(\.rawValue)) ?? "text"
        let lists = ["models", "scopes", "actions", "faults", "boundaries", "environments", "contention",
                     "not-modelled", "schema"]
        let chosen = lists.filter(parsed.flag)
        if chosen.count > 1 {
            throw UsageError(chosen.map { "--\($0)" }.joined(separator: " and ") + " each choose what to list; give one")
        }
        let text: String
        switch chosen.first {
        case "models": text = modelList(models)
        case "scopes": text = scopeList(plugin)
        case "actions": text = actionList(plugin.actions, format: format)
        case "faults": text = faultList(plugin.faults, format: format)
        case "boundaries":
            text = try coverageList(plugin, format: format) { BoundaryList.render(BoundaryList.rows($0), format: $1) }
        case "environments": text = try situationList(plugin, .environment, format: format)
        case "contention": text = try situationList(plugin, .contention, format: format)
        case "not-modelled": text = notModelledList(plugin.notModelled, format: format)
        case "schema":
            guard let schema = plugin.schema else {
                throw UsageError("model \(plugin.name) does not declare its state and actions "
                                 + "(DeclaredState, DeclaredAction), so it has no schema yet")
            }
            text = schema.rendered()
        default: text = plugin.catalogue(CatalogueFormat(rawValue: format)!)
        }
        try Output.write(text, to: parsed.value("output"), console: console)
        return 0
    }

    static func actionList(_ actions: [ActionDescription], format: String) -> String {
        switch format {
        case "json":
            return JSON.array(actions.map { .object([("name", .string($0.name)), ("source", .string($0.source))]) }).rendered()
        case "markdown":
            return (["| action | source |", "| --- | --- |"] + actions.map { "| `\($0.name)` | \($0.source.replacingPipes) |" }).joined(separator: "\n")
        default:
            return actions.map { "\($0.name.rightPadded(to: 22)) \($0.source)" }.joined(separator: "\n")
        }
    }

    static func faultList(_ faults: [FaultDescription], format: String) -> String {
        switch format {
        case "json":
            return JSON.array(faults.map { fault in
                .object([("name", .string(fault.name)), ("area", .string(fault.area)), ("summary", .string(fault.summary)),
                         ("target", .string(fault.target)), ("property", .string(fault.property)), ("scope", .string(fault.scope)),
                         ("steps", .integer(fault.steps))])
            }).rendered()
        case "markdown":
            // The table each model's page carries (FaultInjectionTests holds the page to it).
            return (["| fault | area | the bug | caught by | scope | steps |", "| --- | --- | --- | --- | --- | --- |"] + faults.map { fault in
                "| `\(fault.name)` | \(fault.area) | \(fault.summary.replacingPipes) | \(fault.target): `\(fault.property)` | \(fault.scope) | \(fault.steps) |"
            }).joined(separator: "\n")
        default:
            let width = faults.map(\.name.count).max() ?? 0
            return faults.map { fault in
                "\(fault.name.rightPadded(to: width))  \(fault.area.rightPadded(to: 12)) caught by \(fault.target) \(fault.property) in scope \(fault.scope), \(fault.steps) steps\n\("".rightPadded(to: width))  \(fault.summary)"
            }.joined(separator: "\n")
        }
    }

    static func notModelledList(_ items: [NotModelled], format: String) -> String {
        switch format {
        case "json":
            return JSON.array(items.map { .object([("what", .string($0.what)), ("reason", .string($0.reason)),
                                                  ("source", .string($0.source))]) }).rendered()
        case "markdown":
            // The table each model's page carries (BoundaryTableTests holds the page to it).
            return items.markdownTable
        default:
            return items.map { "\($0.what) (\($0.source))\n  \($0.reason)" }.joined(separator: "\n")
        }
    }

    static func situationList<P: ModelPlugin>(_ plugin: P, _ kind: SituationKind, format: String)
        throws(UsageError) -> String {
        try coverageList(plugin, format: format) { suite, format in
            SituationList.render(SituationList.rows(suite, kind), kind, format: format)
        }
    }

    /// Runs the default suite for its coverage and renders what `render` takes of it.
    static func coverageList<P: ModelPlugin>(_ plugin: P, format: String,
                                             render: ([(entry: String, coverage: Coverage)], String) -> String)
        throws(UsageError) -> String {
        do {
            return render(try plugin.coverage(workers: ExplorationOptions.availableCores), format)
        } catch {
            throw UsageError("the default suite of \(plugin.name) could not be run for its coverage: \(error)")
        }
    }

    static func modelList(_ models: [any ModelPlugin]) -> String {
        let width = models.map(\.name.count).max() ?? 0
        return models.enumerated().map { index, model in
            "\(model.name.rightPadded(to: width))  \(model.summary)\(index == 0 ? " (default)" : "")"
        }.joined(separator: "\n")
    }

    static func scopeList<P: ModelPlugin>(_ plugin: P) -> String {
        let width = plugin.scopes.map(\.name.count).max() ?? 0
        var lines = plugin.scopes.map { "\($0.name.rightPadded(to: width))  \($0.about)" }
        lines.append("")
        lines.append("default suite (verify check with no --scope): \(plugin.defaultSuite.map(\.description).joined(separator: ", "))")
        lines.append("--set keys: " + plugin.settableKeys.map { "\($0.key) (\($0.range.lowerBound)...\($0.range.upperBound))" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
