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
final class LevelFile<State>: @unchecked Sendable {
    private let descriptor: Int32
    private static var stride: Int { MemoryLayout<State>.stride }

    /// A file in `directory`, or nil with the system's reason.
    init(directory: String) throws(LevelFileError) {
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

    /// Moves `bytes` in as many calls as the system takes; a disk that fails under a search
    /// leaves nothing to report from, so it stops the program with the system's reason.
    private func transfer(_ base: UnsafeMutableRawPointer?, bytes: Int, offset: Int,
                          _ call: (UnsafeMutableRawPointer, Int, off_t) -> Int) {
        guard let base, bytes > 0 else { return }
        var done = 0
        while done < bytes {
            let moved = call(base + done, bytes - done, off_t(offset + done))
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else {
                fatalError("a level's file could not be \(moved == 0 ? "read to its end" : String(cString: strerror(errno)))")
            }
            done += moved
        }
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
