import Checker
import CabBookingHarness
import ModelKit
import MyTaxiHarness
import TravlendarHarness

/// The models `verify` checks: one line per model. The first is the default for `--model`.
public enum Models {
    public static let all: [any ModelPlugin] = [
        MyTaxiPlugin(),
        CabBookingPlugin(),
        TravlendarPlugin(),
    ]
}
