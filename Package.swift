// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first: C shims -> SQLiteKit (owns the connection) -> DashModel (pure values and
// the record's rules) -> DashStore (schema, migrations, services) -> DashCLI (argument parsing,
// commands, exit codes) -> the thin `dashpilot` executable. A target may import only what it lists.
let package = Package(
    name: "DashPilot",
    products: [
        .executable(name: "dashpilot", targets: ["dashpilot"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXLSXWriter", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        .target(name: "DashModel"),
        .target(name: "DashStore", dependencies: ["DashModel", "SQLiteKit"]),
        .target(name: "DashCLI", dependencies: ["DashModel", "DashStore", "SQLiteKit"]),
        .executableTarget(name: "dashpilot", dependencies: ["DashCLI"]),
        .executableTarget(name: "dashpilot-bench", dependencies: ["DashStore", "DashModel", "SQLiteKit"]),
        .target(name: "TestSupport", dependencies: ["DashStore"], path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "CSQLite", "CXLSXWriter", "TestSupport"]),
        .testTarget(name: "DashModelTests", dependencies: ["DashModel"]),
        .testTarget(name: "DashStoreTests", dependencies: ["DashStore", "DashModel", "SQLiteKit", "TestSupport"]),
        .testTarget(name: "DashCLITests", dependencies: ["DashCLI", "DashStore", "DashModel", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
