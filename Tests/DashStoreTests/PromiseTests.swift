import DashStore
import SQLiteKit
import Testing

/// The product's promises, guarded at the schema: a change that breaks one fails here first.
@Suite struct PromiseTests {
    func columns(_ store: Store, _ table: String) throws -> [String] {
        try store.connection.query("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid").compactMap { $0[0].string }
    }

    /// No amount is attributed to a delivery beyond its own: its only money columns are its own
    /// amount, the tips within it and the fees its statement row says the platform kept of it,
    /// and outside tips live in their own rows.
    @Test func aDeliveryHoldsNoMoneyButItsOwn() throws {
        let store = try Store.inMemory()
        #expect(try columns(store, "delivery").filter { $0.hasSuffix("E4") } == ["ownAmountE4", "platformTipsE4", "feesE4"])
        #expect(try columns(store, "offer").filter { $0.hasSuffix("E4") }.isEmpty)
        #expect(try columns(store, "deliveryTip").filter { $0.hasSuffix("E4") } == ["amountE4"])
    }

    /// Money is never binary floating point: every amount column is an INTEGER of ten-thousandths,
    /// and the only REAL columns are a position's coordinates and accuracy (kept or kept aside).
    @Test func moneyIsNeverReal() throws {
        let store = try Store.inMemory()
        var realColumns: [String] = []
        for table in Store.tableNames {
            for row in try store.connection.query("SELECT name, type FROM pragma_table_info('\(table)')") {
                let name = row[0].string ?? "", type = row[1].string ?? ""
                if name.hasSuffix("E4") { #expect(type == "INTEGER", "\(table).\(name)") }
                if type == "REAL" { realColumns.append("\(table).\(name)") }
            }
        }
        #expect(realColumns == ["routeSample.latitude", "routeSample.longitude", "routeSample.horizontalAccuracyM",
                                "routeSampleAside.latitude", "routeSampleAside.longitude", "routeSampleAside.horizontalAccuracyM"])
    }

    /// Nothing identifying a customer or an address: no table has a column for one, and the only
    /// free text is what a driver types (a pickup place's name, categories, notes, the platform).
    @Test func noColumnCanHoldACustomerOrAnAddress() throws {
        let store = try Store.inMemory()
        let suspicious = ["address", "customer", "street", "city", "zip", "postal", "phone", "email", "dropoff", "destination"]
        for table in Store.tableNames {
            for column in try columns(store, table) {
                let lower = column.lowercased()
                #expect(!suspicious.contains { lower.contains($0) }, "\(table).\(column)")
            }
        }
        #expect(try columns(store, "routeSample") == ["id", "shiftId", "captureSessionId", "recordedAtMs", "latitude", "longitude",
                                                      "horizontalAccuracyM"])
    }
}
