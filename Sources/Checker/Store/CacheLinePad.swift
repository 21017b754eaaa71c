/// 128 bytes of nothing, to keep apart fields that different threads use. Two cores that
/// write to one cache line, even to different fields of it, take the line from each other
/// on every write ("false sharing"); a line is 64 bytes on x86-64 and its neighbour is
/// often fetched with it, and 128 bytes on Apple's processors, so 128 keeps them apart on
/// both.
@usableFromInline
struct CacheLinePad {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline init() {}

    /// `size` rounded up to whole pads: the stride of per-thread records laid side by side.
    static func rounded(_ size: Int) -> Int {
        let line = MemoryLayout<CacheLinePad>.size
        return (size + line - 1) / line * line
    }
}
