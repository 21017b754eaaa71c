import Foundation
import Testing
@testable import Checker

/// Levels kept in files (`ExplorationOptions.levelDirectory`, `LevelFile`) change where the
/// states wait, nothing a search finds.
@Suite("Levels kept in files")
struct LevelFileTests {
    func explore<M: Model>(_ model: M, workers: Int, inFiles: Bool) throws -> ExplorationResult<M> {
        var options = ExplorationOptions()
        options.workers = workers
        if inFiles { options.levelDirectory = FileManager.default.temporaryDirectory.path }
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    @Test("The same states and the same shortest counterexample as in memory, for 1 and 3 workers", arguments: [1, 3])
    func sameSearch(workers: Int) throws {
        let model = Counter(limit: 5_000, forbidden: 4_001)
        let inMemory = try explore(model, workers: workers, inFiles: false)
        let inFiles = try explore(model, workers: workers, inFiles: true)
        #expect(inFiles.distinct == inMemory.distinct && inFiles.generated == inMemory.generated && inFiles.depth == inMemory.depth)
        let trace = { (result: ExplorationResult<Counter>) in
            result.properties.first { $0.property.id == "NotForbidden" }?.counterexample?.trace.steps.map(\.action.description)
        }
        #expect(trace(inFiles) != nil && trace(inFiles) == trace(inMemory))
    }

    @Test("A state type that is not plain bytes keeps its levels in memory: the search runs as before")
    func notPlainBytes() throws {
        let result = try explore(TwoPhaseCommit(count: 3), workers: 2, inFiles: true)
        #expect(result.distinct == 288)
    }

    @Test("A folder where no file can be made is refused before the search, naming it")
    func folderRefused() {
        var options = ExplorationOptions()
        options.levelDirectory = "/nonexistent/levels"
        #expect(throws: ExplorationError.self) { try BreadthFirstExplorer(model: Counter(limit: 3), options: options).run() }
        do {
            _ = try BreadthFirstExplorer(model: Counter(limit: 3), options: options).run()
        } catch {
            #expect(error.description.hasPrefix("cannot keep levels in /nonexistent/levels: "))
        }
    }

    @Test("A window reads back what was written, at any place")
    func fileRoundTrip() throws {
        let file = try LevelFile<Int>(directory: FileManager.default.temporaryDirectory.path)
        let values: [Int] = (0..<10_000).map { $0 &* 2_654_435_761 }
        values.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<Int>) in
            file.write(buffer.extracting(5_000..<10_000), at: 5_000)
            file.write(buffer.extracting(0..<5_000), at: 0)
        }
        let window = LevelWindow<Int>()
        let base = window.positions(4_000..<6_500)
        file.read(4_000..<6_500, into: base + 4_000)
        #expect((4_000..<6_500).allSatisfy { base[$0] == values[$0] })
    }
}

/// A disk that fills up under a search stops it with a report, never the program.
@Suite("Levels in files on a disk that fills up")
struct LevelFileFailureTests {
    func explore(_ model: Grid, workers: Int, bytes: Int, depth: Int? = nil) throws -> ExplorationResult<Grid> {
        var options = ExplorationOptions()
        options.workers = workers
        options.maxDepth = depth
        options.levelDirectory = FileManager.default.temporaryDirectory.path
        options.levelFileLimit = bytes
        return try BreadthFirstExplorer(model: model, options: options).run()
    }

    @Test("No room for the initial states: the search stops before its first level, with the system's reason")
    func noRoomAtAll() throws {
        let result = try explore(Grid(size: 20), workers: 2, bytes: 0)
        #expect(result.stopReason == .levelFiles && !result.isComplete)
        #expect(result.distinct == 1)
        #expect(result.stopDetail?.hasSuffix(": No space left on device") == true, "\(result.stopDetail ?? "no detail")")
    }

    @Test("Room for levels of 60 states: the search stops where a wider level would not fit, and every state it reports was checked",
          arguments: [1, 3])
    func roomRunsOut(workers: Int) throws {
        let grid = Grid(size: 200)
        let result = try explore(grid, workers: workers, bytes: 60 * MemoryLayout<Grid.State>.stride)
        #expect(result.stopReason == .levelFiles && result.stopDetail != nil)
        // Levels grow by one state each (the diagonals of the grid): the first 60 fit.
        #expect(result.distinct >= (1...60).reduce(0, +) && result.distinct < (1...62).reduce(0, +), "\(result.distinct) states")
        #expect(result.properties.allSatisfy { $0.status != .violated })
        #expect(grid.runs.anywhere.load(ordering: .relaxed) >= result.distinct)
    }

    /// The level at the depth bound is checked but never expanded: it is not written.
    @Test("The last level of a bounded search takes no room: the search ends at its bound where that level would not fit")
    func lastLevelNotKept() throws {
        let bytes = 60 * MemoryLayout<Grid.State>.stride
        // 60 steps: the level of 61 states is the last, checked and not written.
        let bounded = try explore(Grid(size: 200), workers: 2, bytes: bytes, depth: 60)
        #expect(bounded.stopReason == .depthBound && bounded.distinct == (1...61).reduce(0, +))
        // 61 steps: that level is expanded, so it must be written, and does not fit.
        let deeper = try explore(Grid(size: 200), workers: 2, bytes: bytes, depth: 61)
        #expect(deeper.stopReason == .levelFiles)
    }
}

/// Levels that would outgrow the memory budget in memory move to files
/// (`ExplorationOptions.spillDirectory`) and the search goes on.
@Suite("Levels moved to files at the memory budget")
struct LevelsMovedTests {
    /// A fan of 100 thousand states, then one tail each: its first level's expansion fits the
    /// budget in memory, its second's does not, in files it does (measured: in memory the
    /// search stops at 10 MB and finishes at 11; moved, it finishes from 9 MB on).
    static let fan = Fan(width: 100_000, pauseMicroseconds: 0, tails: true)
    static let budget = 19 << 19

    func explore(spill: String?, workers: Int = 2) throws -> ExplorationResult<Fan> {
        var options = ExplorationOptions()
        options.workers = workers
        options.maxMemoryBytes = Self.budget
        options.spillDirectory = spill
        return try BreadthFirstExplorer(model: Self.fan, options: options).run()
    }

    @Test("Without a folder the search stops at the budget; with one it moves its levels there and finishes",
          arguments: [1, 2])
    func movesAndFinishes(workers: Int) throws {
        let stopped = try explore(spill: nil, workers: workers)
        #expect(stopped.stopReason == .memoryBudget && stopped.levelsMoved == nil)
        let folder = FileManager.default.temporaryDirectory.path
        let moved = try explore(spill: folder, workers: workers)
        #expect(moved.stopReason == .exhausted)
        #expect(moved.distinct == 200_001 && moved.generated == 200_000 && moved.depth == 3)
        #expect(moved.levelsMoved == LevelsMoved(level: 1, directory: folder, failure: nil))
        #expect(moved.properties.allSatisfy { $0.status == .holds })
    }

    @Test("A folder where no file can be made leaves the levels in memory, says why, and stops at the budget")
    func folderThatFails() throws {
        let result = try explore(spill: "/nonexistent/levels")
        #expect(result.stopReason == .memoryBudget)
        #expect(result.levelsMoved?.level == 1)
        #expect(result.levelsMoved?.failure?.hasPrefix("cannot keep levels in /nonexistent/levels: ") == true)
    }
}
