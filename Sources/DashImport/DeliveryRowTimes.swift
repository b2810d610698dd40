import DashModel

/// A delivery row's times (StatementRowDecoding.swift): the span from acceptance to delivery,
/// the request time that names the trip, and what the reader notes about them.
struct DeliveryRowTimes {
    var span: Interval?
    /// The acceptance as written (the request time), which names the trip (`tripFrom`).
    var requested: Instant?
    /// Requested after its pickup (an Uber Reserve trip): accepted at the pickup.
    var atPickup = false
    /// Cancelled after its pickup with no drop-off (`cancelledWhen`): ends at the pickup.
    var endsAtPickup = false
}

extension ShiftRowReader {
    /// Reads a delivery row's accepted, pickedUp and delivered cells into its span; each problem
    /// names its own column (a local time a clock change skips or repeats is said in the column
    /// whose time was being placed, not the delivery's end).
    func deliveryTimes(_ record: CSVRecord, cancelled: Bool, problem: (String, String) -> Void) -> DeliveryRowTimes {
        var times = DeliveryRowTimes()
        let date = rowDate(record, problem: problem)
        var accepted: ParsedTime?, delivered: ParsedTime?
        do { accepted = try template.timeFormat.parse(cell(record, .accepted)) } catch { problem("accepted", "\(error)") }
        var pickedUp: ParsedTime?
        if template.readsPickup, case let text = cell(record, .pickedUp), !text.isEmpty {
            do { pickedUp = try template.timeFormat.parse(text) } catch { problem(StatementTemplate.Field.pickedUp.rawValue, "\(error)") }
        }
        if cancelled, cell(record, .delivered).isEmpty {
            // The rider left during the ride: it ends where the file's times do, at the pickup.
            delivered = pickedUp
            times.endsAtPickup = true
        } else {
            do { delivered = try template.timeFormat.parse(cell(record, .delivered)) } catch { problem("delivered", "\(error)") }
        }
        guard var accepted, let delivered, date != nil || template.timeFormat.hasDate else { return times }
        var column = "accepted"
        do {
            let requestedAt = try StatementTime.instant(accepted, date: date, zone: resolver)
            times.requested = requestedAt
            // Requested after its pickup (an Uber Reserve trip: the request time is the
            // reservation's): accepted at the pickup, and noted (docs/templates.md).
            column = StatementTemplate.Field.pickedUp.rawValue
            if let pickedUp, try StatementTime.instant(pickedUp, date: date, zone: resolver) < requestedAt {
                accepted = pickedUp
                times.atPickup = true
            }
            column = "delivered"
            if accepted == delivered {
                // Accepted and delivered in the same minute as written: the same instant, not a day apart.
                let instant = try StatementTime.instant(accepted, date: date, zone: resolver)
                times.span = try? Interval(start: instant, end: instant)
            } else {
                times.span = try StatementTime.span(date: date, start: accepted, end: delivered, zone: resolver,
                                                    endMayBeNextDay: template.endMayBeNextDay)
            }
        } catch {
            problem(column, "\(error)")
        }
        return times
    }
}
