// swift-tools-version: 6.0
import PackageDescription

// Architecture: Checker knows no taxis; Spec is the formal model (pure); Reference is the
// system under test and never sees Spec or Checker; Harness holds the abstraction from
// Reference to Spec and the fault catalogue; VerifyKit is the command line as a library so
// that tests can call it; verify is a one-line main.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
// The explorer is generic over the model and lives in another module than the models: without
// cross-module optimisation it runs unspecialised, and callgrind showed 45% of instructions in
// the runtime's generic-metadata lookups. Measured with `verify bench`; see CHANGELOG.md.
let hot: [SwiftSetting] = strict + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "RideCheck",
    products: [
        .executable(name: "verify", targets: ["verify"]),
        .library(name: "Checker", targets: ["Checker"]),
    ],
    targets: [
        // Prefetch hints for the visited set's probes, which Swift cannot spell (see the header).
        .target(name: "CheckerHints"),
        .target(name: "Checker", dependencies: ["CheckerHints"], swiftSettings: hot),
        .target(name: "Spec", dependencies: ["Checker"], swiftSettings: hot),
        .target(name: "Reference", swiftSettings: strict),
        .target(name: "Harness", dependencies: ["Spec", "Reference", "Checker"], swiftSettings: strict),
        .target(name: "VerifyKit", dependencies: ["Checker", "Spec", "Reference", "Harness"], swiftSettings: strict),
        .executableTarget(name: "verify", dependencies: ["VerifyKit"], swiftSettings: strict),
        .testTarget(name: "CheckerTests", dependencies: ["Checker"], swiftSettings: strict),
        .testTarget(name: "SpecTests", dependencies: ["Spec", "Checker"], swiftSettings: strict),
        .testTarget(name: "ReferenceTests", dependencies: ["Reference", "Harness", "Spec", "Checker"], swiftSettings: strict),
        .testTarget(name: "VerifyTests", dependencies: ["VerifyKit", "Checker", "Spec", "Harness", "Reference"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
