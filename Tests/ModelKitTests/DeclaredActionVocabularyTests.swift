import Checker
import ModelKit
import Testing

/// A toy shop's actions, declared as a model declares them, and what the declaration gives.
@Suite("An action declaration writes, reads and lists an enum's actions")
struct DeclaredActionVocabularyTests {
    struct ShopScope: DeclaredScope {
        var name = "tiny"
        var depth: Int? = nil
        var customers = 2
        var offersCoupons = false
        static var named: [ShopScope] { [ShopScope()] }
        static var keys: [ScopeKey<ShopScope>] { [ScopeKey("customers", 1...3, \.customers)] }
    }

    enum Size: UInt8, Codable, CaseIterable { case small, large }

    enum ShopAction: Hashable, Codable, DeclaredAction {
        case order(customer: Int, size: Size, quantity: Int, coupon: Bool = false)
        case pay(customer: Int, byCard: Bool)
        case closeShop

        static var names: [String] { ["order", "pay", "closeShop"] }
        static var spellings: [String: ParameterSpelling<ShopScope>] {
            [
                "customer": .name("k", count: { $0.customers }), "size": .word(["small", "large"]),
                "quantity": .number(in: { _ in 1...3 }), "coupon": .optionalFlag(allowedIn: { $0.offersCoupons }),
                "byCard": .flag,
            ]
        }
    }

    @Test("An action is written in declaration order, each value spelled, a false optional flag left out")
    func written() {
        #expect(ShopAction.order(customer: 1, size: .large, quantity: 2).spelled.name == "order")
        #expect(
            ShopAction.order(customer: 1, size: .large, quantity: 2).spelled.parameters.map { "\($0)=\($1)" }
                == ["customer=k2", "size=large", "quantity=2"])
        #expect(
            ShopAction.pay(customer: 0, byCard: false).spelled.parameters.map { "\($0)=\($1)" } == [
                "customer=k1", "byCard=false",
            ])
        #expect(ShopAction.closeShop.spelled.parameters.isEmpty)
    }

    @Test(
        "Every action reads back as itself",
        arguments: [
            ShopAction.order(customer: 0, size: .small, quantity: 3),
            .order(customer: 1, size: .large, quantity: 1, coupon: true),
            .pay(customer: 1, byCard: true), .closeShop,
        ])
    func readBack(_ action: ShopAction) throws {
        var scope = ShopScope()
        scope.offersCoupons = true
        let (name, parameters) = action.spelled
        #expect(
            try ShopAction(named: name, parameters: Dictionary(uniqueKeysWithValues: parameters), scope: scope)
                == action)
    }

    @Test(
        "What is wrong with an action a trace names is said in words",
        arguments: [
            ("refund", ["customer": "k1"], "unknown action 'refund'; valid actions: order, pay, closeShop"),
            ("pay", ["customer": "k1"], "pay needs a parameter 'byCard'"),
            ("pay", ["customer": "k3", "byCard": "true"], "pay: customer 'k3' is not one of k1...k2 in scope tiny"),
            ("pay", ["customer": "k1", "byCard": "yes"], "pay: byCard 'yes' is not true or false"),
            ("pay", ["customer": "k1", "byCard": "true", "tip": "1"], "pay has no parameter 'tip'"),
            (
                "order", ["customer": "k1", "size": "huge", "quantity": "1"],
                "order: size 'huge' is not one of small, large"
            ),
            (
                "order", ["customer": "k1", "size": "small", "quantity": "4"],
                "order: quantity '4' is not a whole number in 1...3 in scope tiny"
            ),
            (
                "order", ["customer": "k1", "size": "small", "quantity": "1", "coupon": "true"],
                "order: coupon cannot be true in scope tiny"
            ),
        ])
    func refused(_ name: String, _ parameters: [String: String], _ message: String) {
        #expect(throws: ModelInputError(message)) {
            try ShopAction(named: name, parameters: parameters, scope: ShopScope())
        }
    }

    @Test("An action's labels are listed without a value of it")
    func labels() {
        #expect(ShopAction.parameters(of: "order") == ["customer", "size", "quantity", "coupon"])
        #expect(ShopAction.parameters(of: "closeShop").isEmpty)
    }

    /// Two cases written under one name, told apart by their parameters, as myTaxi writes its
    /// probe of time at the minute beside the tick.
    enum ClockAction: Hashable, Codable, DeclaredAction {
        case tick
        case longTick(minutes: Int)
        case open(customer: Int)

        static var names: [String] { ["tick", "longTick", "open"] }
        static var writtenNames: [String: String] { ["longTick": "tick"] }
        static var spellings: [String: ParameterSpelling<ShopScope>] {
            ["minutes": .number(in: { _ in 6...10 }), "customer": .name("k", count: { $0.customers })]
        }
    }

    @Test("Cases that share a written name are written under it and read back by their parameters")
    func sharedName() throws {
        #expect(ClockAction.longTick(minutes: 7).spelled.name == "tick")
        #expect(ClockAction.longTick(minutes: 7).json.member("action") == .string("tick"))
        #expect(try ClockAction(named: "tick", parameters: [:], scope: ShopScope()) == .tick)
        #expect(
            try ClockAction(named: "tick", parameters: ["minutes": "7"], scope: ShopScope()) == .longTick(minutes: 7))
        #expect(throws: ModelInputError("tick: minutes '5' is not a whole number in 6...10 in scope tiny")) {
            try ClockAction(named: "tick", parameters: ["minutes": "5"], scope: ShopScope())
        }
        #expect(throws: ModelInputError("tick has no parameter 'speed'")) {
            try ClockAction(named: "tick", parameters: ["speed": "2"], scope: ShopScope())
        }
        #expect(throws: ModelInputError("unknown action 'longTick'; valid actions: tick, open")) {
            try ClockAction(named: "longTick", parameters: ["minutes": "7"], scope: ShopScope())
        }
    }
}
