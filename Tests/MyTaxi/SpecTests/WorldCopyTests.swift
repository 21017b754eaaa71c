import Checker
import Testing
@testable import MyTaxiSpec

/// `World.copy` moves a world 32 bytes at a time with the last stride overlapping: every
/// byte must arrive, whatever the world holds, and nothing past the world be written.
@Suite("Copying a world as bytes")
struct WorldCopyTests {
    @Test("Every byte of the source arrives and the bytes after the target stay", arguments: [1, 2, 3, 4, 5])
    func copiesEveryByte(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func randomWorld() -> World {
            var world = World()
            withUnsafeMutableBytes(of: &world) { bytes in
                for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
            }
            return world
        }
        let source = randomWorld()
        // The target and a guard world right after it, in one buffer.
        let buffer = UnsafeMutablePointer<World>.allocate(capacity: 2)
        defer { buffer.deallocate() }
        buffer.initialize(to: randomWorld())
        let guardWorld = randomWorld()
        (buffer + 1).initialize(to: guardWorld)
        withUnsafePointer(to: source) { World.copy($0, to: buffer) }
        #expect(buffer.pointee == source)
        #expect((buffer + 1).pointee == guardWorld)
    }
}
