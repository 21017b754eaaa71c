import Checker
import ModelKit

/// How cab booking's actions are written in traces and in their JSON shape: the enum's cases
/// and labels are the actions and their parameters; this says how each label is spelled.
extension CabAction: DeclaredAction {
    public static var names: [String] { CabActionKind.allCases.map(\.name) }

    public static var spellings: [String: ParameterSpelling<CabScope>] {
        [
            "passenger": .name("p", count: { $0.passengers }),
            "booking": .name("b", count: { $0.bookings }),
            "email": .name("e", from: 0, count: { $0.emails }),
            "mobile": .name("m", from: 0, count: { $0.mobiles }),
            "place": .name("F", from: 0, count: { $0.favouriteOffsets.count }),
            // Any point, the one outside the service area included (UC06 6a); a travel ends inside.
            "pickup": .name("L", from: 0, count: { $0.outsidePoint + 1 }),
            "drop": .name("L", from: 0, count: { $0.pointsInArea }),
            "type": .word(CabType.allCases.map(\.description)),
            "lead": .number(among: { $0.leads }),
            "minutes": .number(in: { 1...$0.horizon }),
            // Written only where entered, so that traces without the promo code read as before.
            "promo": .optionalFlag(allowedIn: { $0.offersPromo }),
            "confirmed": .flag, "rightCurrent": .flag, "rightPassword": .flag, "approved": .flag,
            "chargeWaiting": .flag,
        ]
    }
}
