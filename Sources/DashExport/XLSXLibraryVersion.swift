import CXLSXWriter

/// The libxlsxwriter this build is linked with, for `dashpilot --version`.
public enum XLSXLibrary {
    /// `lxw_version()`: the linked library's own answer (`1.1.4`).
    public static var version: String { String(cString: lxw_version()) }
}
