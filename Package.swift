// swift-tools-version: 6.0
import PackageDescription
#if canImport(Foundation)
import Foundation
#endif

// Architecture: Checker knows no taxis; Spec is the formal model (pure); Reference is the
// system under test and never sees Spec or Checker; Harness holds the abstraction from
// Reference to Spec and the fault catalogue; VerifyKit is the command line as a library so
// that tests can call it; verify is a one-line main.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
// The explorer is generic over the model and lives in another module than the models: without
// cross-module optimisation it runs unspecialised, and callgrind showed 45% of instructions in
// the runtime's generic-metadata lookups. Measured with `verify bench`; see CHANGELOG.md.
let hot: [SwiftSetting] = strict + [.unsafeFlags(["-cross-module-optimization"] + hostTuning(), .when(configuration: .release))]

/// Release builds on an x86-64 Linux machine whose processor has Haswell's instructions (AVX2,
/// BMI2, FMA, ...) are compiled for Haswell: a state of the myTaxi model (189 bytes) is then
/// copied by a few vector moves instead of a call to memcpy, which callgrind counted at 6% of
/// a bench run's instructions (CPU time −7%). Swift's default x86-64 target is the first
/// 64-bit processors'. The binary then needs such a processor (any x86-64 server since
/// 2013): set RIDECHECK_PORTABLE=1 to build one that runs anywhere.
func hostTuning() -> [String] {
    #if arch(x86_64) && os(Linux) && canImport(Foundation)
    if ProcessInfo.processInfo.environment["RIDECHECK_PORTABLE"] == "1" { return [] }
    guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
    let flags = Set(line.split(separator: " ").map(String.init))
    let haswell = ["sse4_2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "fma", "f16c", "movbe", "abm"]
    return haswell.allSatisfy(flags.contains) ? ["-target-cpu", "haswell"] : []
    #else
    return []
    #endif
}

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
