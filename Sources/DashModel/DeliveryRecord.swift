/// A delivery as an export lists it: the delivery, its offer's platform, its pickup place's
/// name, and the tips recorded outside the platform's pay. Its only money is its own.
public struct DeliveryRecord: Hashable, Sendable {
    public let delivery: Delivery
    public let platform: String?
    public let pickupPlace: String?
    /// The sum of its outside tips; 0.00 when none is recorded.
    public let outsideTips: Money
    /// What the platform kept of the trip (a row's fees, or its fee lines as a positive sum);
    /// nil when nothing says.
    public let fees: Money?

    public init(delivery: Delivery, platform: String?, pickupPlace: String?, outsideTips: Money, fees: Money? = nil) {
        self.fees = fees
        self.delivery = delivery
        self.platform = platform
        self.pickupPlace = pickupPlace
        self.outsideTips = outsideTips
    }
}
