import DashStore
import Foundation

/// Group 12 (issue 26): what the guard before a store's first write costs on the year of group 7
/// (7.2 million samples, about 330-440 MB), through the binary: `expense add` with SQLite's full
/// checks (no stamp beside the store) against the same command trusting the stamp its previous
/// session left (docs/reliability.md, "The first write's stamp"). Medians of 5 interleaved pairs.
func guardBench() throws {
    let (path, _) = try yearStore()
    let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
    let base = ["--store", path, "--tz", "America/Chicago", "--quiet"]
    var full: [Double] = [], stamped: [Double] = []
    for n in 0..<5 {
        VerifiedStamp.remove(store: path)
        let day = String(format: "2026-12-%02d", n + 1)
        full.append(try launch(dashpilot, base + ["expense", "add", "--date", day, "--amount", "1", "--category", "bench"]).seconds)
        // That session was verified in full and wrote: it left the stamp the next one trusts.
        stamped.append(try launch(dashpilot, base + ["expense", "add", "--date", day, "--amount", "2", "--category", "bench"]).seconds)
    }
    func runs(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
    print()
    print(String(format: "12. the guard before the first write, on the year (%.0f MB), through the binary, medians of 5 interleaved pairs", megabytes))
    print(String(format: "   expense add, full checks (integrity_check and foreign_key_check): %.2f s (%@)", median(full), runs(full)))
    print(String(format: "   expense add, the stamp trusted: %.3f s (%@)", median(stamped), runs(stamped)))
    record(String(format: "first write's guard, year store (%.0f MB)", megabytes), measured: String(format: "%.3f s", median(stamped)),
           goal: "well under the full checks", floor: String(format: "full checks %.2f s", median(full)),
           ratio: ratioText(median(stamped) / median(full)), met: median(stamped) < median(full) / 4)
}
