import DashModel
import DashReport

/// How a cell reads as text, the same in CSV, JSON and the text report: money with two places
/// (0.00, never -0.00), hours as decimal hours with two places, distances with two places, local
/// times as ISO 8601 with their offset. Empty is "" (CSV) or null (JSON).
public enum CellText {
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
    static func twoPlaces(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let hundredths = Int64((abs(value) * 100).rounded())
        let text = String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
        return value < 0 && hundredths != 0 ? "-" + text : text
    }
}
