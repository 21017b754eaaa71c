import Foundation
import Models
import Testing

/// The rules of ARCHITECTURE.md's "Architecture invariants", read off the sources' imports.
@Suite("The boundaries between targets")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// What any target may import from the toolchain.
    static let toolchain: Set<String> = ["Foundation", "FoundationXML", "Dispatch", "Synchronization", "Glibc", "Darwin", "CheckerHints"]

    /// The modules each Swift file under `folder` imports, by file.
    static func imports(under folder: String) throws -> [(file: String, modules: Set<String>)] {
        let base = root.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return try files.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { file in
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            let modules = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count, words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
                return String(words[index + 1])
            }
            return ("\(folder)/\(file)", Set(modules))
        }
    }

    /// The model folders: each name under Sources/Spec.
    static var models: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Spec").path).sorted()) ?? []
    }

    @Test("Checker imports no model and no command line")
    func checkerKnowsNoModel() throws {
        for (file, modules) in try Self.imports(under: "Sources/Checker") {
            #expect(modules.isSubset(of: Self.toolchain), "\(file) imports \(modules.subtracting(Self.toolchain).sorted())")
        }
    }

    @Test("ModelKit, the layer a model registers through, imports only Checker")
    func modelKitSitsOnChecker() throws {
        let allowed = Self.toolchain.union(["Checker"])
        for (file, modules) in try Self.imports(under: "Sources/ModelKit") {
            #expect(modules.isSubset(of: allowed), "\(file) imports \(modules.subtracting(allowed).sorted())")
        }
    }

    @Test("VerifyKit imports no model: only Checker and ModelKit")
    func verifyKitKnowsNoModel() throws {
        for (file, modules) in try Self.imports(under: "Sources/VerifyKit") {
            let allowed = Self.toolchain.union(["Checker", "ModelKit"])
            #expect(modules.isSubset(of: allowed), "\(file) imports \(modules.subtracting(allowed).sorted())")
        }
    }

    @Test("A model folder imports only Checker, ModelKit and its own targets; a Reference none of them")
    func modelFoldersStayInside() throws {
        #expect(!Self.models.isEmpty)
        for model in Self.models {
            let rules: [(String, Set<String>)] = [
                ("Sources/Spec/\(model)", ["Checker", "ModelKit"]),
                ("Sources/Reference/\(model)", []),
                ("Sources/Harness/\(model)", ["Checker", "ModelKit", "\(model)Spec", "\(model)Reference"]),
            ]
            for (folder, own) in rules {
                for (file, modules) in try Self.imports(under: folder) {
                    let allowed = Self.toolchain.union(own)
                    #expect(modules.isSubset(of: allowed), "\(file) imports \(modules.subtracting(allowed).sorted())")
                }
            }
        }
    }

    @Test("Every Reference, registered or not yet, imports Foundation at most")
    func referencesStandAlone() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/Reference").path)
        #expect(folders.count >= Self.models.count)
        for folder in folders {
            for (file, modules) in try Self.imports(under: "Sources/Reference/\(folder)") {
                #expect(modules.isSubset(of: Self.toolchain), "\(file) imports \(modules.subtracting(Self.toolchain).sorted())")
            }
        }
    }

    @Test("Every registered model has its three folders, its catalogue files and its page")
    func registeredModelsAreWhole() {
        // A model under construction may have some folders before it is registered.
        for name in Models.all.map(\.name) {
            let folder = Self.models.first { $0.lowercased() == name }
            #expect(folder != nil, "model \(name) has no folder under Sources/Spec")
            guard let folder else { continue }
            for path in ["Sources/Reference/\(folder)", "Sources/Harness/\(folder)", "Invariants/\(name).md", "Invariants/\(name).als", "docs/models/\(name).md"] {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path) is missing")
            }
        }
    }

    /// The short name each harness's files and types begin with (myTaxi, the first, has none).
    static let harnessPrefixes = ["MyTaxi": "", "CabBooking": "Cab", "Travlendar": "Trav"]

    @Test("Every harness has the same files with the same jobs, named by its model")
    func harnessShape() throws {
        for folder in Self.models {
            let prefix = try #require(Self.harnessPrefixes[folder], "harness \(folder) has no prefix listed here")
            let path = Self.root.appendingPathComponent("Sources/Harness/\(folder)").path
            let top = Set(try FileManager.default.contentsOfDirectory(atPath: path))
            // The correspondence (values both ways, the scope's policy), the adapter (one case per
            // action, one table from errors to messages), the Reference's own properties, the
            // faults and which check catches each, and the plug-in; what the app shows and how a
            // state reads in words only where the model has them.
            let required = ["Abstraction", "ReferenceAdapter", "ReferenceProperties", "FaultCatalog"]
                .map { "\(prefix)\($0).swift" }
            let optional = ["ShownViews", "Presentation"].map { "\(prefix)\($0).swift" }
            let missing = Set(required).subtracting(top), unlisted = top.subtracting(required + optional + ["Plugin"])
            #expect(missing.isEmpty, "Sources/Harness/\(folder) lacks \(missing.sorted())")
            #expect(unlisted.isEmpty, "Sources/Harness/\(folder) has files of no listed job: \(unlisted.sorted())")
            let plugin = Set(try FileManager.default.contentsOfDirectory(atPath: path + "/Plugin"))
            let main = "\(folder)Plugin.swift"
            #expect(plugin.contains(main), "Sources/Harness/\(folder)/Plugin has no \(main)")
            #expect(plugin.allSatisfy { $0 == main || $0.hasPrefix("\(folder)Plugin+") },
                    "Sources/Harness/\(folder)/Plugin has \(plugin.sorted()): only \(main) and its extensions")
        }
    }

    @Test("Every model's tests sit in the folders Package.swift makes test targets of, each seeing only its layer")
    func modelTestFolders() throws {
        for folder in Self.models {
            let tests = Self.root.appendingPathComponent("Tests/\(folder)").path
            guard FileManager.default.fileExists(atPath: tests) else { continue }
            let found = try FileManager.default.contentsOfDirectory(atPath: tests)
            #expect(Set(found).isSubset(of: ["SpecTests", "ReferenceTests", "HarnessTests"]),
                    "Tests/\(folder) has \(found.sorted())")
            // The Reference's tests see the service alone, as its own team would test it.
            for (file, modules) in try Self.imports(under: "Tests/\(folder)/ReferenceTests") {
                let allowed = Self.toolchain.union(["Testing", "XCTest", "\(folder)Reference"])
                #expect(modules.isSubset(of: allowed), "\(file) imports \(modules.subtracting(allowed).sorted())")
            }
        }
    }
}
