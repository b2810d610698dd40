import CSQLite

extension Connection {
    /// Runs `body`, counting the virtual-machine instructions SQLite executes on this connection
    /// meanwhile, in thousands (a progress handler called every 1,000). A measure of work that
    /// does not depend on the machine's load: tests use it to show a cost grows with its input,
    /// not with its square (issue 18), where a timed test would be noise. Replaces any progress
    /// handler (none is set elsewhere) and removes it after.
    public func countingInstructions<T>(_ body: () throws -> T) rethrows -> (result: T, thousands: Int) {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        sqlite3_progress_handler(handle, 1_000, { context in
            context?.assumingMemoryBound(to: Int.self).pointee += 1
            return 0
        }, counter)
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        let result = try body()
        return (result, counter.pointee)
    }
}
