// swift-tools-version: 6.0
import PackageDescription

// Architecture: Checker knows no taxis; Spec is the formal model (pure); Reference is the
// system under test and never sees Spec or Checker; Harness holds the abstraction from
// Reference to Spec and the fault catalogue; VerifyKit is the command line as a library so
// that tests can call it; verify is a one-line main.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "RideCheck",
    products: [
        .executable(name: "verify", targets: ["verify"]),
        .library(name: "Checker", targets: ["Checker"]),
    ],
    targets: [
        .target(name: "Checker", swiftSettings: strict),
        .target(name: "Spec", dependencies: ["Checker"], swiftSettings: strict),
        .target(name: "Reference", swiftSettings: strict),
        .target(name: "Harness", dependencies: ["Spec", "Reference", "Checker"], swiftSettings: strict),
        .target(name: "VerifyKit", dependencies: ["Checker", "Spec", "Reference", "Harness"], swiftSettings: strict),
        .executableTarget(name: "verify", dependencies: ["VerifyKit"], swiftSettings: strict),
        .testTarget(name: "CheckerTests", dependencies: ["Checker"], swiftSettings: strict),
        .testTarget(name: "SpecTests", dependencies: ["Spec", "Checker"], swiftSettings: strict),
        .testTarget(name: "ReferenceTests", dependencies: ["Reference", "Harness", "Spec", "Checker"], swiftSettings: strict),
        .testTarget(name: "VerifyTests", dependencies: ["VerifyKit", "Checker", "Spec"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
