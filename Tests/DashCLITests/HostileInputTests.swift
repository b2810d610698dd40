import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Hostile GPX through the real binary: each refused quickly, in bounded memory, with no
/// network connection attempted and no file opened but the input, the store and what the
/// program itself is made of (checked with strace).
@Suite(.serialized) struct HostileInputTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static let gpxOpen = "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"

    /// Name and bytes of each payload; big ones are built to size.
    static func payloads(port: Int) -> [(name: String, bytes: [UInt8])] {
        let laughs = (1...9).map { n in "<!ENTITY l\(n) \"" + String(repeating: "&l\(n - 1);", count: 10) + "\">" }.joined()
        let quadratic = "<!ENTITY a \"" + String(repeating: "x", count: 100_000) + "\">"
        func doc(_ doctype: String, _ body: String) -> [UInt8] { Array((head + doctype + "\n" + gpxOpen + body + "</trkseg></trk></gpx>\n").utf8) }
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in (head.replacingOccurrences(of: "UTF-8", with: "UTF-16") + "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>\n"
                     + gpxOpen + "<trkpt lat=\"1\" lon=\"2\"><name>&x;</name></trkpt></trkseg></trk></gpx>\n").utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let big = KillTests.slow ? 128 << 20 : 32 << 20
        var garbage = [UInt8](repeating: 0, count: big)
        var seed: UInt64 = 7
        for index in garbage.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            garbage[index] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        return [
            ("billion laughs", doc("<!DOCTYPE gpx [<!ENTITY l0 \"lol\">" + laughs + "]>", "<trkpt lat=\"1\" lon=\"2\"><name>&l9;</name></trkpt>")),
            ("quadratic blowup", doc("<!DOCTYPE gpx [" + quadratic + "]>", "<trkpt lat=\"1\" lon=\"2\"><name>" + String(repeating: "&a;", count: 50_000) + "</name></trkpt>")),
            ("external entity by path", doc("<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>", "<trkpt lat=\"1\" lon=\"2\"><name>&x;</name></trkpt>")),
            ("external entity by loopback URL", doc("<!DOCTYPE gpx [<!ENTITY x SYSTEM \"http://127.0.0.1:\(port)/x\">]>", "<trkpt lat=\"1\" lon=\"2\"><name>&x;</name></trkpt>")),
            ("external DTD by loopback URL", doc("<!DOCTYPE gpx SYSTEM \"http://127.0.0.1:\(port)/gpx.dtd\">", "<trkpt lat=\"1\" lon=\"2\"/>")),
            ("DOCTYPE in UTF-16", utf16),
            ("an enormous attribute value", Array((head + gpxOpen + "<trkpt lat=\"" + String(repeating: "1", count: big) + "\" lon=\"2\"/></trkseg></trk></gpx>").utf8)),
            ("an enormous line of text", Array((head + gpxOpen + "<trkpt lat=\"1\" lon=\"2\"><name>" + String(repeating: "n", count: big) + "</name></trkpt></trkseg></trk></gpx>").utf8)),
            ("deeply nested elements", Array((head + gpxOpen + String(repeating: "<extensions>", count: 200_000)).utf8)),
            ("a file of garbage", garbage),
        ]
    }

    /// Runs the import under strace: the files it opened and whether it touched the network.
    @Test func hostileFilesAreRefusedQuicklyAndOpenNothingElse() throws {
        let folder = try TemporaryDirectory("DashPilotHostile")
        let store = folder.path("store.sqlite")
        let out = folder.path("log")
        // A listener on a loopback port, to be sure nothing connects to it.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        _ = listen(listener, 4)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--quiet", "shift", "add", "--start", "2026-11-02T10:30Z",
                                           "--end", "2026-11-02T14:15Z"], output: out)
        try #require(made.status == 0)
        let strace = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") ? "/usr/bin/strace" : nil
        for (index, payload) in Self.payloads(port: port).enumerated() {
            let file = folder.path("hostile-\(index).gpx")
            if payload.name == "a file of garbage", KillTests.slow {
                // make test-slow: 1 GiB, written a MiB at a time.
                FileManager.default.createFile(atPath: file, contents: nil)
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
                let chunk = Data(payload.bytes.prefix(1 << 20))
                for _ in 0..<1_024 { try handle.write(contentsOf: chunk) }
                try handle.close()
            } else {
                try Data(payload.bytes).write(to: URL(fileURLWithPath: file))
            }
            let clock = ContinuousClock()
            let t0 = clock.now
            let child = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "import", "gpx", file], output: out)
            var peakKiB = 0
            var status: Int32 = 0
            while true {
                if let text = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
                   let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                   let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                    peakKiB = max(peakKiB, kib)
                }
                if waitpid(child.pid, &status, WNOHANG) == child.pid { break }
                usleep(5_000)
            }
            let elapsed = clock.now - t0
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let stderr = (try? String(contentsOfFile: out + ".err", encoding: .utf8)) ?? ""
            #expect((status >> 8) & 0xFF == 65 && status & 0x7F == 0, "\(payload.name): status \(status): \(stderr)")
            #expect(stderr.contains("nothing imported") || stderr.contains("refused") || stderr.contains("error"), "\(payload.name): \(stderr)")
            // The goal (under 2 s) is held in make test-slow with the release build; the quick
            // form runs the debug build beside the other tests, so it allows more.
            #expect(seconds < (KillTests.slow ? 2 : 10), "\(payload.name) took \(seconds) s")
            #expect(peakKiB < 64 * 1024, "\(payload.name): peak \(peakKiB) KiB")
            guard let strace else { continue }
            let trace = folder.path("trace-\(index)")
            let traced = try ProcessHarness.run([strace, "-f", "-qq", "-e", "trace=open,openat,connect,socket", "-o", trace,
                                                 ProcessHarness.dashpilot, "--store", store, "import", "gpx", file], output: out)
            #expect(traced.status == 65, "\(payload.name) under strace: \(traced.stderr)")
            let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            #expect(!calls.contains { $0.contains("connect(") || $0.contains("socket(AF_INET") || $0.contains("socket(AF_INET6") },
                    "\(payload.name): a network call: \(calls.filter { $0.contains("connect(") || $0.contains("socket(") })")
            let opened = calls.compactMap { line -> String? in
                guard line.contains("open"), !line.contains("= -1"), let quote = line.firstIndex(of: "\"") else { return nil }
                let rest = line[line.index(after: quote)...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
            let allowed = ["/lib", "/usr/lib", "/opt/swift", "/etc/ld.so", "/proc/", "/sys/", "/dev/", "/usr/share/zoneinfo", "/etc/localtime",
                           "/usr/share/icu", store, file, folder.path]
            let unexpected = opened.filter { path in !allowed.contains { path.hasPrefix($0) } }
            #expect(unexpected.isEmpty, "\(payload.name) opened \(unexpected)")
            #expect(!opened.contains("/etc/hostname"), "\(payload.name) read the external entity")
        }
    }
}
