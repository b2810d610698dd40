/// How a capture session's distance is measured (docs/mileage.md, "History does not move"): each
/// session records the method that measured it, and reports use that one, so a mileage log handed
/// to a tax office never changes when a later build measures differently. `shift remeasure` moves
/// a shift's sessions to ``current`` and says the miles before and after.
public enum MeasureMethod: String, Sendable, CaseIterable, Hashable {
    /// Every step between consecutive samples of the session, on the WGS84 geodesic, steps that
    /// start in a parked stretch left out (``MileageMeter``): the method of every build up to
    /// schema v10, so every session of an older store keeps it.
    case geodesic1 = "geodesic-1"
    /// Vehicle motion from a phone track (``VehicleMeter``, docs/mileage.md "Vehicle distance"):
    /// outliers gated, a stop's wander and the walk to the door left out, the drive measured on
    /// the geodesic. The method of sessions recorded from schema v11 on.
    case vehicle1 = "vehicle-1"

    /// The method new capture sessions are recorded with.
    public static let current: MeasureMethod = .vehicle1

    /// What a report or `shift show` says of it.
    public var summary: String {
        switch self {
        case .geodesic1: "every step between positions (geodesic-1)"
        case .vehicle1: "the vehicle's motion (vehicle-1)"
        }
    }
}
