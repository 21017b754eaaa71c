/// How a level's states are cut into the chunks that workers claim in turn (`runChunks`):
/// chunks of `size` states, and with several workers the level's last `workers × size`
/// states in chunks of `size / tailDivisor`.
///
/// Why a finer tail: workers claim chunks as they finish their last one, so they all run
/// until the level's last chunk is claimed, and then the others wait for whoever holds it.
/// With chunks of 512 states the workers of a 2-worker bench search with symmetry ended its
/// phases 1.6 to 3.8 ms apart, summed over the phases (twelve searches of 80 to 115 ms);
/// with chunks an eighth as large at the end, whoever finishes first finds small ones left
/// to take, and they end 0.4 to 0.9 ms apart (fifteen searches), for 0.5% more
/// instructions (a chunk checked costs about 14 thousand to set up).
/// One worker waits for nobody and keeps whole chunks, which cost less each to set up.
///
/// Nothing a search reports depends on where the cuts fall: the merge keeps candidates in
/// chunk order and, within a chunk, in frontier order, so in frontier order whatever the
/// cuts, and findings are chosen the same way (`LevelMerge`, `Search.mergeFindings`).
struct LevelChunks: Sendable {
    /// States in the level.
    let states: Int
    /// States in a chunk before the tail, and in a chunk of the tail.
    let size: Int
    let tailSize: Int
    /// Where the tail starts (the level's end, with one worker), and how many chunks come
    /// before it.
    let tailStart: Int
    let headChunks: Int
    /// Chunks in all.
    let count: Int

    /// A chunk's states before the tail: enough that setting a chunk up (its output, its
    /// batches of properties) is a small part of its cost.
    static let defaultSize = 512
    static let tailDivisor = 8

    init(states: Int, workers: Int, size: Int = LevelChunks.defaultSize) {
        precondition(states >= 0 && workers >= 1 && size >= 1, "a level of states cut for at least one worker")
        self.states = states
        self.size = size
        if workers == 1 {
            tailSize = size
            tailStart = states
        } else {
            tailSize = max(1, size / LevelChunks.tailDivisor)
            // The head is whole chunks, so the tail takes what they leave: at least
            // workers × size states (all of a smaller level), at most one chunk more.
            let headStates = max(0, states - workers * size)
            tailStart = headStates / size * size
        }
        headChunks = (tailStart + size - 1) / size
        count = headChunks + (states - tailStart + tailSize - 1) / tailSize
    }

    /// The states of chunk `chunk`, in frontier order.
    func range(_ chunk: Int) -> Range<Int> {
        precondition(chunk >= 0 && chunk < count, "chunk \(chunk) of a level cut in \(count)")
        if chunk < headChunks { return (chunk * size)..<min(tailStart, (chunk + 1) * size) }
        let start = tailStart + (chunk - headChunks) * tailSize
        return start..<min(states, start + tailSize)
    }

    /// States in the first `chunks` chunks: how far an unbroken prefix of them reaches.
    func statesCovered(byFirst chunks: Int) -> Int {
        chunks == 0 ? 0 : range(min(chunks, count) - 1).upperBound
    }
}
