import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The real process's standard output and error, written with `write(2)` until every byte is
/// out. Foundation's `FileHandle.write` traps when a write fails (a full disk under `2>>log`,
/// a file-size limit): a cron job logging to a full disk crashed at its first message. A failed
/// write of standard error is dropped (there is nowhere left to say it); a failed write of
/// standard output is remembered, and the command then ends with exit 74 and one line on
/// standard error (``DashPilotCLI/run(_:context:)``): its output is not whole.
enum StandardStreams {
    private static let outputError = Mutex<Int32>(0)

    static func writeOutput(_ text: String) {
        let failure = write(text, to: STDOUT_FILENO)
        if failure != 0 { outputError.withLock { if $0 == 0 { $0 = failure } } }
    }

    static func writeError(_ text: String) { _ = write(text, to: STDERR_FILENO) }

    /// The first error writing standard output (an errno), or 0.
    static var outputFailure: Int32 { outputError.withLock { $0 } }

    /// Writes every byte; the errno of a failure, or 0.
    private static func write(_ text: String, to fd: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let got = Glibc.write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return got < 0 ? errno : EIO }
                done += got
            }
            return 0
        }
    }
}
