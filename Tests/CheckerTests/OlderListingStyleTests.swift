import Foundation
import Testing

/// A model written for the older listing style (`enabledActions` and `successor(of:via:)` on
/// `Model` itself) no longer compiles; the compiler's message must say what to change. Checked
/// by type-checking such a model against the built `Checker` module.
@Suite(
    "A model in the older listing style is told what to change",
    .enabled(if: Typecheck.compiler != nil, "needs swiftc on the PATH"),
    .enabled(
        if: FileManager.default.fileExists(atPath: Typecheck.modules + "/Checker.swiftmodule")
            && FileManager.default.fileExists(atPath: Typecheck.hints),
        "needs the Checker module built in .build/debug (swift build)"))
struct OlderListingStyleTests {

    /// A counter as the older style wrote it, conforming to `conformance`.
    static func source(conformance: String) -> String {
        """
        import Checker
        struct Step: Hashable, Sendable, CustomStringConvertible {
            var description: String { "step" }
        }
        struct OldCounter: \(conformance) {
            struct State: PlainDataState { var value: Int = 0 }
            var name: String { "old" }
            var initialStates: [State] { [State()] }
            var properties: [Property<OldCounter>] { [] }
            var actionKindNames: [String] { ["step"] }
            func actionKind(of action: Step) -> Int { 0 }
            func enabledActions(in state: State, into actions: inout [Step]) {
                if state.value < 3 { actions.append(Step()) }
            }
            func successor(of state: State, via action: Step) -> State? {
                state.value < 3 ? State(value: state.value + 1) : nil
            }
        }
        """
    }

    static func typecheck(_ source: String) throws -> (status: Int32, said: String) {
        try Typecheck.run(source)
    }

    @Test("Conforming to Model without successors(of:into:) fails with a message naming both ways out")
    func refusedWithAMessage() throws {
        let result = try Self.typecheck(Self.source(conformance: "Model"))
        #expect(result.status != 0)
        #expect(result.said.contains("write successors(of:into:)"), "\(result.said)")
        #expect(result.said.contains("ActionListingModel"), "\(result.said)")
    }

    @Test("The same model conforming to ActionListingModel compiles")
    func listingCompiles() throws {
        let result = try Self.typecheck(Self.source(conformance: "ActionListingModel"))
        #expect(result.status == 0, "\(result.said)")
    }
}

/// The compiler and the built modules a test source is type-checked against.
enum Typecheck {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modules = repository.appendingPathComponent(".build/debug/Modules").path
    /// The Checker imports its C helpers (CheckerHints), whose module map SwiftPM writes.
    static let hints = repository.appendingPathComponent(".build/debug/CheckerHints.build/module.modulemap").path
    static let compiler = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Type-checks `source` against the built modules: the exit status and what was said.
    static func run(_ source: String) throws -> (status: Int32, said: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ridecheck-listing-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("OldCounter.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler!)
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-I", modules, "-Xcc", "-fmodule-map-file=\(hints)", file.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }
}
