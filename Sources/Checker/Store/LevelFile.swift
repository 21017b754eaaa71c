import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A level's states in a file rather than in memory, for searches larger than memory, as
/// TLC keeps its queue of states on disk: the expansion reads a chunk's states, the check
/// phase reads the parents of a chunk and writes the chunk it built, each at its place and
/// from any thread (`pread`, `pwrite`). The file is unlinked as soon as it is made, so it
/// goes when the search does, however the process ends.
///
/// Only for states that are plain bytes (`_isPOD`): their bytes are the state.
///
/// A disk that fails under a search (full, say) does not stop the program: the first failure
/// is kept (`failure`), the transfer is abandoned, and the search, which asks after every
/// chunk (`failed`), stops with a report of what it checked (`StopReason.levelFiles`).
final class LevelFile<State>: @unchecked Sendable {
    private let descriptor: Int32
    private let directory: String
    /// How many bytes the file may hold, if fewer than the disk takes: how tests make a
    /// disk fill up.
    private let limit: Int?
    private let hasFailed = Atomic<Bool>(false)
    private let firstFailure = Locked<String?>(nil)
    private static var stride: Int { MemoryLayout<State>.stride }

    /// A file in `directory`, or nil with the system's reason.
    init(directory: String, limit: Int? = nil) throws(LevelFileError) {
        self.directory = directory
        self.limit = limit
        precondition(_isPOD(State.self), "\(State.self) is not plain bytes: its level cannot be written to a file")
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            + Array("ridecheck-level-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw LevelFileError(directory: directory, reason: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes `states` as the states at positions `first...`.
    func write(_ states: UnsafeBufferPointer<State>, at first: Int) {
        transfer(UnsafeMutableRawPointer(mutating: UnsafeRawPointer(states.baseAddress)), bytes: states.count * Self.stride,
                 offset: first * Self.stride) { pwrite(descriptor, $0, $1, $2) }
    }

    /// Reads the states at `range` into `buffer`.
    func read(_ range: Range<Int>, into buffer: UnsafeMutablePointer<State>) {
        transfer(UnsafeMutableRawPointer(buffer), bytes: range.count * Self.stride, offset: range.lowerBound * Self.stride) {
            pread(descriptor, $0, $1, $2)
        }
    }

    /// Whether a transfer has failed (any thread; cheap enough to ask after every chunk).
    var failed: Bool { hasFailed.load(ordering: .acquiring) }

    /// The first failure, in the system's words.
    var failure: String? { firstFailure.withLock { $0 } }

    /// Moves `bytes` in as many calls as the system takes, or records why it cannot.
    private func transfer(_ base: UnsafeMutableRawPointer?, bytes: Int, offset: Int,
                          _ call: (UnsafeMutableRawPointer, Int, off_t) -> Int) {
        guard let base, bytes > 0, !failed else { return }
        if let limit, offset + bytes > limit { return fail(String(cString: strerror(ENOSPC))) }
        var done = 0
        while done < bytes {
            let moved = call(base + done, bytes - done, off_t(offset + done))
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else { return fail(moved == 0 ? "a level's file ended early" : String(cString: strerror(errno))) }
            done += moved
        }
    }

    private func fail(_ reason: String) {
        firstFailure.withLock { $0 = $0 ?? "levels in \(directory): \(reason)" }
        hasFailed.store(true, ordering: .releasing)
    }

    /// Keeps the first `count` states and gives back the disk space of the others.
    func truncate(to count: Int) { _ = ftruncate(descriptor, off_t(count * Self.stride)) }
}

/// A directory where a level's file cannot be made.
public struct LevelFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let directory: String
    public let reason: String
    public var description: String { "cannot keep levels in \(directory): \(reason)" }
}

/// A worker's window onto part of a level kept in a file: the states of a range, read in or
/// to be written out, addressed by their positions in the level.
final class LevelWindow<State>: @unchecked Sendable {
    private var buffer: UnsafeMutablePointer<State>
    private var capacity: Int

    init() {
        capacity = 64
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Room for the states at `range`; the pointer is for positions in `range` only.
    func positions(_ range: Range<Int>) -> UnsafeMutablePointer<State> {
        if range.count > capacity {
            buffer.deallocate()
            capacity = max(range.count, 2 * capacity)
            buffer = .allocate(capacity: capacity)
        }
        return buffer - range.lowerBound
    }
}
