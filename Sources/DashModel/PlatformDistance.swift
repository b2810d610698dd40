/// The on-trip distance the platforms' trips files report for one shift's trips (issue 27,
/// docs/mileage.md "Platform-reported miles"): each trip's distance as its file gives it (Uber's
/// `Trip Distance (miles)`: pickup to drop-off), summed exactly in millimetres. It leaves out
/// the drive to each pickup and between trips, so it is less than the vehicle drove: a shift
/// takes it as its miles only with neither a route nor miles the driver recorded, marked
/// `platform` wherever miles are shown, and it is never added to either.
public struct PlatformDistance: Hashable, Sendable {
    /// The sum of the trips' distances, millimetres.
    public let millimetres: Int64
    /// The trips with a distance.
    public let trips: Int
    /// Millimetres per platform (`PlatformMoney.key`; "" for trips naming none).
    public let byPlatform: [String: Int64]
    /// Per key, the spelling that sorts first.
    public let names: [String: String]

    /// Nil when no trip has a distance (never 0 for "not reported").
    public init?(trips: [(platform: String?, millimetres: Int64)]) {
        guard !trips.isEmpty else { return nil }
        var total: Int64 = 0
        var byPlatform: [String: Int64] = [:]
        var names: [String: String] = [:]
        for trip in trips {
            // At most 1,000 miles a trip (the store's CHECK): no sum of a record's trips overflows.
            total += trip.millimetres
            let key = trip.platform.map(PlatformMoney.key) ?? ""
            byPlatform[key, default: 0] += trip.millimetres
            if let name = trip.platform, names[key].map({ name < $0 }) ?? true { names[key] = name }
        }
        millimetres = total
        self.trips = trips.count
        self.byPlatform = byPlatform
        self.names = names
    }

    public var meters: Double { Double(millimetres) / 1000 }

    /// Who reported it, for a sentence: `Uber`, `Lyft and Uber`; `the platform` for trips
    /// naming none.
    public var reporters: String { Self.reporters(names.values) }

    /// The names given, each once, sorted, in words (`Uber`, `Lyft and Uber`, `DoorDash, Lyft and Uber`).
    public static func reporters<S: Sequence>(_ names: S) -> String where S.Element == String {
        let sorted = Array(Set(names)).sorted()
        guard let last = sorted.last else { return "the platform" }
        return sorted.count == 1 ? last : sorted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The sentence every output gives with these miles (the mileage log's note, line 9's).
    public static func note(_ reporters: String) -> String {
        "on-trip miles reported by \(reporters); driving between trips not included"
    }
}
