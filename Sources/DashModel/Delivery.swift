import Foundation

/// One piece of work the driver recorded accepting. It groups deliveries (one tap can hold
/// several drop-offs) and holds no money, no duration and no distance.
public struct Offer: Hashable, Sendable {
    public let id: Int64
    public let acceptedAt: Instant
    /// The platform's name as the driver or statement gave it, or nil.
    public let platform: String?

    public init(id: Int64, acceptedAt: Instant, platform: String?) {
        self.id = id
        self.acceptedAt = acceptedAt
        self.platform = platform
    }
}

/// Where a delivery is, derived from which of its timestamps exist: never stored.
public enum DeliveryState: String, Sendable, CaseIterable {
    case accepted
    case arrivedAtPickup = "at pickup"
    case pickedUp = "picked up"
    case delivered
    case cancelled

    /// Active means neither delivered nor cancelled.
    public var isActive: Bool { self != .delivered && self != .cancelled }
}

/// One drop-off. Its state comes from five timestamps; its only money is its own recorded amount
/// (with the tips within it) — nothing of a shift's earnings is ever attributed to it.
public struct Delivery: Hashable, Sendable {
    public let id: Int64
    public let shiftID: Int64
    public let offerID: Int64
    public let acceptedAt: Instant
    public private(set) var arrivedAtPickupAt: Instant?
    public private(set) var pickedUpAt: Instant?
    public private(set) var deliveredAt: Instant?
    public private(set) var cancelledAt: Instant?
    public var ownAmount: PaidAmount?
    /// What the platform kept of the trip's pay (a statement row's fee column), apart from its
    /// own amount; nil when no row said. A trip made of money lines keeps its fees as lines.
    public var fees: Money?
    public var pickupPlaceID: Int64?

    /// A delivery as stored or imported; refuses timestamps out of order, and one both
    /// delivered and cancelled.
    public init(id: Int64, shiftID: Int64, offerID: Int64, acceptedAt: Instant, arrivedAtPickupAt: Instant? = nil,
                pickedUpAt: Instant? = nil, deliveredAt: Instant? = nil, cancelledAt: Instant? = nil,
                ownAmount: PaidAmount? = nil, fees: Money? = nil, pickupPlaceID: Int64? = nil) throws(ModelError) {
        if let fees, fees.isNegative { throw .negativeAmount(field: "the trip's fees") }
        if deliveredAt != nil, cancelledAt != nil { throw .impossibleTransition(from: .delivered, action: "cancelled") }
        var last = acceptedAt
        for next in [arrivedAtPickupAt, pickedUpAt, deliveredAt ?? cancelledAt].compactMap({ $0 }) {
            guard next >= last else { throw .endsBeforeStart(start: last, end: next) }
            last = next
        }
        if let cancelledAt, cancelledAt < acceptedAt { throw .endsBeforeStart(start: acceptedAt, end: cancelledAt) }
        self.id = id
        self.shiftID = shiftID
        self.offerID = offerID
        self.acceptedAt = acceptedAt
        self.arrivedAtPickupAt = arrivedAtPickupAt
        self.pickedUpAt = pickedUpAt
        self.deliveredAt = deliveredAt
        self.cancelledAt = cancelledAt
        self.ownAmount = ownAmount
        self.fees = fees
        self.pickupPlaceID = pickupPlaceID
    }

    public var state: DeliveryState {
        if deliveredAt != nil { return .delivered }
        if cancelledAt != nil { return .cancelled }
        if pickedUpAt != nil { return .pickedUp }
        if arrivedAtPickupAt != nil { return .arrivedAtPickup }
        return .accepted
    }

    /// The latest timestamp recorded so far.
    public var lastEventAt: Instant {
        [arrivedAtPickupAt, pickedUpAt, deliveredAt, cancelledAt].compactMap { $0 }.max() ?? acceptedAt
    }

    private func checkTime(_ instant: Instant) throws(ModelError) {
        guard instant >= lastEventAt else { throw .endsBeforeStart(start: lastEventAt, end: instant) }
    }

    /// Arrived at the pickup: only from accepted.
    public mutating func arrive(at instant: Instant) throws(ModelError) {
        guard state == .accepted else { throw .impossibleTransition(from: state, action: "marked arrived at pickup") }
        try checkTime(instant)
        arrivedAtPickupAt = instant
    }

    /// Picked up: from accepted or arrived at pickup.
    public mutating func pickUp(at instant: Instant) throws(ModelError) {
        guard state == .accepted || state == .arrivedAtPickup else { throw .impossibleTransition(from: state, action: "picked up") }
        try checkTime(instant)
        pickedUpAt = instant
    }

    /// Delivered: only once picked up.
    public mutating func deliver(at instant: Instant) throws(ModelError) {
        guard state == .pickedUp else { throw .impossibleTransition(from: state, action: "delivered") }
        try checkTime(instant)
        deliveredAt = instant
    }

    /// Cancelled: from any active state.
    public mutating func cancel(at instant: Instant) throws(ModelError) {
        guard state.isActive else { throw .impossibleTransition(from: state, action: "cancelled") }
        try checkTime(instant)
        cancelledAt = instant
    }
}

/// How an outside tip arrived. Stored as written; a word this build does not know reads as other.
public enum TipMethod: String, Sendable, CaseIterable {
    case cash, other

    public init(stored: String) { self = TipMethod(rawValue: stored) ?? .other }
}

/// A tip received outside what the platform paid (cash, say): one row per tip.
public struct DeliveryTip: Hashable, Sendable {
    public let id: Int64
    public let deliveryID: Int64
    public let amount: Money
    public let method: TipMethod
    public let recordedAt: Instant

    public init(id: Int64, deliveryID: Int64, amount: Money, method: TipMethod, recordedAt: Instant) throws(ModelError) {
        guard amount > .zero else { throw .tipNotPositive }
        self.id = id
        self.deliveryID = deliveryID
        self.amount = amount
        self.method = method
        self.recordedAt = recordedAt
    }
}

/// A named place orders are picked up from, shared by deliveries. Only a name: no address.
public struct PickupPlace: Hashable, Sendable {
    public static let maxNameLength = 100
    public let id: Int64
    public let name: String

    public init(id: Int64, name: String) throws(ModelError) {
        self.id = id
        self.name = try PlainText.validated(name, field: "a pickup place's name", maxLength: PickupPlace.maxNameLength)
    }

    /// The key names are matched by: case-insensitive over all of Unicode (`Café` is `CAFÉ`),
    /// and canonically equivalent spellings (a precomposed `é` or `e` + combining accent) alike.
    public static func matchKey(_ name: String) -> String {
        name.trimmingSpaces.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
    }
}
