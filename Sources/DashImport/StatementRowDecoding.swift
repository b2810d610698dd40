import DashModel
import Foundation

/// Turning a statement's records into rows: a money line, a delivery row, a shift row. Each
/// collects its problems in a local list, so its closures hold no access to the reader (which
/// would copy it at every call of one of its methods).
extension ShiftRowReader {
    /// The row's date when the times are times of day; nil when each time cell carries its own.
    func rowDate(_ record: CSVRecord, problem: (String, String) -> Void) -> CivilTime? {
        guard !template.timeFormat.hasDate, let format = template.dateFormat else { return nil }
        do { return try format.parse(cell(record, .date)).date } catch {
            problem("date", "\(error)")
            return nil
        }
    }

    /// The platform a row names, else the template's.
    mutating func platform(_ record: CSVRecord, problem: (String, String) -> Void) -> String? {
        let text = cell(record, .platform)
        guard !text.isEmpty else { return template.platform }
        let checked = checkedPlatforms[text] ?? Result { () throws(ModelError) in try PlainText.validated(text, field: "the platform", maxLength: 100) }
        checkedPlatforms[text] = checked
        switch checked {
        case let .success(name): return name
        case let .failure(error):
            problem("platform", "\(error)")
            return nil
        }
    }

    /// The key of a trip's delivery: the platform's trip id, in the platform's namespace, both
    /// folded as `PickupPlace.matchKey` folds them (`Uber` and `uber`, ids in any case: one trip).
    static func tripKey(platform: String?, trip: String) -> RecordKey {
        tripKeys(platform: platform, trip: trip).key
    }

    /// The trip's key, and the key earlier builds gave it (texts as written) when that differs.
    static func tripKeys(platform: String?, trip: String) -> (key: RecordKey, legacy: RecordKey?) {
        KeyText.keys(["trip", platform ?? "", trip], folding: [1, 2])
    }

    /// The trip id of a trip named by its request time (`tripFrom`): the instant to the second,
    /// so `2026-11-20T17:31:02.000Z` in a trips file and `2026-11-20 17:31:02` in a payments
    /// file read in one zone name one trip. Never a platform's id (those have no space).
    static func tripID(requestedAt at: Instant) -> String {
        let milliseconds = at.millisecondsSinceEpoch
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
        return "requested " + String(seconds)
    }

    mutating func moneyLine(_ record: CSVRecord, driver: String?) {
        let line = record.line
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        var trip = cell(record, .trip)
        let amountText = cell(record, .amount)
        guard !amountText.isEmpty else {
            skipped.append(SkippedRow(line: line, reason: "no amount: not earnings (a payout, a transfer, cash collected or a refund)",
                                      account: .noAmount, amount: nil))
            return
        }
        let currency = rowCurrency(record, problem: problem)
        let cellAmount = amount(record, .amount, currency: currency, problem: problem)
        if trip.utf8.count > 200 { problem("trip", "a trip id longer than 200 characters") }
        let isTip = template.tipsWhen.map { $0.matches(cell(record, $0.column)) } ?? false
        let tipsCell = isTip ? nil : amount(record, .tips, currency: currency, problem: problem)
        var at: Instant?
        do {
            let parsed = try template.timeFormat.parse(cell(record, .time))
            at = try StatementTime.instant(parsed, date: rowDate(record, problem: problem), zone: resolver)
        } catch { problem("time", "\(error)") }
        let platform = platform(record, problem: problem)
        guard found.isEmpty, let cellAmount, let at else { return }
        let money = lineMoney(record, amount: cellAmount, tips: tipsCell, isTip: isTip)
        // Money with no trip (a quest, a referral bonus, a support credit): income of the
        // business on no shift (docs/record.md, "Income on no shift"), never skipped.
        guard !trip.isEmpty || template.tripFrom == .time else {
            // Its currency is the file's like any line's (one currency a store: StatementIdentity.swift).
            if let currency { currencies.insert(currency) }
            triplessLines.append(triplessLine(record, at: at, money: money, platform: platform))
            return
        }
        if template.tripFrom == .time { trip = Self.tripID(requestedAt: at) }
        let lineID = cell(record, .line)
        let platformKey = folded(platform ?? "")
        let tripID = KeyText.fold(trip)
        let keys: (key: RecordKey, legacy: RecordKey?)
        if lineID.isEmpty {
            let (description, category) = (cell(record, .description), cell(record, .category))
            let written = ["line-content", platform ?? "", trip, String(at.millisecondsSinceEpoch), money.amount.units.description,
                           money.tips?.units.description ?? "-", description, category]
            var folding = written
            (folding[1], folding[2], folding[6], folding[7]) = (platformKey, tripID, folded(description), folded(category))
            keys = KeyText.keys(written: written, folded: folding)
        } else {
            keys = KeyText.keys(written: ["line", platform ?? "", lineID], folded: ["line", platformKey, KeyText.fold(lineID)])
        }
        let trips = KeyText.keys(written: ["trip", platform ?? "", trip], folded: ["trip", platformKey, tripID])
        moneyLines.append(MoneyLineRow(line: line, tripKey: trips.key, at: at, amount: money.amount, tips: money.tips, platform: platform,
                                       recordKey: keys.key, keyIsDeclared: !lineID.isEmpty, legacyRecordKey: keys.legacy,
                                       legacyTripKey: trips.legacy, kind: money.kind, amounts: money.amounts,
                                       labels: labels(driver: driver, currency: currency)))
    }

