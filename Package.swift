// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first: C shims and HeldFiles (which files SQLite holds in this process) -> SQLiteKit (owns the connection) -> DashModel (pure values and
// the record's rules, distances) -> DashStore (schema, migrations, services; SQLite's faults
// become its own StoreFault) and DashImport (file readers: bytes in, records and diagnostics
// out, no database) -> DashIngest (the import policy: which shift a row goes to, what is a
// duplicate, which figure wins, dry runs; typed outcomes, no printing) -> DashCLI (argument
// parsing, commands, rendering, exit codes; never SQLiteKit) -> the thin `dashpilot`
// executable. A target may import only what it lists (`make test` builds with
// --explicit-target-dependency-import-check error). `dashpilot-gpxgen` writes the sample GPX
// files; `dashpilot-bench` measures.
let package = Package(
    name: "DashPilot",
    products: [
        .executable(name: "dashpilot", targets: ["dashpilot"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXLSXWriter", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // SHA-256 in hardware (the processor's SHA extensions) from Debian's libcrypto (issue 18).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // statfs(2), which Swift's Glibc module leaves out: the store refuses a kernel filesystem.
        .systemLibrary(name: "CStatFS"),
        // Which files this process holds open through SQLite: asked by every reader of outside
        // files before it closes a descriptor (issue 26).
        .target(name: "HeldFiles"),
        .target(name: "SQLiteKit", dependencies: ["CSQLite", "HeldFiles"]),
        .target(name: "DashModel"),
        .target(name: "DashStore", dependencies: ["DashModel", "SQLiteKit", "CStatFS"]),
        // The reader's state lives on a class that libxml2 calls back into once per element;
        // Swift's dynamic exclusivity checks on it were 8% of an import. The state is touched by
        // one thread only, so the checks are turned off here and only here.
        .target(name: "DashImport", dependencies: ["DashModel", "CLibXML2", "CCrypto", "HeldFiles"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
        // Periods, membership and the report's figures: pure, from values the store read.
        .target(name: "DashReport", dependencies: ["DashModel"]),
        // Renders a report's tables (text, CSV, JSON; XLSX with issue 6): computes nothing.
        .target(name: "DashExport", dependencies: ["DashReport", "DashModel", "CXLSXWriter"]),
        // The import policy, between the readers and the store below and the command line above.
        .target(name: "DashIngest", dependencies: ["DashModel", "DashStore", "DashImport"]),
        .target(name: "DashCLI", dependencies: ["DashModel", "DashStore", "DashImport", "DashIngest", "DashReport", "DashExport"]),
        .executableTarget(name: "dashpilot", dependencies: ["DashCLI"]),
        .executableTarget(name: "dashpilot-bench", dependencies: ["DashStore", "DashModel", "DashImport", "DashReport", "DashCLI", "SQLiteKit"]),
        .executableTarget(name: "dashpilot-gpxgen", dependencies: ["DashModel"]),
        .target(name: "TestSupport", dependencies: ["DashStore"], path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "CSQLite", "CXLSXWriter", "TestSupport"]),
        .testTarget(name: "DashModelTests", dependencies: ["DashModel", "TestSupport"]),
        .testTarget(name: "DashStoreTests", dependencies: ["DashStore", "DashModel", "SQLiteKit", "TestSupport"]),
        .testTarget(name: "DashImportTests", dependencies: ["DashImport", "DashModel", "TestSupport"]),
        .testTarget(name: "DashReportTests", dependencies: ["DashReport", "DashModel", "TestSupport"]),
        .testTarget(name: "DashExportTests", dependencies: ["DashExport", "DashReport", "DashModel", "TestSupport"]),
        .testTarget(name: "DashIngestTests", dependencies: ["DashIngest", "DashStore", "DashImport", "DashModel", "DashReport", "DashExport", "TestSupport"]),
        .testTarget(name: "DashCLITests", dependencies: ["DashCLI", "DashIngest", "DashStore", "DashModel", "DashImport", "DashReport", "DashExport", "SQLiteKit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
