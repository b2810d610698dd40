@testable import DashCLI
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Paths are bytes (issue 26, item 4): a path that is not UTF-8 is refused naming it, never
/// rewritten. Swift decodes argv and the environment as UTF-8 with U+FFFD for what is not, so
/// before this a Latin-1 store (`caf\xE9.sqlite`) was "missing" (66), `expense add` created and
/// filled `caf\u{FFFD}.sqlite`, an import said "No such file" and an export wrote under the
/// U+FFFD name. Through the real binary, with the bytes passed as they are.
@Suite struct NonUTF8PathTests {
    final class Bed {
        let folder: TemporaryDirectory
        let environment: [String: [UInt8]]
        /// Raw names made here, removed at the end (TemporaryDirectory cannot decode them).
        private var made: [[UInt8]] = []

        init() throws {
            folder = try TemporaryDirectory("DashPilotNonUTF8")
            environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC", "HOME": folder.path("home"),
                           "XDG_CONFIG_HOME": folder.path("config")].mapValues { Array($0.utf8) }
        }

        deinit {
            for path in made.reversed() {
                for suffix in ["", "-wal", "-shm"] { RawProcess.remove(path + Array(suffix.utf8)) }
                _ = RawProcess.withPath(path) { rmdir($0) }
            }
        }

        /// The bed's folder and then `name`, as bytes.
        func path(_ name: [UInt8]) -> [UInt8] { Array(folder.path.utf8) + [0x2F] + name }

        func run(_ words: [[UInt8]], environment extra: [String: [UInt8]] = [:]) throws -> FaultRun {
            try RawProcess.run(words, environment: environment.merging(extra) { $1 }, scratch: folder.path)
        }

        func run(_ words: String...) throws -> FaultRun { try run(words.map { Array($0.utf8) }) }

        /// A file at `name` (bytes) holding `text`.
        func write(_ text: String, to name: [UInt8]) throws {
            let path = path(name)
            let fd = RawProcess.withPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
            try #require(fd >= 0)
            defer { close(fd) }
            let bytes = Array(text.utf8)
            #expect(Glibc.write(fd, bytes, bytes.count) == bytes.count)
            made.append(path)
        }

        /// Moves `from` (a UTF-8 name in the bed) to `name` (bytes).
        func move(_ from: String, to name: [UInt8]) throws {
            try RawProcess.rename(folder.path(from), to: path(name))
            made.append(path(name))
        }

        func folderNamed(_ name: [UInt8]) throws {
            let path = path(name)
            try #require(RawProcess.withPath(path) { mkdir($0, 0o700) } == 0)
            made.append(path)
        }

        func listing() -> [[UInt8]] { RawProcess.listing(folder.path) }

