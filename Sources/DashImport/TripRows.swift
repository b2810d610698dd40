import DashModel

/// A trips file's rows beyond one plain trip each (docs/templates.md, "The Uber templates"):
/// the platform's distance of a trip, and a shared ride's rows joined into one trip.
extension ShiftRowReader {
    /// The row's distance in millimetres (`columns.distance` in `distanceUnit`); nil when the
    /// template reads none or the cell is blank (not reported: never 0).
    func tripDistance(_ record: CSVRecord, problem: (String, String) -> Void) -> Int64? {
        guard let unit = template.trips.distanceUnit else { return nil }
        let text = cell(record, .distance)
        guard !text.isEmpty else { return nil }
        switch TripDistanceText.millimetres(text, unit: unit, mark: template.decimalMark) {
        case let .success(millimetres): return millimetres
        case let .failure(error):
            problem(StatementTemplate.Field.distance.rawValue, "\(error)")
            return nil
        }
    }

    /// Joins each shared ride's rows into one trip (`sharedRideWhen`, Uber's `fare_split`): a
    /// row the rule matches, with the trip key and the accepted and delivered instants of another
    /// row of the file, is that trip. The row the rule does not match stands for it (its distance
    /// wins; the first share's when it has none), else the first share. Rows of one trip key with
    /// other times are left as they are, for the import to refuse ("the same trip as line N"):
    /// two trips requested in the same second are not a shared ride. Called once the whole file
    /// is read (a share may come before its trip's row, and the rows were read in two halves).
    mutating func joinSharedRides() {
        guard template.trips.sharedRideWhen != nil, deliveries.contains(where: \.isSharedRide) else { return }
        var standing: [RecordKey: Int] = [:]
        var joined: [Int] = []
        var dropped = Set<Int>()
        for index in deliveries.indices where deliveries[index].keyIsDeclared {
            let row = deliveries[index]
            guard let first = standing[row.recordKey] else {
                standing[row.recordKey] = index
                continue
            }
            let kept = deliveries[first]
            guard kept.accepted == row.accepted, kept.delivered == row.delivered, kept.isSharedRide || row.isSharedRide else { continue }
            if row.isSharedRide {
                if deliveries[first].distanceMillimetres == nil { deliveries[first].distanceMillimetres = row.distanceMillimetres }
                dropped.insert(index)
                joined.append(row.line)
            } else {
                // The trip's own row, after a share of it: it stands for the trip.
                if deliveries[index].distanceMillimetres == nil { deliveries[index].distanceMillimetres = kept.distanceMillimetres }
                dropped.insert(first)
                joined.append(kept.line)
                standing[row.recordKey] = index
            }
        }
        guard !dropped.isEmpty else { return }
        deliveries = deliveries.indices.filter { !dropped.contains($0) }.map { deliveries[$0] }
        sharedRideRows = joined.sorted()
    }
}
