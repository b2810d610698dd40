import CXLSXWriter
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads back a zip file that was just written (a workbook), trusting nothing in it: the
/// end-of-central-directory record must end the file, the central directory must sit right
/// before it, every entry's local header must agree with its central record, the entries'
/// data must tile the file from byte 0 to the central directory with no gap or overlap, and
/// every entry must inflate (zlib, raw deflate) to exactly its recorded size and CRC-32.
/// No zip64, no multi-disk archives, no encryption: libxlsxwriter writes none (`use_zip64` 0).
/// Reads through `pread` in 64 KiB chunks: memory stays constant whatever the file's size.
struct ZipReader {
    struct Entry {
        let name: String
        let flags: UInt16
        let method: UInt16
        let crc: UInt32
        let compressedSize: UInt32
        let size: UInt32
        let localOffset: UInt32
        var dataOffset: UInt64 = 0
    }

    /// Why the file is not a whole zip.
    struct Damage: Error { let reason: String }

    let descriptor: Int32
    let fileSize: UInt64
    private(set) var entries: [Entry] = []

    static let chunk = 1 << 16

    init(descriptor: Int32) throws(Damage) {
        self.descriptor = descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Damage(reason: "it cannot be read back (\(String(cString: strerror(errno))))") }
        fileSize = UInt64(info.st_size)
        entries = try readDirectory()
    }

    /// `count` bytes at `offset`, or the file ends early.
    func bytes(at offset: UInt64, count: Int) throws(Damage) -> [UInt8] {
        guard offset + UInt64(count) <= fileSize else { throw Damage(reason: "it ends early (a record runs past its \(fileSize) bytes)") }
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw Damage(reason: "it cannot be read back (\(got < 0 ? String(cString: strerror(errno)) : "it ends early"))") }
            done += got
        }
        return buffer
    }

    private func readDirectory() throws(Damage) -> [Entry] {
        // The end record: 22 bytes at the very end (libxlsxwriter writes no comment).
        guard fileSize >= 22 else { throw Damage(reason: "it is \(fileSize) bytes, too short for a zip") }
        let end = try bytes(at: fileSize - 22, count: 22)
        guard Self.u32(end, 0) == 0x0605_4B50 else { throw Damage(reason: "it does not end with a zip directory (cut short?)") }
        let count = Int(Self.u16(end, 10)), directorySize = UInt64(Self.u32(end, 12)), directoryOffset = UInt64(Self.u32(end, 16))
        guard Self.u16(end, 4) == 0, Self.u16(end, 6) == 0, Self.u16(end, 8) == count, Self.u16(end, 20) == 0,
              directoryOffset + directorySize == fileSize - 22
        else { throw Damage(reason: "its zip directory's record does not match the file") }
        let directory = try bytes(at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.u32(directory, at) == 0x0201_4B50 else { throw Damage(reason: "its zip directory is damaged") }
            let nameLength = Int(Self.u16(directory, at + 28)), extra = Int(Self.u16(directory, at + 30)), comment = Int(Self.u16(directory, at + 32))
            guard at + 46 + nameLength + extra + comment <= directory.count else { throw Damage(reason: "its zip directory is damaged") }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, flags: Self.u16(directory, at + 8), method: Self.u16(directory, at + 10), crc: Self.u32(directory, at + 16),
                                 compressedSize: Self.u32(directory, at + 20), size: Self.u32(directory, at + 24),
                                 localOffset: Self.u32(directory, at + 42)))
            at += 46 + nameLength + extra + comment
        }
        guard at == directory.count else { throw Damage(reason: "its zip directory has bytes beyond its \(count) entries") }
        // Each local header, and the data tiling the file up to the directory.
        var next: UInt64 = 0
        for index in entries.indices.sorted(by: { entries[$0].localOffset < entries[$1].localOffset }) {
            let entry = entries[index]
            guard UInt64(entry.localOffset) == next else { throw Damage(reason: "\(entry.name) is not where the zip directory says") }
            let header = try bytes(at: next, count: 30)
            let nameLength = Int(Self.u16(header, 26)), extra = Int(Self.u16(header, 28))
            let name = try bytes(at: next + 30, count: nameLength)
            let described = entry.flags & 0x8 != 0
            guard Self.u32(header, 0) == 0x0403_4B50, Self.u16(header, 6) == entry.flags, Self.u16(header, 8) == entry.method,
                  name.elementsEqual(entry.name.utf8), entry.flags & 0x1 == 0, entry.method == 0 || entry.method == 8,
                  described || (Self.u32(header, 14) == entry.crc && Self.u32(header, 18) == entry.compressedSize && Self.u32(header, 22) == entry.size)
            else { throw Damage(reason: "the local header of \(entry.name) does not match the zip directory") }
            entries[index].dataOffset = next + 30 + UInt64(nameLength + extra)
            next = entries[index].dataOffset + UInt64(entry.compressedSize)
            if described {
                // A data descriptor: an optional signature, then the CRC and both sizes.
                let descriptor = try bytes(at: next, count: 16)
                let skip = Self.u32(descriptor, 0) == 0x0807_4B50 ? 4 : 0
                guard Self.u32(descriptor, skip) == entry.crc, Self.u32(descriptor, skip + 4) == entry.compressedSize,
                      Self.u32(descriptor, skip + 8) == entry.size
                else { throw Damage(reason: "the data descriptor of \(entry.name) does not match the zip directory") }
                next += UInt64(skip + 12)
            }
        }
        guard next == directoryOffset else { throw Damage(reason: "the zip's entries do not end where its directory begins") }
        return entries
    }

    /// Inflates `entry` (or copies it, when stored), handing its bytes to `sink` in chunks; checks its size and CRC-32.
    func expand(_ entry: Entry, into sink: (UnsafeRawBufferPointer) throws(Damage) -> Void) throws(Damage) {
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunk), output = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunk)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var stream = z_stream()
        if entry.method == 8 {
            guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw Damage(reason: "zlib could not start")
            }
        }
        defer { if entry.method == 8 { inflateEnd(&stream) } }
        var crc = crc32(0, nil, 0)
        var read: UInt64 = 0, produced: UInt64 = 0
        var ended = false
        while !ended {
            let take = Int(min(UInt64(Self.chunk), UInt64(entry.compressedSize) - read))
            if take > 0 {
                let chunk = try bytes(at: entry.dataOffset + read, count: take)
                chunk.withUnsafeBufferPointer { if let base = $0.baseAddress { input.update(from: base, count: take) } }
                read += UInt64(take)
            }
            if entry.method == 0 {
                crc = crc32(crc, input, uInt(take))
                produced += UInt64(take)
                try sink(UnsafeRawBufferPointer(start: input, count: take))
                ended = read == UInt64(entry.compressedSize)
                continue
            }
            stream.next_in = input
            stream.avail_in = uInt(take)
            repeat {
                stream.next_out = output
                stream.avail_out = uInt(Self.chunk)
                let status = CXLSXWriter.inflate(&stream, Z_NO_FLUSH)
                let count = Self.chunk - Int(stream.avail_out)
                if count > 0 {
                    crc = crc32(crc, output, uInt(count))
                    produced += UInt64(count)
                    try sink(UnsafeRawBufferPointer(start: output, count: count))
                }
                if status == Z_STREAM_END { ended = true; break }
                guard status == Z_OK || (status == Z_BUF_ERROR && count == 0) else { throw Damage(reason: "\(entry.name) does not inflate (zlib \(status))") }
                if status == Z_BUF_ERROR { break }
            } while stream.avail_in > 0 || stream.avail_out == 0
            if !ended, take == 0 { throw Damage(reason: "\(entry.name) ends before its deflate stream does") }
        }
        guard read == UInt64(entry.compressedSize), stream.avail_in == 0, produced == UInt64(entry.size), crc == UInt(entry.crc) else {
            throw Damage(reason: "\(entry.name) does not match its size or CRC-32")
        }
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16 }
}
