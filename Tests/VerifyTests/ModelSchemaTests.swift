import CabBookingSpec
import Checker
import ModelKit
import Models
import Testing
import VerifyKit

/// The JSON shapes of the models' states and actions, from their declarations, and the JSON
/// Schema that `verify list --schema` prints.
@Suite("JSON shapes and their schema: every state and action of a search fits, a layout change does not show")
struct ModelSchemaTests {
    static let declaring = Models.all.filter { $0.schema != nil }.map(\.name)

    @Test("Every model declares the shapes of its states and of its actions")
    func declared() {
        #expect(Set(Self.declaring) == Set(Models.all.map(\.name)))
        let withActions = Models.all.filter { $0.schema?.member("$defs")?.member("action") != nil }.map(\.name)
        #expect(Set(withActions) == Set(Models.all.map(\.name)))
        #expect(Models.all.allSatisfy { $0.speaksJSON })
    }

    /// `ModelContract`'s walk: each action read back from its trace form and its JSON, each
    /// state and action against the schema, every scope enabling some action.
    @Test(
        "In the first levels of each scope, every state and action fits the schema and every action reads back",
        arguments: declaring)
    func statesAndActionsFit(model: String) throws {
        let plugin = try #require(Models.all.first { $0.name == model })
        try fit(plugin)
    }

    private func fit<Plugin: ModelPlugin>(_ plugin: Plugin) throws {
        let schema = try #require(plugin.schema)
        #expect(schema.member("$schema") == .string(ModelSchema.draft))
        for scope in plugin.scopes {
            let bounds = try plugin.bounds(named: scope.name, setting: [])
            let initial = try #require(plugin.spec(for: bounds, literal: false).initialStates.first)
            #expect(plugin.stateJSON(initial, bounds: bounds) != nil, "\(plugin.name) \(scope.name) has no JSON shape")
        }
        #expect(ModelContract.vocabularyProblems(plugin) == [])
    }

    /// The shape is the model's vocabulary, not its memory layout: this document is what a
    /// service answers for this state, whatever the fields' order or width in `CabWorld`.
    @Test("A cab booking state's JSON shape is pinned: a change of layout leaves it unchanged")
    func pinnedShape() throws {
        let spec = CabBookingModel(scope: .ci)
        var state = try #require(spec.initialStates.first)
        for action in [CabAction.chooseCabType(passenger: 0, type: .sedan), .bookNow(passenger: 0, pickup: 1)] {
            state = try #require(spec.successor(of: state, via: action))
        }
        let expected = [
            #"{"now":0,"lastMessage":"M13 booking confirmed","passengers":{"p1":{"session":true,"failures":0,"#,
            #""suspendedUntil":0,"type":"Sedan","wallet":true,"balance":10000,"promo":true,"registered":true,"#,
            #""email":0,"mobile":0,"passwordVersion":0,"favourites":0,"refillCredited":false}},"#,
            #""bookings":{"b1":{"status":"DESIGNATED","owner":"p1","later":false,"type":"Sedan","pickup":"L1","#,
            #""pickupAt":0,"createdAt":0,"cab":"c3","cabDueAt":0,"arrivedAt":0,"boardedAt":0,"fare":0,"#,
            #""payment":"unpaid","feedback":false,"promo":false,"promoApplied":false}},"#,
            #""cabs":{"c1":{"type":"Nano","at":"L0","booking":null},"c2":{"type":"Nano","at":"L1","booking":null},"#,
            #""c3":{"type":"Sedan","at":"L1","booking":"b1"}}}"#,
        ].joined()
        #expect(state.json(in: .ci).rendered(pretty: false) == expected)

    }

    @Test(
        "What does not fit the schema is named by its path",
        arguments: [
            (
                #"{"now":0,"lastMessage":"M99","passengers":{},"bookings":{},"cabs":{}}"#,
                "/lastMessage: \"M99\" is not one of"
            ),
            (#"{"now":-1,"lastMessage":"-","passengers":{},"bookings":{},"cabs":{}}"#, "/now: -1 is below 0"),
            (#"{"now":0,"lastMessage":"-","passengers":{},"bookings":{}}"#, "/: 'cabs' is missing"),
            (
                #"{"now":0,"lastMessage":"-","passengers":{},"bookings":{},"cabs":{},"extra":1}"#,
                "/: 'extra' is not a field here"
            ),
            (
                #"{"now":0,"lastMessage":"-","passengers":{"x1":{}},"bookings":{},"cabs":{}}"#,
                "/passengers/x1: \"x1\" does not match ^p[0-9]+$"
            ),
            (
                #"{"now":0,"lastMessage":"-","passengers":{},"bookings":{},"#
                    + #""cabs":{"c1":{"type":"Nano","at":"L0","booking":7}}}"#,
                "/cabs/c1/booking: 7 is not string or null"
            ),
        ])
    func refused(_ document: String, _ problem: String) throws {
        let schema = try #require(Models.all.first { $0.name == "cabbooking" }?.schema)
        let problems = JSONSchemaCheck(root: schema).problems(of: try JSON.parse(document), against: "state")
        #expect(problems.contains { $0.hasPrefix(problem) }, "\(problems)")
    }

    @Test(
        "An action's JSON names what is wrong with it",
        arguments: [
            (#"{"action":"bookNow","passenger":"p1"}"#, "/: 'pickup' is missing"),
            (#"{"action":"fly"}"#, "/action: \"fly\" is not"),
            (#"{"action":"advance","minutes":"5"}"#, "/minutes: \"5\" is not integer"),
        ])
    func actionRefused(_ document: String, _ problem: String) throws {
        let schema = try #require(Models.all.first { $0.name == "cabbooking" }?.schema)
        let problems = JSONSchemaCheck(root: schema).problems(of: try JSON.parse(document), against: "action")
        #expect(problems.contains { $0.hasPrefix(problem) }, "\(problems)")
    }
}
