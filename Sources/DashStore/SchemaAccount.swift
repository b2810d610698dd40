import SQLiteKit

extension Schema {
    /// Issue 27: every amount of a statement is accounted for. The file's accounting (its total
    /// by class: income on trips or shifts, income on no trip, fees, each class of what is not
    /// income, and its skipped rows with their lines) is kept with the import for `imports show`
    /// (Sources/DashImport/FileAccountText.swift writes and reads the text). NULL for imports
    /// recorded before it and for GPX and expense files.
    static let v18 = Migration("0018 an import's money accounting", """
        ALTER TABLE importRecord ADD COLUMN account TEXT CHECK (account IS NULL OR length(account) <= 1000000);
        """)
}
