import DashModel
import DashReport

/// How a cell reads as text, the same in CSV, JSON and the text report: money with two places
/// (0.00, never -0.00), hours as decimal hours with two places, distances with two places, local
/// times as ISO 8601 with their offset. Empty is "" (CSV) or null (JSON). The machine outputs
/// (CSV and JSON, ``machine(_:)``) carry distances with four places instead: two places are up to
/// 0.3% of a short shift's miles, four are 0.16 m, below any GPS fix's error (docs/gpx.md).
public enum CellText {
    /// Places of a distance in CSV and JSON.
    public static let machineDistancePlaces = 4

    /// A cell as CSV and JSON write it: as ``plain(_:)``, but a distance with four places.
    public static func machine(_ cell: Cell) -> String? {
        if case let .distance(value) = cell { return fixed(value, places: machineDistancePlaces) }
        return plain(cell)
    }

    public static func plain(_ cell: Cell) -> String? {
        switch cell {
        case .empty: return nil
        case let .text(text): return text
        case let .integer(value): return String(value)
        case let .money(value): return value.formatted()
        case let .decimal(value): return value.description
        case let .hours(milliseconds): return Durations.hoursText(milliseconds)
        case let .distance(value): return twoPlaces(value)
        case let .date(day): return day.description
        case let .time(instant, offset): return CivilTime(instant: instant, offsetSeconds: offset).iso8601(offsetSeconds: offset)
        }
    }

    /// A measured distance with two places, without the C library's locale or a "-0.00".
    static func twoPlaces(_ value: Double) -> String { fixed(value, places: 2) }

    /// `value` with `places` decimals (1 to 6), rounded half away from zero, never "-0.00".
    static func fixed(_ value: Double, places: Int) -> String {
        let scale = Int64([1, 10, 100, 1000, 10_000, 100_000, 1_000_000][max(0, min(6, places))])
        // Beyond 9e12 units the scaled value would not fit an Int64: no distance comes near it.
        guard value.isFinite, abs(value) < 9e12 else { return "" }
        let units = Int64((abs(value) * Double(scale)).rounded())
        var fraction = String(units % scale)
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        let text = String(units / scale) + "." + fraction
        return value < 0 && units != 0 ? "-" + text : text
    }
}
