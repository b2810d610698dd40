import Foundation
import Testing

/// Runs the real `dashpilot` on a pseudo-terminal of a given width (python3's pty module), for
/// what only a terminal shows: the progress bar, and what a signal leaves on the screen.
enum PseudoTerminal {
    /// Starts `arguments` with stdin, stdout and stderr on a terminal `columns` wide (0: a
    /// terminal that does not know its width), reads everything it writes, and, when `signal`
    /// is given, sends it once `trigger` has been written (the bar is being drawn).
    static let script = """
        import os, pty, sys, fcntl, termios, struct, signal, select
        columns, sig, trigger, out_path = int(sys.argv[1]), sys.argv[2], sys.argv[3].encode(), sys.argv[4]
        argv = sys.argv[5:]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 24, columns, 0, 0))
            # A test runner may block signals, and a spawned child inherits the mask.
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM])
            os.execv(argv[0], argv)
        out, sent = b'', False
        while True:
            ready, _, _ = select.select([fd], [], [], 120)
            if not ready:
                break
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if sig != 'none' and not sent and trigger in out:
                os.kill(pid, getattr(signal, 'SIG' + sig))
                sent = True
        _, status = os.waitpid(pid, 0)
        open(out_path, 'wb').write(out)
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """

    /// The exit status (128 + a signal that ended it) and everything written to the terminal.
    static func run(_ arguments: [String], columns: Int, signal: String = "none", trigger: String = "%", output: String)
        throws -> (status: Int32, screen: String) {
        let result = try ProcessHarness.run(["/usr/bin/python3", "-c", script, String(columns), signal, trigger, output + ".tty"]
                                            + arguments, output: output)
        let screen = (try? String(contentsOfFile: output + ".tty", encoding: .utf8)) ?? ""
        return (result.status, screen)
    }
}
