import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import TestSupport

/// One file a property test imports: its name, how it is read, its bytes.
struct CorpusFile: CustomStringConvertible {
    enum Kind: Equatable {
        case statement(template: String)
        case expenses
        case gpx
    }

    let name: String
    let kind: Kind
    let text: String

    var description: String { name }

    /// The same records, re-saved: CRLF line ends and a blank line at the end (CSV), or the
    /// elements one a line and indented (GPX); under another name.
    var resaved: CorpusFile {
        switch kind {
        case .gpx:
            let text = self.text.replacingOccurrences(of: "><", with: ">\n  <")
            return CorpusFile(name: "resaved-" + name, kind: kind, text: text)
        case .statement, .expenses:
            let lines = self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return CorpusFile(name: "resaved-" + name, kind: kind, text: lines.joined(separator: "\r\n") + "\r\n")
        }
    }
}

/// The shipped samples (SampleData, with the templates the Makefile's `demo` target gives
/// them) and seeded generated files whose evidence overlaps in time.
enum RecordCorpus {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func sample(_ path: String, _ kind: CorpusFile.Kind) throws -> CorpusFile {
        let text = try String(contentsOfFile: packageRoot + "/SampleData/" + path, encoding: .utf8)
        return CorpusFile(name: URL(fileURLWithPath: path).lastPathComponent, kind: kind, text: text)
    }

    /// Every statement and expense sample, and one sample track (the 5 November dinner, which
    /// the shift log's and the delivery log's rows of that evening overlap).
    static func samples() throws -> [CorpusFile] {
        [try sample("statements/shift-log-2026-11-02.csv", .statement(template: "shift-log")),
         try sample("statements/shift-log-2026-11-07.csv", .statement(template: "shift-log")),
         try sample("statements/delivery-log-2026-11-05.csv", .statement(template: "delivery-log")),
         try sample("statements/uber-payments-2026-11-09.csv", .statement(template: "uber-payments")),
         try sample("statements/uber-trips-2026-11-14.csv", .statement(template: "uber-trips")),
         try sample("statements/uber-payments-2026-11-16.csv", .statement(template: "uber-payments")),
         try sample("statements/driver_lifetime_trips-0.csv", .statement(template: "uber-driver-trips")),
         try sample("statements/driver_payments-0.csv", .statement(template: "uber-driver-payments")),
         try sample("expenses/november-2026.csv", .expenses),
         try sample("gpx/2026-11-05-dinner.gpx", .gpx)]
    }

    static let shiftLogHeader = "Date,Start,End,Platform,Earnings,Tips\n"
    static let deliveryLogHeader = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
    static let tripsHeader = "Trip UUID,Driver UUID,Driver first name,Driver last name,Vehicle UUID,License plate,Service type,"
        + "Trip request time,Trip drop off time,Pickup address,Drop off address,Trip distance,Trip status,Product Type,Payment Type\n"
    static let paymentsHeader = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you,Paid to you:Your earnings,"
        + "Paid to you:Your earnings:Fare:Fare,Paid to you:Your earnings:Tip\n"

