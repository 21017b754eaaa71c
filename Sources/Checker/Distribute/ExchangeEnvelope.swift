/// Every file of the exchange starts with a header that says which run, search, level and
/// process wrote it and what it holds, and ends its header with its payload's length and
/// checksum. A reader refuses a file of another run, another search or a damaged one.
struct ExchangeEnvelope: Sendable {
    /// The format of the exchange's files; a run refuses files of another format.
    static let format: UInt32 = 1
    static let magic: UInt32 = 0x4658_4352  // "RCXF"
    static let headerBytes = 4 + 4 + 8 + 8 + 4 + 4 + 4 + 4 + 8 + 8

    enum Kind: UInt32 {
        /// The fingerprints of the states a process kept at a level: its part of the visited
        /// set, reloaded when the process starts again.
        case kept = 1
        /// The successors one process sends another.
        case successors = 2
        /// What a process found at a level (`ShardLevelSummary`); published last: its
        /// presence says the process finished the level.
        case summary = 3
    }

    let run: UInt64
    /// What the search explores (model, properties, bounds, state layout), as a number:
    /// processes started with different command lines disagree here.
    let search: UInt64
    let searchNumber: Int

    /// The file: the header, then `parts` one after another as the payload.
    func seal(_ parts: [UInt8]..., kind: Kind, level: Int, writer: Int) -> [UInt8] {
        var file = ByteWriter()
        file.put(Self.magic)
        file.put(Self.format)
        file.put(run)
        file.put(search)
        file.put(UInt32(searchNumber))
        file.put(UInt32(level))
        file.put(UInt32(writer))
        file.put(kind.rawValue)
        let length = parts.reduce(0) { $0 + $1.count }
        file.put(UInt64(length))
        file.put(UInt64(0))
        var bytes = file.bytes
        bytes.reserveCapacity(Self.headerBytes + length)
        for part in parts { bytes.append(contentsOf: part) }
        let checksum = Self.checksum(bytes)
        withUnsafeBytes(of: checksum.littleEndian) {
            bytes.replaceSubrange((Self.headerBytes - 8)..<Self.headerBytes, with: $0)
        }
        return bytes
    }

    /// The payload of `bytes`, read from `path`, after checking that it is the file expected.
    func open(_ bytes: [UInt8], kind: Kind, level: Int, writer: Int, path: String) throws(ExplorationError)
        -> ByteReader
    {
        var reader = ByteReader(bytes)
        do {
            guard try reader.uint32() == Self.magic else {
                throw ExplorationError.exchange("\(path) is not a RideCheck exchange file")
            }
            let format = try reader.uint32()
            guard format == Self.format else {
                throw ExplorationError.exchange(
                    "\(path) has exchange format \(format); this build reads format \(Self.format)")
            }
            guard try reader.uint64() == run else {
                throw ExplorationError.exchange(
                    "\(path) was written by another run (another build, scope or shard count)")
            }
            guard try reader.uint64() == search else {
                throw ExplorationError.exchange(
                    "\(path) belongs to another search: every process of a run needs the same command line, "
                        + "but for its shard"
                )
            }
            let fields = (try reader.uint32(), try reader.uint32(), try reader.uint32(), try reader.uint32())
            guard fields == (UInt32(searchNumber), UInt32(level), UInt32(writer), kind.rawValue) else {
                throw ExplorationError.exchange("\(path) is not the file its name says")
            }
            let length = try reader.uint64()
            let checksum = try reader.uint64()
            guard UInt64(bytes.count - Self.headerBytes) == length, Self.checksum(bytes) == checksum else {
                throw ExplorationError.exchange("\(path) is damaged: its checksum does not match its contents")
            }
            return ByteReader(bytes, from: Self.headerBytes)
        } catch let error as ExplorationError {
            throw error
        } catch {
            throw ExplorationError.exchange("\(path) is damaged: it ends inside its header")
        }
    }

    /// The checksum of a file's payload: what follows its header.
    static func checksum(_ file: [UInt8]) -> UInt64 {
        file.withUnsafeBytes {
            StableHasher.fingerprint(ofRawBytes: UnsafeRawBufferPointer(rebasing: $0[headerBytes...]))
        }
    }
}
