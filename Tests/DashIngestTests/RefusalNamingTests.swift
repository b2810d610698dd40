import DashIngest
import DashModel
import DashStore
import Foundation
import Testing

/// A refusal names each piece of evidence once, by what it is, and counts what it does not
/// name: the pieces were named by replacing ids in the text, so `c1` inside `c10` became
/// "capture session 1 of import 10", and a file of hundreds of tracks took minutes to refuse.
@Suite("refusal naming")
struct RefusalNamingTests {
    @Test("a made shift over 16 hours names the first pieces and counts the rest")
    func longShiftRefusal() throws {
        let bench = try IngestBench()
        // 120 tracks ten minutes apart: one stretch of 20 hours, more than a made shift may last.
        let text = ImportGrowthTests.manyTracks(120, apart: 600)
        let message: String
        do {
            _ = try bench.gpx("long.gpx", text)
            Issue.record("a 20-hour made shift was accepted")
            return
        } catch {
            message = String(describing: error)
        }
        #expect(message.contains("more than 16 h"))
        #expect(message.contains("and \(120 - ShiftPlanRefusal.namedAtMost) more"), "\(message)")
        let named = message.components(separatedBy: "capture session ").count - 1
        #expect(named == ShiftPlanRefusal.namedAtMost, "\(message)")
        // Every session is the one import's: each is named "capture session N of import 1".
        let exact = try NSRegularExpression(pattern: "capture session [0-9]+ of import 1([^0-9]|$)")
        #expect(exact.numberOfMatches(in: message, range: NSRange(message.startIndex..., in: message)) == ShiftPlanRefusal.namedAtMost, "\(message)")
    }
}
