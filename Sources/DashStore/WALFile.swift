#if canImport(Glibc)
import Glibc
#endif

/// Reads an SQLite write-ahead log as SQLite's recovery does (sqlite.org/fileformat2.html,
/// section 4: the 32-byte header, then frames of a 24-byte header and one page), without SQLite:
/// a log is judged before SQLite is allowed to read it (``StoreSidecars``).
///
/// A frame is valid when its salts equal the header's and its cumulative checksum matches; the
/// first invalid frame ends the log. A transaction is the valid frames up to and including a
/// commit frame (one whose "database size after commit" is not 0); frames after the last commit
/// were never committed and SQLite ignores them, so this does too.
enum WALFile {
    struct Summary {
        var pageSize: Int
        /// The first 100 bytes of the last image of page 1 in each committed transaction.
        var pageOnes: [[UInt8]] = []
        /// Committed transactions that hold no frame of page 1.
        var transactionsWithoutPageOne = 0
    }

    /// The log's committed transactions, or nil when there is no log or SQLite would ignore it
    /// (shorter than a header, another magic or version, a header checksum that does not match).
    static func committedPageOnes(at path: String) -> Summary? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        guard readFully(fd, &header, count: 32) == 32 else { return nil }
        let magic = word(header, 0, bigEndian: true)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, word(header, 4, bigEndian: true) == 3_007_000 else { return nil }
        let pageSize = Int(word(header, 8, bigEndian: true))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return nil }
        let bigEndianSums = magic & 1 == 1
        var sums = checksum(header[0..<24], (0, 0), bigEndian: bigEndianSums)
        guard sums.0 == word(header, 24, bigEndian: true), sums.1 == word(header, 28, bigEndian: true) else { return nil }
        let salts = Array(header[16..<24])

        var summary = Summary(pageSize: pageSize)
        var frame = [UInt8](repeating: 0, count: 24 + pageSize)
        var pendingPageOne: [UInt8]?
        while readFully(fd, &frame, count: frame.count) == frame.count {
            let page = word(frame, 0, bigEndian: true)
            guard page != 0, Array(frame[8..<16]) == salts else { break }
            sums = checksum(frame[0..<8], sums, bigEndian: bigEndianSums)
            sums = checksum(frame[24...], sums, bigEndian: bigEndianSums)
            guard sums.0 == word(frame, 16, bigEndian: true), sums.1 == word(frame, 20, bigEndian: true) else { break }
            if page == 1 { pendingPageOne = Array(frame[24..<124]) }
            if word(frame, 4, bigEndian: true) != 0 {  // a commit frame
                if let pendingPageOne { summary.pageOnes.append(pendingPageOne) } else { summary.transactionsWithoutPageOne += 1 }
                pendingPageOne = nil
            }
        }
        return summary
    }

    /// SQLite's WAL checksum: pairs of 32-bit words, in the byte order the magic names.
    static func checksum(_ bytes: ArraySlice<UInt8>, _ start: (UInt32, UInt32), bigEndian: Bool) -> (UInt32, UInt32) {
        var (s1, s2) = start
        bytes.withUnsafeBytes { raw in
            let pairs = raw.count / 8
            for n in 0..<pairs {
                let a = raw.loadUnaligned(fromByteOffset: n * 8, as: UInt32.self)
                let b = raw.loadUnaligned(fromByteOffset: n * 8 + 4, as: UInt32.self)
                s1 = s1 &+ (bigEndian ? UInt32(bigEndian: a) : UInt32(littleEndian: a)) &+ s2
                s2 = s2 &+ (bigEndian ? UInt32(bigEndian: b) : UInt32(littleEndian: b)) &+ s1
            }
        }
        return (s1, s2)
    }

    static func word<C: RandomAccessCollection>(_ bytes: C, _ at: C.Index, bigEndian: Bool) -> UInt32
    where C.Element == UInt8, C.Index == Int {
        let a = UInt32(bytes[at]), b = UInt32(bytes[at + 1]), c = UInt32(bytes[at + 2]), d = UInt32(bytes[at + 3])
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }

    /// Reads up to `count` bytes into `buffer`, retrying short reads; how many it read.
    static func readFully(_ fd: Int32, _ buffer: inout [UInt8], count: Int) -> Int {
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + filled }, count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return filled
    }
}
