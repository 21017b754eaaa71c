// swift-tools-version: 6.2
import PackageDescription
#if canImport(Foundation)
import Foundation
#endif

// Architecture: Checker knows no model; each model has a Spec (the formal model, pure), a
// Reference (the system under test, which never sees its Spec or Checker) and a Harness (the
// abstraction from Reference to Spec, the faults, and the one value that registers the model
// with verify), each a target of its own in a folder named after the model. Checker is the
// search library; ModelKit, on it, what a model declares to be registered (its vocabulary,
// scopes, plug-in, catalogues, report shapes, a service over the protocol). Models lists the
// registered models; VerifyKit is the command line as a library, knowing no model by name;
// verify is a one-line main. ARCHITECTURE.md states the rules.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
// The explorer is generic over the model and lives in another module than the models: without
// cross-module optimisation it runs unspecialised, and callgrind showed 45% of instructions in
// the runtime's generic-metadata lookups (docs/PERFORMANCE.md). With tools-version 6.2 SwiftPM
// accepts this flag in a package that another depends on by version.
// The test suite explores hundreds of thousands of states per model and drives the Reference
// through each: unoptimised, the explorer, the models and the services ran it in ten minutes on
// 2 cores.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
let hot: [SwiftSetting] = strict + optimisedInDebug + [.unsafeFlags(["-cross-module-optimization"] + processorTuning(), .when(configuration: .release))]

/// Release builds run on any x86-64 or arm64 machine unless the builder asks for tuning:
/// RIDECHECK_TUNE=haswell compiles for Haswell's instructions (AVX2, BMI2, FMA, ...: any x86-64
/// server since 2013), where a myTaxi state (189 bytes) is copied by a few vector moves instead
/// of a call to memcpy (6% of a bench run's instructions, CPU time −7%); RIDECHECK_TUNE=native
/// compiles for the build machine's own processor. Such a binary may not run elsewhere.
func processorTuning() -> [String] {
    #if canImport(Foundation)
    switch ProcessInfo.processInfo.environment["RIDECHECK_TUNE"] {
    case "haswell": return ["-target-cpu", "haswell"]
    case "native": return ["-target-cpu", "native"]
    default: return []
    }
    #else
    return []
    #endif
}

/// The models, one entry each: every target and test target of a model comes from its name.
let models = ["MyTaxi", "CabBooking", "Travlendar"]

/// A model's three targets: Sources/Spec/NAME, Sources/Reference/NAME, Sources/Harness/NAME;
/// and a test target for each of Tests/NAME/SpecTests, ReferenceTests and HarnessTests that
/// exists, seeing what its layer may see (the Reference's tests see the Reference alone).
func model(_ name: String) -> [Target] {
    let spec = Target.Dependency.target(name: "\(name)Spec")
    let reference = Target.Dependency.target(name: "\(name)Reference")
    let harness = Target.Dependency.target(name: "\(name)Harness")
    let tests: [(folder: String, dependencies: [Target.Dependency])] = [
        ("SpecTests", [spec, "Checker", "ModelKit"]), ("ReferenceTests", [reference]),
        ("HarnessTests", [harness, spec, reference, "Checker", "ModelKit"]),
    ]
    return [
        .target(name: "\(name)Spec", dependencies: ["Checker", "ModelKit"], path: "Sources/Spec/\(name)",
                swiftSettings: hot),
        .target(name: "\(name)Reference", path: "Sources/Reference/\(name)", swiftSettings: strict + optimisedInDebug),
        .target(name: "\(name)Harness", dependencies: [spec, reference, "Checker", "ModelKit"],
                path: "Sources/Harness/\(name)", swiftSettings: hot),
    ] + tests.filter { exists("Tests/\(name)/\($0.folder)") }.map { folder, dependencies in
        .testTarget(name: "\(name)\(folder)", dependencies: dependencies, path: "Tests/\(name)/\(folder)",
                    swiftSettings: strict)
    }
}

/// Whether a folder of the package exists (the manifest is read from the package's root).
func exists(_ path: String) -> Bool {
    #if canImport(Foundation)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    #else
    return true
    #endif
}

let package = Package(
    name: "RideCheck",
    products: [
        .executable(name: "verify", targets: ["verify"]),
        .library(name: "Checker", targets: ["Checker"]),
        .library(name: "ModelKit", targets: ["ModelKit"]),
        // The command line as a library: a team's package registers its own models with
        // `Verify.main(models:)` and checks them with `ModelContract` (Examples/ShuttleHolds).
        .library(name: "VerifyKit", targets: ["VerifyKit"]),
    ],
    targets: [
        // Prefetch hints for the visited set's probes, which Swift cannot spell (see the header).
        .target(name: "CheckerHints"),
        .target(name: "Checker", dependencies: ["CheckerHints"], swiftSettings: hot),
        // What a model declares to be registered with verify: its state, actions and scopes as
        // data, the plug-in, catalogues, report shapes, and a service driven over the protocol.
        .target(name: "ModelKit", dependencies: ["Checker"], swiftSettings: hot),
        .target(name: "VerifyKit", dependencies: ["Checker", "ModelKit"], swiftSettings: strict),
        .target(name: "Models", dependencies: ["Checker", "ModelKit"] + models.map { .target(name: "\($0)Harness") },
                swiftSettings: strict),
        .executableTarget(name: "verify", dependencies: ["VerifyKit", "Models"], swiftSettings: strict),
        // The Travlendar+ scheduler's benchmark: a real day of 8 appointments (docs/PERFORMANCE.md).
        .executableTarget(name: "scheduler-bench", dependencies: ["TravlendarReference"], path: "Sources/scheduler-bench", swiftSettings: strict),
        // The core layer against the listing style, on TwoPhase written both ways (docs/PERFORMANCE.md).
        .executableTarget(
            name: "core-bench", dependencies: ["Checker"], path: "Sources/core-bench", swiftSettings: strict),
        .testTarget(name: "CheckerTests", dependencies: ["Checker"], swiftSettings: strict),
        .testTarget(name: "ModelKitTests", dependencies: ["ModelKit", "Checker"], swiftSettings: strict),
        .testTarget(name: "VerifyTests", dependencies: ["VerifyKit", "ModelKit", "Models", "Checker", "MyTaxiHarness"],
                    swiftSettings: strict),
    ] + models.flatMap(model),
    swiftLanguageModes: [.v6]
)
