import DashModel
import SQLiteKit

/// Estimated-tax payments (schema v12, docs/cli.md "tax paid"). Entered by hand, held by no
/// import: an undo never touches them.
extension Store {
    /// Records a payment; returns its id.
    @discardableResult
    public func addTaxPayment(paidOn: CivilDate, taxYear: Int, amount: Money, note: String? = nil) throws -> Int64 {
        let payment = try TaxPayment(id: 0, paidOn: paidOn, taxYear: taxYear, amount: amount, note: note)
        return try write {
            try connection.run("INSERT INTO taxPayment (paidOn, taxYear, amountE4, note) VALUES (?1, ?2, ?3, ?4)",
                               [.text(payment.paidOn.description), .int(payment.taxYear), .money(payment.amount), .string(payment.note)])
            return connection.lastInsertRowID
        }
    }

    /// The payments toward one tax year (nil: every year), by the date paid, then id.
    public func taxPayments(taxYear: Int? = nil) throws -> [TaxPayment] {
        try connection.query("""
            SELECT id, paidOn, taxYear, amountE4, note FROM taxPayment WHERE taxYear = coalesce(?1, taxYear) ORDER BY paidOn, id
            """, [.int(taxYear)]).map(TaxPayment.init(row:))
    }

    /// Deletes one payment; returns it as it was. No such payment: ``ModelError/notFound(what:id:)``.
    @discardableResult
    public func deleteTaxPayment(_ id: Int64) throws -> TaxPayment {
        try write {
            guard let row = try connection.query("SELECT id, paidOn, taxYear, amountE4, note FROM taxPayment WHERE id = ?1",
                                                 [.integer(id)]).first
            else { throw ModelError.notFound(what: "tax payment", id: id) }
            let payment = try TaxPayment(row: row)
            try connection.run("DELETE FROM taxPayment WHERE id = ?1", [.integer(id)])
            return payment
        }
    }
}

extension TaxPayment {
    init(row: Row) throws {
        let id = row.int("id")
        do {
            try self.init(id: id, paidOn: CivilDate(parsing: row["paidOn"].string ?? ""), taxYear: Int(row.int("taxYear")),
                          amount: row.money("amountE4") ?? .zero, note: row["note"].string)
        } catch {
            throw CorruptRecordError(table: "taxPayment", id: id, detail: "\(error)")
        }
    }
}
