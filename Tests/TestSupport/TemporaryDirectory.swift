import Foundation

/// A fresh folder of its own under `NSTemporaryDirectory()`, removed with everything in it when
/// the object is released. One per test, so tests running in parallel never share a file.
public final class TemporaryDirectory {
    /// The folder's absolute path, without a trailing slash.
    public let path: String

    /// Creates the folder (mode 0700). Throws when it cannot be created.
    public init(_ label: String = "DashPilotTests") throws {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        path = "\(base)/\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder (`name` may contain `/`); nothing is created.
    public func path(_ name: String) -> String { "\(path)/\(name)" }
}