    mutating func deliveryRow(_ record: CSVRecord, driver: String?) {
        let line = record.line
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        // A trip that did not complete (`cancelledWhen`): driven only when picked up.
        let cancelled = template.trips.cancelledWhen.map { $0.matches(cell(record, $0.column)) } ?? false
        if cancelled, let rule = template.trips.cancelledWhen, cell(record, .pickedUp).isEmpty {
            skipped.append(SkippedRow(line: line, reason: "\(rule.reason(cell(record, rule.column))): never picked up, so no trip was driven "
                + "(a fee paid for it is the payments file's)", account: .cancelledTrips, amount: skippedAmount(record)))
            return
        }
        let times = deliveryTimes(record, cancelled: cancelled, problem: problem)
        let (span, requested) = (times.span, times.requested)
        let distance = tripDistance(record, problem: problem)
        let currency = rowCurrency(record, problem: problem)
        let money = rowMoney(record, pay: .pay, field: "a delivery's pay", currency: currency, problem: problem)
        let pickupText = cell(record, .pickup)
        var pickup: String?
        if !pickupText.isEmpty {
            let checked = checkedPickups[pickupText]
                ?? Result { () throws(ModelError) in try PlainText.validated(pickupText, field: "the pickup", maxLength: PickupPlace.maxNameLength) }
            checkedPickups[pickupText] = checked
            switch checked {
            case let .success(name): pickup = name
            case let .failure(error): problem("pickup", "\(error)")
            }
        }
        let platform = platform(record, problem: problem)
        var trip = cell(record, .trip)
        if trip.utf8.count > 200 { problem("trip", "a trip id longer than 200 characters") }
        if template.tripFrom == .accepted, let requested { trip = Self.tripID(requestedAt: requested) }
        if let span, span.durationMilliseconds > Self.longestDelivery {
            problem("delivered", "a delivery of more than 4 hours (\(span.start) to \(span.end)): is the time earlier than the acceptance by mistake?")
        }
        guard found.isEmpty, let span else { return }
        if times.atPickup { acceptedAtPickup.append(line) }
        if times.endsAtPickup { cancelledAfterPickup.append(line) }
        let amounts = money.amounts
        let key: RecordKey, legacy: RecordKey?
        if trip.isEmpty {
            // The row's texts folded; the earlier key is computed from the row when asked for.
            var content = DeliveryRow.content(accepted: span.start, delivered: span.end, own: money.own, platform: folded(platform ?? ""),
                                              pickup: folded(pickup ?? ""))
            // The kinds the gross does not show, only when a row has them (so a row without keeps its key).
            if amounts.incentives != nil || amounts.adjustments != nil || amounts.fees != nil {
                content.append("k" + [amounts.pay, amounts.incentives, amounts.adjustments, amounts.fees].map { $0?.units.description ?? "-" }
                    .joined(separator: ","))
            }
            // The platform's distance, only when a row has one (so a row without keeps its key):
            // the same row in another file states the same distance (TripDistanceSchema.swift).
            if let distance { content.append("d" + String(distance)) }
            (key, legacy) = (SHA256.recordKey(content), nil)
        } else {
            (key, legacy) = KeyText.keys(written: ["trip", platform ?? "", trip], folded: ["trip", folded(platform ?? ""), KeyText.fold(trip)])
        }
        let shared = template.trips.sharedRideWhen.map { $0.matches(cell(record, $0.column)) } ?? false
        deliveries.append(DeliveryRow(line: line, accepted: span.start, delivered: span.end, platform: platform, pickup: pickup,
                                      recordKey: key, keyIsDeclared: !trip.isEmpty, amounts: amounts,
                                      labels: labels(driver: driver, currency: currency), declaredLegacyKey: legacy,
                                      distanceMillimetres: distance, isSharedRide: shared))
    }

    mutating func row(_ record: CSVRecord, driver: String?) {
        let line = record.line
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        let date = rowDate(record, problem: problem)
        var start: ParsedTime?, end: ParsedTime?
        do { start = try template.timeFormat.parse(cell(record, .start)) } catch { problem("start", "\(error)") }
        do { end = try template.timeFormat.parse(cell(record, .end)) } catch { problem("end", "\(error)") }
        var span: Interval?
        if let start, let end, start == end {
            problem("end", "the shift must end after it starts")
        } else if let start, let end, date != nil || template.timeFormat.hasDate {
            // The start placed on its own first, so a local time a clock change skips or repeats
            // is said in its own column (the span then names the end's).
            var column = "start"
            do {
                _ = try StatementTime.instant(start, date: date, zone: resolver)
                column = "end"
                span = try StatementTime.span(date: date, start: start, end: end, zone: resolver, endMayBeNextDay: template.endMayBeNextDay)
            } catch {
                problem(column, "\(error)")
            }
        }
        let currency = rowCurrency(record, problem: problem)
        let money = rowMoney(record, pay: .gross, field: "earnings", currency: currency, problem: problem)
        if let span, span.durationMilliseconds <= 0 { problem("end", "the shift must end after it starts") }
        if let span, span.durationMilliseconds > Self.longestShift {
            problem("end", "a shift of more than 16 hours (\(span.start) to \(span.end)): is the end earlier than the start by mistake?")
        }
        let platform = platform(record, problem: problem)
        guard found.isEmpty, let span else { return }
        rows.append(ShiftRow(line: line, span: span, earnings: money.own, platform: platform, amounts: money.amounts,
                             labels: labels(driver: driver, currency: currency)))
    }
}
