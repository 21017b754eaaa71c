// swift-tools-version: 6.2
import PackageDescription

#if canImport(Foundation)
    import Foundation
#endif

/// RideCheck by version: set RIDECHECK_URL to its repository (CI points it at a tagged clone);
/// without it, the checkout this example sits in.
func rideCheck() -> Package.Dependency {
    #if canImport(Foundation)
        if let url = ProcessInfo.processInfo.environment["RIDECHECK_URL"] { return .package(url: url, from: "0.3.0") }
    #endif
    return .package(name: "RideCheck", path: "../..")
}

let package = Package(
    name: "ShuttleHolds",
    dependencies: [rideCheck()],
    targets: [
        // The formal model: states, actions and rules. Knows nothing of the service.
        .target(
            name: "ShuttleSpec",
            dependencies: [
                .product(name: "Checker", package: "RideCheck"), .product(name: "ModelKit", package: "RideCheck"),
            ]),
        // The service under test, as a team would write it: its own ids, clock and messages.
        .target(name: "ShuttleReference"),
        // The abstraction from the service to the Spec, the faults, and the plug-in.
        .target(
            name: "ShuttleHarness",
            dependencies: [
                "ShuttleSpec", "ShuttleReference",
                .product(name: "Checker", package: "RideCheck"),
                .product(name: "ModelKit", package: "RideCheck"),
                .product(name: "VerifyKit", package: "RideCheck"),
            ]),
        .executableTarget(
            name: "shuttle-verify",
            dependencies: ["ShuttleHarness", .product(name: "VerifyKit", package: "RideCheck")]),
        .testTarget(
            name: "ShuttleTests",
            dependencies: [
                "ShuttleHarness", "ShuttleSpec", "ShuttleReference",
                .product(name: "VerifyKit", package: "RideCheck"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
