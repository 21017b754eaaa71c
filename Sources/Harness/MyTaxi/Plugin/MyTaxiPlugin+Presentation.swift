import Checker
import ModelKit
import MyTaxiSpec

/// How a myTaxi trace is shown to a reviewer.
extension MyTaxiPlugin {
    public func summary(of world: World, bounds scope: Scope) -> String { world.summary(scope: scope) }

    public func changes(from before: World, to after: World, bounds scope: Scope) -> [StateChange] {
        before.changes(to: after, scope: scope).map(StateChange.init(phrase:))
    }

    /// The style of `html`'s queues, which the HTML report carries.
    public var css: String {
        """
        .queues { display: flex; gap: 1.5em; margin-top: 0.3em; }
        .queue { display: flex; gap: 3px; align-items: center; }
        .zone { font-weight: bold; margin-right: 4px; }
        .driver { border: 1px solid #557; border-radius: 4px; padding: 0 6px; background: #eef; }
        .driver.witness { background: #fdd; border-color: #b3261e; font-weight: bold; }
        .empty { color: #999; font-style: italic; }
        """
    }

    /// Each zone's queue as a row of drivers, front first; drivers the witness names are marked.
    public func html(of world: World, bounds scope: Scope, marked: Set<String>) -> String {
        var html = #"<div class="queues">"#
        for zone in scope.zoneIDs {
            html += #"<div class="queue" data-zone="\#(zone)"><span class="zone">\#(zone)</span>"#
            let drivers = world.queue(zone)
            if drivers.isEmpty { html += #"<span class="empty">empty</span>"# }
            for (driver, taxi) in zip(drivers, world.queueTaxiList(zone)) {
                let mark = marked.contains("\(driver)") ? " witness" : ""
                html += #"<span class="driver\#(mark)" title="\#(driver) with \#(taxi)">\#(driver)</span>"#
            }
            html += "</div>"
        }
        return html + "</div>"
    }

    /// The entity names in a witness sentence (d2, z1, r3, ride1, ...).
    public func entities(in witness: String) -> Set<String> {
        Set(witness.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { word in
            ["d", "z", "r", "c", "t", "ride"].contains { prefix in
                word.hasPrefix(prefix) && Int(word.dropFirst(prefix.count)) != nil
            }
        })
    }
}