        /// Runs `words`, expecting exit 64, stderr naming `shown`, and nothing in the folder made or changed.
        @discardableResult
        func expectRefusal(_ words: [[UInt8]], environment: [String: [UInt8]] = [:], naming shown: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> FaultRun {
            let before = listing()
            let run = try run(words, environment: environment)
            #expect(!run.crashed, "\(run)", sourceLocation: sourceLocation)
            #expect(run.status == 64, "\(run)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(shown) && run.stderr.contains("is not UTF-8"), "the message should name \(shown): \(run)",
                    sourceLocation: sourceLocation)
            #expect(listing() == before, "a refusal made or changed something: \(run)", sourceLocation: sourceLocation)
            return run
        }
    }

    static let cafe = RawProcess.latin1("caf", 0xE9, ".sqlite")
    static let expenseAdd = ["expense", "add", "--date", "2026-11-03", "--amount", "4.00", "--category", "fuel"].map { Array($0.utf8) }
    static func words(_ text: String...) -> [[UInt8]] { text.map { Array($0.utf8) } }

    /// A store at a Latin-1 name, given by --store, --store=, $DASHPILOT_STORE, or made of
    /// $XDG_DATA_HOME or $HOME: refused (64) naming its bytes; no other store is made, it is unchanged.
    @Test func aStoreWhoseNameIsNotUTF8IsRefusedNamingItsBytes() throws {
        let bed = try Bed()
        let made = try bed.run("--store", bed.folder.path("made.sqlite"), "expense", "add", "--date", "2026-11-02", "--amount", "7.00", "--category", "fuel")
        try #require(made.status == 0, "\(made)")
        try bed.move("made.sqlite", to: Self.cafe)
        try bed.move("made.sqlite-verified", to: Self.cafe + Array("-verified".utf8))
        let store = bed.path(Self.cafe)
        let shown = RawProcess.shown(store)
        #expect(shown.hasSuffix("/caf\\xE9.sqlite"))
        try bed.expectRefusal([RawProcess.bytes("--store"), store] + Self.words("shifts"), naming: "--store \(shown)")
        try bed.expectRefusal([RawProcess.bytes("--store"), store] + Self.expenseAdd, naming: "--store \(shown)")
        try bed.expectRefusal([RawProcess.bytes("--store=") + store] + Self.expenseAdd, naming: "--store=\(shown)")
        try bed.expectRefusal(Self.expenseAdd, environment: ["DASHPILOT_STORE": store], naming: "$DASHPILOT_STORE \(shown)")
        let folder = RawProcess.latin1("d", 0xE9, "j")
        try bed.folderNamed(folder)
        try bed.expectRefusal(Self.expenseAdd, environment: ["XDG_DATA_HOME": bed.path(folder)], naming: "$XDG_DATA_HOME \(RawProcess.shown(bed.path(folder)))")
        try bed.expectRefusal([RawProcess.bytes("--store"), RawProcess.bytes(bed.folder.path("s.sqlite"))] + Self.words("shifts"),
                              environment: ["HOME": bed.path(folder)], naming: "$HOME")
        // Given in UTF-8 through a link, the same store opens: the refusal was of the name only.
        #expect(RawProcess.withPath(store) { symlink($0, bed.folder.path("cafe.sqlite")) } == 0)
        let run = try bed.run("--store", bed.folder.path("cafe.sqlite"), "expenses")
        #expect(run.status == 0 && run.stdout.contains("7.00"), "\(run)")
    }

    /// `import expenses caf\xE9.csv` said "No such file or directory" (66); `template suggest` too.
    @Test func anInputWhoseNameIsNotUTF8IsRefusedNamingIt() throws {
        let bed = try Bed()
        let csv = RawProcess.latin1("caf", 0xE9, ".csv")
        try bed.write("date,amount,category,note\n2026-11-03,4.00,fuel,\n", to: csv)
        let store = RawProcess.bytes(bed.folder.path("store.sqlite"))
        try bed.expectRefusal([RawProcess.bytes("--store"), store] + Self.words("import", "expenses") + [bed.path(csv)],
                              naming: RawProcess.shown(bed.path(csv)))
        try bed.expectRefusal([RawProcess.bytes("--store"), store] + Self.words("import", "expenses", "--dry-run", "--") + [bed.path(csv)],
                              naming: "caf\\xE9.csv")
        try bed.expectRefusal(Self.words("template", "suggest") + [bed.path(csv)], naming: "caf\\xE9.csv")
    }

    /// `export --out caf\xE9.txt` wrote `caf\u{FFFD}.txt`; a CSV folder the same.
    @Test func anOutputWhoseNameIsNotUTF8IsRefusedAndNothingIsWritten() throws {
        let bed = try Bed()
        let store = bed.folder.path("store.sqlite")
        let made = try bed.run("--store", store, "shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00")
        try #require(made.status == 0, "\(made)")
        let export = Self.words("--store", store, "export", "--range", "2026-11")
        for (format, name) in [("text", RawProcess.latin1("r", 0xE9, "sum.txt")), ("csv", RawProcess.latin1("tabl", 0xE9, "s")),
                               ("xlsx", RawProcess.latin1("b", 0xF6, "ok.xlsx"))] {
            try bed.expectRefusal(export + Self.words("--format", format, "--out") + [bed.path(name)], naming: "--out \(RawProcess.shown(bed.path(name)))")
        }
    }

    /// A config file is JSON, which is UTF-8: one holding a Latin-1 store path was refused as
    /// "not a JSON object of strings"; now the line is named, its bytes escaped (65, as every
    /// config fault: docs/cli.md, "Config file").
    @Test func aConfigFileThatIsNotUTF8IsRefusedNamingTheLine() throws {
        let bed = try Bed()
        #expect(mkdir(bed.folder.path("config"), 0o700) == 0 && mkdir(bed.folder.path("config/dashpilot"), 0o700) == 0)
        let line = Array("{\n  \"store\": \"".utf8) + bed.path(Self.cafe) + Array("\"\n}\n".utf8)
        let fd = open(bed.folder.path("config/dashpilot/config.json"), O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        #expect(Glibc.write(fd, line, line.count) == line.count)
        close(fd)
        let before = bed.listing()
        let run = try bed.run(Self.expenseAdd)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("is not UTF-8: line 2: \"store\": \"\(RawProcess.shown(bed.path(Self.cafe)))\""), "\(run)")
        #expect(bed.listing() == before)
    }

    /// In-process: the check itself, on bytes a test gives (CLIContext.processBytes).
    @Test func theCheckNamesTheFirstWordOrVariableThatIsNotUTF8() {
        let latin = RawProcess.latin1("caf", 0xE9, ".csv")
        let cases: [(ProcessBytes, String?)] = [
            (ProcessBytes(arguments: Self.words("--help"), environment: ["HOME": Array("/home/josé".utf8)]), nil),
            (ProcessBytes(arguments: Self.words("import", "expenses") + [latin]), "caf\\xE9.csv is not UTF-8"),
            (ProcessBytes(arguments: Self.words("--quiet") + [latin]), "dashpilot: error: caf\\xE9.csv is not UTF-8"),
            (ProcessBytes(arguments: Self.words("--note") + [[0x61, 0x0A, 0xFF, 0xC3]]), "--note a\\n\\xFF\\xC3 is not UTF-8"),
            (ProcessBytes(arguments: Self.words("shifts"), environment: ["HOME": [0x2F, 0x68, 0xE9], "XDG_DATA_HOME": Array("/ok".utf8)]),
             "$HOME /h\\xE9 is not UTF-8"),
        ]
        for (bytes, message) in cases {
            let captured = Captured(input: [])
            var context = CLIContext(console: Console(out: { captured.out($0) }, err: { captured.err($0) }), environment: ["TZ": "UTC"],
                                     now: { fixedNow }, systemZone: TimeZone(identifier: "UTC") ?? .current)
            context.processBytes = bytes
            let words = bytes.arguments.map { String(decoding: $0, as: UTF8.self) }
            let status = DashPilotCLI.run(words, context: context)
            if let message {
                #expect(status == .usage, "\(captured.stderr)")
                #expect(captured.stderr.contains(message), "\(captured.stderr)")
            } else {
                #expect(status == .success, "\(captured.stderr)")
            }
        }
    }
}