    /// Generated files for the seed: on 10-12 November, two tracks a day (the break between
    /// them sometimes within the split gap, sometimes beyond it), a shift-log row covering the
    /// first track, delivery-log rows inside both, an Uber trip inside the second with its
    /// money lines in two statements (one line in both, a late adjustment two days on) and two
    /// weekly logs sharing a day's rows; a track over the sample Uber trips of 14 November, and
    /// one over the personal-data trips of 20 and of 21 November; an
    /// expense file sharing a row with the sample's. No two figures for one platform's work.
    static func generated(seed: UInt64) -> [CorpusFile] {
        var random = SplitMix64(state: seed)
        var tracks: [CorpusFile] = []
        var shiftRows: [[String]] = [], deliveryRows: [[String]] = [], tripRows: [String] = []
        var early: [String] = [], late: [String] = []
        for day in 10...12 {
            let date = "2026-11-\(day)"
            let firstStart = (Bool.random(using: &random) ? 11 * 60 : 17 * 60) + Int.random(in: 0...20, using: &random)
            let firstLength = Int.random(in: 30...70, using: &random)
            let gap = [20, 45, 75, 100][Int.random(in: 0...3, using: &random)]
            let secondStart = firstStart + firstLength + gap
            let secondLength = Int.random(in: 25...50, using: &random)
            tracks.append(CorpusFile(name: "gen-\(day)-a.gpx", kind: .gpx,
                                     text: IngestBench.track(utc(date, firstStart), minutes: firstLength)))
            tracks.append(CorpusFile(name: "gen-\(day)-b.gpx", kind: .gpx,
                                     text: IngestBench.track(utc(date, secondStart), minutes: secondLength)))
            let earnings = Int.random(in: 2000...6000, using: &random)
            shiftRows.append([date + "," + clock(firstStart - 5) + "," + clock(firstStart + firstLength + 10) + ",DoorDash,"
                              + money(earnings) + "," + money(Int.random(in: 0...earnings / 3, using: &random))])
            var rows: [String] = []
            for (index, offset) in [3, firstLength / 2].enumerated() {
                let pay = Int.random(in: 500...1500, using: &random)
                rows.append(date + "," + clock(firstStart + offset) + "," + clock(firstStart + offset + 12) + ","
                            + (index == 0 ? "DoorDash" : "Grubhub") + "," + money(pay) + "," + money(Int.random(in: 0...pay / 2, using: &random))
                            + ",Pickup \(day)\(index)")
            }
            let pay = Int.random(in: 500...1500, using: &random)
            rows.append(date + "," + clock(secondStart + 4) + "," + clock(secondStart + 18) + ",Grubhub," + money(pay) + ",,Pickup \(day)9")
            deliveryRows.append(rows)
            let trip = "gen-trip-\(day)-\(Int.random(in: 100...999, using: &random))"
            let accepted = secondStart + 2, dropped = secondStart + secondLength - 3
            tripRows.append("\(trip),a7c3-sample-driver,S,S,v,P,Uber Eats,\(date) \(clock(accepted)):05,\(date) \(clock(dropped)):40,a,b,2.0,completed,Eats,card")
            let fare = Int.random(in: 600...1400, using: &random), tip = Int.random(in: 0...400, using: &random)
            let fareLine = "\(trip)-L1,\(trip),trip completed order,\(date) \(clock(dropped + 1)):10.000 -0600 CST,"
                + "\(money(fare + tip)),\(money(fare + tip)),\(money(fare)),\(tip == 0 ? "" : money(tip))"
            early.append(fareLine)
            late.append(fareLine)
            // A quest with no trip (issue 27: income on no shift), in both weekly files: held by both.
            let quest = "gen-quest-\(day),,Quest promotion,2026-11-\(day + 1) 23:00:00.000 -0600 CST,\(money(1000 + day)),\(money(1000 + day)),,"
            early.append(quest)
            late.append(quest)
            let adjust = Int.random(in: 100...300, using: &random)
            late.append("\(trip)-L2,\(trip),trip fare adjust order,2026-11-\(day + 2) 09:15:00.000 -0600 CST,"
                        + "\(money(adjust)),\(money(adjust)),,\(money(adjust))")
        }
        return tracks + [
            CorpusFile(name: "gen-over-uber-trips.gpx", kind: .gpx, text: IngestBench.track("2026-11-14T16:50:00Z", minutes: 75)),
            // Over the personal-data trips of 20 and 21 November (17:31-18:30 and 17:41-18:48
            // Chicago), as over the 14th's: undoing a trips file does not take back the times it
            // gave trips made from money lines (docs/templates.md, known limits), so without a
            // track the payments' shift would keep the trips' span after that undo.
            CorpusFile(name: "gen-over-driver-trips-20.gpx", kind: .gpx, text: IngestBench.track("2026-11-20T23:25:00Z", minutes: 70)),
            CorpusFile(name: "gen-over-driver-trips-21.gpx", kind: .gpx, text: IngestBench.track("2026-11-21T23:35:00Z", minutes: 80)),
            CorpusFile(name: "gen-shift-log-a.csv", kind: .statement(template: "shift-log"),
                       text: shiftLogHeader + (shiftRows[0] + shiftRows[1]).joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-shift-log-b.csv", kind: .statement(template: "shift-log"),
                       text: shiftLogHeader + (shiftRows[1] + shiftRows[2]).joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-delivery-log-a.csv", kind: .statement(template: "delivery-log"),
                       text: deliveryLogHeader + (deliveryRows[0] + deliveryRows[1]).joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-delivery-log-b.csv", kind: .statement(template: "delivery-log"),
                       text: deliveryLogHeader + (deliveryRows[1].suffix(2) + deliveryRows[2]).joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-uber-trips.csv", kind: .statement(template: "uber-trips"),
                       text: tripsHeader + tripRows.joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-uber-payments-a.csv", kind: .statement(template: "uber-payments"),
                       text: paymentsHeader + early.joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-uber-payments-b.csv", kind: .statement(template: "uber-payments"),
                       text: paymentsHeader + late.joined(separator: "\n") + "\n"),
            CorpusFile(name: "gen-expenses.csv", kind: .expenses,
                       text: "Date,Amount,Category,Note\n2026-11-12,4.25,tolls,\n2026-11-11,3.50,parking,meter\n"),
        ]
    }

    /// `2026-11-10` and minutes after local midnight (Chicago, UTC-06:00 in November) in UTC.
    static func utc(_ date: String, _ minutes: Int) -> String {
        let day = Int(date.suffix(2)) ?? 1
        let total = minutes + 6 * 60
        return String(format: "2026-11-%02dT%02d:%02d:00Z", day + total / 1440, (total % 1440) / 60, total % 60)
    }

    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    static func money(_ cents: Int) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }
}

extension IngestBench {
    /// Imports one corpus file; the end of its import.
    func load(_ file: CorpusFile) throws -> (end: String, importID: Int64?, problems: [RowProblem]) {
        switch file.kind {
        case .statement(let name):
            let end = try statement(file.name, file.text, template: try template(name))
            return (Self.word(end), end.importID, end.problems)
        case .expenses:
            let end = try expenses(file.name, file.text)
            return (Self.word(end), end.importID, end.problems)
        case .gpx:
            let end = try gpx(file.name, file.text)
            return (Self.word(end), end.importID, end.problems)
        }
    }

    static func word<T>(_ end: ImportEnd<T>) -> String {
        switch end {
        case .recorded: "recorded"
        case .dryRun: "dry run"
        case .duplicate: "duplicate"
        case .nothingAdded: "nothing added"
        case .refused: "refused"
        }
    }
}
