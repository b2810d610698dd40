import DashModel
import SQLiteKit

/// A stored row that breaks the record's rules: the store was edited by something else.
public struct CorruptRecordError: Error, Sendable, CustomStringConvertible {
    public let table: String
    public let id: Int64
    public let detail: String
    public var description: String { "\(table) \(id) in the store breaks the record's rules (\(detail)); run 'dashpilot check'" }
}

extension Row {
    func int(_ name: String) -> Int64 { self[name].int64 ?? 0 }
    func instant(_ name: String) -> Instant { Instant(millisecondsSinceEpoch: self[name].int64 ?? 0) }
    func optionalInstant(_ name: String) -> Instant? { self[name].int64.map(Instant.init(millisecondsSinceEpoch:)) }
    func money(_ name: String) -> Money? { self[name].int64.map(Money.init(units:)) }
}

extension SQLValue {
    static func instant(_ value: Instant?) -> SQLValue { .int(value?.millisecondsSinceEpoch) }
    static func money(_ value: Money?) -> SQLValue { .int(value?.units) }
}

extension Shift {
    static let columns = "id, startedAtMs, endedAtMs, grossEarningsE4, platformTipsE4, fuelMpgE4, fuelPricePerGallonE4"

    init(row: Row) throws {
        let id = row.int("id")
        do {
            let earnings = try row.money("grossEarningsE4").map { (gross: Money) throws(ModelError) -> PaidAmount in
                try PaidAmount(gross, tips: row.money("platformTipsE4"))
            }
            var fuel: FuelAssumption?
            if let mpg = row.money("fuelMpgE4"), let price = row.money("fuelPricePerGallonE4") {
                fuel = try FuelAssumption(milesPerGallon: mpg, pricePerGallon: price)
            }
            try self.init(id: id, start: row.instant("startedAtMs"), end: row.optionalInstant("endedAtMs"),
                          earnings: earnings, fuel: fuel)
        } catch {
            throw CorruptRecordError(table: "shift", id: id, detail: "\(error)")
        }
    }
}

extension Delivery {
    static let columns = """
        id, shiftId, offerId, acceptedAtMs, arrivedAtPickupAtMs, pickedUpAtMs, deliveredAtMs, cancelledAtMs, \
        ownAmountE4, platformTipsE4, feesE4, pickupPlaceId
        """

    init(row: Row) throws {
        let id = row.int("id")
        do {
            // Below zero or short of its tips only as the sum of its lines (the schema's
            // deliveryAmount triggers refuse it on any other delivery).
            let own = try row.money("ownAmountE4").map { (amount: Money) throws(ModelError) -> PaidAmount in
                let tips = try row.money("platformTipsE4")
                if let valid = try? PaidAmount(amount, tips: tips, field: "a delivery's own amount") { return valid }
                return PaidAmount(sumOfLines: amount, tips: tips)
            }
            try self.init(id: id, shiftID: row.int("shiftId"), offerID: row.int("offerId"),
                          acceptedAt: row.instant("acceptedAtMs"), arrivedAtPickupAt: row.optionalInstant("arrivedAtPickupAtMs"),
                          pickedUpAt: row.optionalInstant("pickedUpAtMs"), deliveredAt: row.optionalInstant("deliveredAtMs"),
                          cancelledAt: row.optionalInstant("cancelledAtMs"), ownAmount: own,
                          fees: row.money("feesE4"), pickupPlaceID: row["pickupPlaceId"].int64)
        } catch {
            throw CorruptRecordError(table: "delivery", id: id, detail: "\(error)")
        }
    }
}

extension DeliveryTip {
    init(row: Row) throws {
        let id = row.int("id")
        do {
            try self.init(id: id, deliveryID: row.int("deliveryId"), amount: row.money("amountE4") ?? .zero,
                          method: TipMethod(stored: row["method"].string ?? ""), recordedAt: row.instant("recordedAtMs"))
        } catch {
            throw CorruptRecordError(table: "deliveryTip", id: id, detail: "\(error)")
        }
    }
}

extension Expense {
    init(row: Row) throws {
        let id = row.int("id")
        do {
            try self.init(id: id, occurredAt: row.instant("occurredAtMs"), amount: row.money("amountE4") ?? .zero,
                          category: row["category"].string ?? "", note: row["note"].string)
        } catch {
            throw CorruptRecordError(table: "expense", id: id, detail: "\(error)")
        }
    }
}
