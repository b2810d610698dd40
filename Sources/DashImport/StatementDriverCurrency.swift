import DashModel

/// One driver, one currency (docs/record.md, "Dry runs, bad files, one driver, one currency"):
/// the driver filter, each row's currency, and the file-level problems when a file names two
/// drivers or two currencies. A driver id is never shown (only counted, or described by shape);
/// currency codes are not personal and are named.
extension ShiftRowReader {
    /// Whether a row is read, with its driver as written.
    enum DriverAdmission {
        case read(String?)
        case skipped
    }

    /// The row's driver; `.skipped` (counted, reported) when a driver was asked for and the row
    /// is another's or names none, or when its driver cell is not text a record keeps.
    mutating func admitDriver(_ record: CSVRecord) -> DriverAdmission {
        guard columnIndex[StatementTemplate.Field.driver.ordinal] != nil else { return .read(nil) }
        let text = cell(record, .driver)
        guard !text.isEmpty else {
            guard driverKey != nil else { return .read(nil) }
            otherDriverRows += 1
            skipped.append(SkippedRow(line: record.line, reason: "no driver: not the driver asked for", account: .anotherDriver,
                                      amount: skippedAmount(record)))
            return .skipped
        }
        let checked = checkedDrivers[text] ?? Result { () throws(ModelError) in
            _ = try PlainText.validated(text, field: "the driver id", maxLength: 200)
            return KeyText.fold(text)
        }
        checkedDrivers[text] = checked
        let key: String
        switch checked {
        case let .success(folded): key = folded
        case let .failure(error):
            problems.append(RowProblem(line: record.line, column: "driver", message: "\(error) (\(CellShape(text)))"))
            return .skipped
        }
        driversSeen.insert(key)
        if let driverKey, key != driverKey {
            otherDriverRows += 1
            skipped.append(SkippedRow(line: record.line, reason: "another driver's row", account: .anotherDriver, amount: skippedAmount(record)))
            return .skipped
        }
        driverRows += 1
        return .read(text)
    }

    /// The row's currency: its `currency` cell (three letters, upper-cased), else the template's.
    func rowCurrency(_ record: CSVRecord, problem: (String, String) -> Void) -> String? {
        let text = cell(record, .currency)
        guard !text.isEmpty else { return template.currency }
        guard let code = CurrencyCode.normalized(text) else {
            problem("currency", "not a currency code (\(CellShape(text))): an ISO 4217 code is three letters, such as USD")
            return nil
        }
        return code
    }

    /// The shared labels of a kept row (nil when it has neither a driver nor a currency); its
    /// currency counts toward the file's.
    mutating func labels(driver: String?, currency: String?) -> RowLabels? {
        guard driver != nil || currency != nil else { return nil }
        if let currency { currencies.insert(currency) }
        let key = LabelKey(driver: driver, currency: currency)
        if let known = sharedLabels[key] { return known }
        let made = RowLabels(driver: driver, currency: currency)
        if sharedLabels.count < 4_096 { sharedLabels[key] = made }
        return made
    }

    struct LabelKey: Hashable {
        let driver: String?
        let currency: String?
    }

    /// The header's text for a field's column, quoted (headers are not personal).
    private func headerName(_ field: StatementTemplate.Field) -> String {
        // The header as the file spells it: it matched one of the template's names, so it is
        // no row's data (cut, as every name in a message is).
        guard let index = columnIndex[field.ordinal], index < headerRaw.count else { return "'\(field.rawValue)'" }
        return MessageText.quoted(headerRaw[index])
    }

    /// The problems of the file as a whole, once every row is read: two drivers without a
    /// driver asked for, a driver asked for and not found, two currencies.
    func fileProblems() -> [RowProblem] {
        guard headerSeen, template.requiredFields.allSatisfy({ columnIndex[$0.ordinal] != nil }) else { return [] }
        var found: [RowProblem] = []
        let hasDriverColumn = columnIndex[StatementTemplate.Field.driver.ordinal] != nil
        if driverKey == nil, driversSeen.count > 1 {
            found.append(RowProblem(line: headerLine, column: "driver", message: """
                the driver column \(headerName(.driver)) holds \(driversSeen.count) different driver ids: a file of several \
                drivers is refused unless one is picked (--driver ID)
                """))
        } else if let driver, driverKey != nil, driverRows == 0 {
            let what = "the driver asked for (\(CellShape(driver)))"
            if template.columns[.driver] == nil {
                found.append(RowProblem(line: headerLine, column: "driver", message: """
                    \(what) cannot be picked: the template \(MessageText.quoted(template.name)) maps no driver column
                    """))
            } else if !hasDriverColumn {
                found.append(RowProblem(line: headerLine, column: "driver", message: """
                    \(what) cannot be picked: no driver column (the template looks for \
                    \(MessageText.list(template.columns[.driver] ?? [], separator: " or ")))
                    """))
            } else {
                found.append(RowProblem(line: headerLine, column: "driver", message: """
                    no row is \(what): the driver column \(headerName(.driver)) holds \(driversSeen.count) other \
                    \(driversSeen.count == 1 ? "id" : "ids")
                    """))
            }
        }
        if currencies.count > 1 {
            found.append(RowProblem(line: headerLine, column: "currency", message: """
                the file names \(currencies.count) currencies (\(CellShape.list(currencies.sorted()))): amounts in two currencies \
                never add; a file is in one
                """))
        }
        return found
    }
}
