// Shared by every fuzz entry point (compiled into each binary beside its target file).
//
// Inputs that carry options start with a selector byte; `FuzzInput` hands out such bytes and the
// rest of the input. Invariants are checked with `invariant`, which traps: libFuzzer then reports
// the input as a crash, the same as a trap inside the code under test.

import Foundation

struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: size)
    }

    /// The byte at `index`, or 0 past the end.
    func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// The bytes from `index` on (empty past the end).
    func rest(from index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(index, bytes.count)...])
    }
}

/// A chunk size for feeding a streaming reader, from a selector: the whole input at once, or
/// small chunks that cut through characters, line ends and tags.
func chunkSize(_ selector: UInt8, count: Int) -> Int {
    switch selector % 8 {
    case 0, 1, 2: max(count, 1)
    case 3: 1
    case 4: 2
    case 5: 3
    case 6: 7
    default: 64
    }
}

/// Calls `body` with consecutive chunks of `bytes` of at most `size` bytes.
func forEachChunk(_ bytes: UnsafeBufferPointer<UInt8>, size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + size)
        try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset..<end]))
        offset = end
    }
}

/// A property the code promises that the input broke: a finding, reported as a crash.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #file, line: UInt = #line) {
    if !condition() {
        fatalError("fuzz invariant broken: \(message())", file: file, line: line)
    }
}

/// Zones the time-reading targets try: no DST, US DST, EU DST, a 30-minute DST shift, and a
/// zone that skipped a whole day (Samoa, 2011-12-30).
let fuzzZones: [TimeZone] = ["America/Chicago", "UTC", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia",
                             "America/St_Johns", "Asia/Kathmandu", "America/Sao_Paulo"].compactMap { TimeZone(identifier: $0) }

func fuzzZone(_ selector: UInt8) -> TimeZone { fuzzZones[Int(selector) % fuzzZones.count] }
